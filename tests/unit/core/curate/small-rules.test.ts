/**
 * The small curation rules (src/core/curate/{checked,grants,links,errors,state}.ts): `npm run checked`,
 * the grant of a banked event, the promise links a change may not cut, flag parsing, the file order.
 */
import { describe, expect, it } from 'vitest';
import { recordCheck, type CheckArgs } from '../../../../src/core/curate/checked.ts';
import { CurationError, defined, parseFlag, scopeFlag, textFlag } from '../../../../src/core/curate/errors.ts';
import { defaultExpiry, followEvent, grantForEvent, sortGrants } from '../../../../src/core/curate/grants.ts';
import { brokenLinks, refuseUnlinking } from '../../../../src/core/curate/links.ts';
import { withCorrections, withEvents } from '../../../../src/core/curate/state.ts';
import { Kind, type BankedGrant, type Correction } from '../../../../src/core/schema/index.ts';
import { AT, B, G, NOW, P, Q, R, T, curated } from './curated.ts';

describe('recordCheck (checked_at 2026-06-30T00:00:00Z, now 2026-07-01T12:00:00Z)', () => {
  it.each<[string, CheckArgs, object, string, string]>([
    [
      'up to now by default',
      { note: 'read X' },
      { at: AT, recorded_at: AT, note: 'read X' },
      AT,
      `checked up to ${AT}: the record is fresh from ${AT}`,
    ],
    [
      'up to a time, by someone',
      { at: '2026-07-01T00:00:00Z', note: 'read X', by: 'maintainer' },
      { at: '2026-07-01T00:00:00Z', recorded_at: AT, by: 'maintainer', note: 'read X' },
      '2026-07-01T00:00:00Z',
      'checked up to 2026-07-01T00:00:00Z by maintainer: the record is fresh from 2026-07-01T00:00:00Z',
    ],
    [
      'older than the freshness recorded: logged, never moved back',
      { at: '2026-06-29T00:00:00Z', note: 'late entry' },
      { at: '2026-06-29T00:00:00Z', recorded_at: AT, note: 'late entry' },
      '2026-06-30T00:00:00Z',
      'logged a check up to 2026-06-29T00:00:00Z; the record was already checked up to 2026-06-30T00:00:00Z',
    ],
  ])('%s', (_case, args, check, checkedAt, line) => {
    const before = { at: '2026-06-01T00:00:00Z', recorded_at: '2026-06-01T00:00:00Z', note: 'first' };
    const { state, lines } = recordCheck(curated({ checks: { checks: [before] } }), args, NOW);
    expect(state.checks?.checks).toEqual([before, check]);
    expect(state.events.checked_at).toBe(checkedAt);
    expect(lines).toEqual([line]);
  });

  it.each<[string, CheckArgs, string]>([
    [
      'a check beyond the clock skew',
      { at: '2026-07-01T12:05:01Z', note: 'n' },
      '--at 2026-07-01T12:05:01Z: in the future (now 2026-07-01T12:00:00Z); a check vouches only for what has happened',
    ],
    ['an empty note', { note: '  ' }, '--note must not be empty'],
  ])('refuses %s', (_case, args, message) => {
    expect(() => recordCheck(curated(), args, NOW)).toThrow(new CurationError(message));
  });
});

describe('grants', () => {
  it.each<[string, number, string]>([
    ['2026-06-12T00:11:11Z', 30, '2026-07-12T00:11:11Z'],
    ['2026-02-15T23:00:00Z', 14, '2026-03-01T23:00:00Z'],
  ])('defaultExpiry(%s, %d days) = %s', (grantedAt, days, expiry) => {
    expect(defaultExpiry(grantedAt, days)).toBe(expiry);
  });

  it('grantForEvent: named by date and event, granted when announced, the facts of the event, nothing uncertain', () => {
    expect(grantForEvent({ ...B, uncertain_fields: ['global'] }, { expiry_days: 30 })).toEqual({
      id: '2026-06-12-2065225362544726371',
      granted_at: '2026-06-12T00:11:11Z',
      expires_at: '2026-07-12T00:11:11Z',
      scope: 'plus+pro',
      summary: 'Banked resets launched.',
      url: B.url,
      event_id: B.id,
      certainty: 'high',
      uncertain_fields: [],
    });
    expect(grantForEvent(B, { expiry_days: 30 }, '2026-06-20T00:00:00Z').expires_at).toBe('2026-06-20T00:00:00Z');
  });

  it('sortGrants: by grant time, then id', () => {
    const g = (id: string, granted_at: string): BankedGrant => ({ ...G, id, granted_at });
    const list = [g('b', '2026-06-13T00:00:00Z'), g('z', '2026-06-12T00:00:00Z'), g('y', '2026-06-12T00:00:00Z')];
    expect(sortGrants(list).map((x) => x.id)).toEqual(['y', 'z', 'b']);
    expect(list.map((x) => x.id)).toEqual(['b', 'z', 'y']);
  });

  it('followEvent: a field the grant held as the event did follows it; one the grant held its own way stays', () => {
    const after = { ...B, scope: 'pro', summary: 'Banked resets for Pro.', ts: '2026-06-12T01:00:00Z', certainty: 'medium' as const };
    expect(followEvent(G, B, after)).toEqual({
      ...G,
      scope: 'pro',
      granted_at: '2026-06-12T01:00:00Z',
      certainty: 'medium',
      summary: 'Launch grant.',
    });
  });
});

describe('links', () => {
  const P2 = { ...P, id: '2066956441173323999', url: 'https://x.com/thsottiaux/status/2066956441173323999' };
  it.each<[string, object, string[]]>([
    ['unchanged', {}, []],
    ['another kind', { kind: 'boost' }, [P.id!]],
    ['out of the window', { ts: '2026-06-19T18:49:53Z' }, [P.id!]],
    ['the window’s last second', { ts: '2026-06-19T18:49:52Z' }, []],
  ])('brokenLinks, the event %s', (_case, change, ids) => {
    expect(brokenLinks([Q, P], { ...R, ...change }).map((a) => a.id)).toEqual(ids);
  });

  it('refuseUnlinking: nothing to refuse; one promise; several, named and counted', () => {
    expect(() => refuseUnlinking(R.id, 'fulfils', [])).not.toThrow();
    expect(() => refuseUnlinking(R.id, 'fulfils', [P, P2])).toThrow(
      new CurationError(
        `event ${R.id} fulfils promises ${P.id} (${P.url}), ${P2.id} (${P2.url}); relink each first: ` +
          `npm run correct -- ${P.id} --fulfilled-by <event id|none> --reason "…"`,
      ),
    );
  });
});

describe('flags', () => {
  it.each<[string, string]>([
    [' Pro+Plus ', 'plus+pro'],
    ['business+go+edu', 'go+business+edu'],
    ['ALL', 'all'],
  ])('scopeFlag(%j) = %j', (value, scope) => {
    expect(scopeFlag(value)).toBe(scope);
  });
  const ONCE = 'plans must each appear once, in the order free, go, plus, pro, business, enterprise, edu';
  it.each<[string, string]>([
    ['plus+plus', `--scope "plus+plus": ${ONCE}`],
    ['pro+pro+plus', `--scope "plus+pro+pro": ${ONCE}`],
  ])('scopeFlag refuses a plan named twice (%j), in canonical order', (value, message) => {
    expect(() => scopeFlag(value)).toThrow(new CurationError(message));
  });
  it('scopeFlag refuses a plan it does not know, naming --scope', () => {
    expect(() => scopeFlag('gold')).toThrow(/^--scope "gold": ./);
  });

  it('parseFlag: the value, or the flag and value quoted with the first problem', () => {
    expect(parseFlag(Kind, 'boost', 'kind')).toBe('boost');
    expect(() => parseFlag(Kind, 'nope', 'kind')).toThrow(CurationError);
    expect(() => parseFlag(Kind, 'nope', 'kind')).toThrow(/^--kind "nope": ./);
  });

  it('textFlag: cleaned, never cut; over the cap or empty, refused', () => {
    expect(textFlag('  two\n words ', 'name', 'source')).toBe('two words');
    expect(textFlag('x'.repeat(200), 'name', 'source')).toHaveLength(200);
    expect(() => textFlag('x'.repeat(201), 'name', 'source')).toThrow(
      new CurationError('--source is 201 characters long, more than the 200 allowed; shorten it'),
    );
    expect(() => textFlag('\u0000', 'name', 'by')).toThrow(new CurationError('--by must not be empty'));
  });

  it('defined: undefined properties dropped, false and null kept', () => {
    expect(defined({ a: 1, b: undefined, c: false, d: null })).toEqual({ a: 1, c: false, d: null });
    expect(Object.keys(defined({ a: undefined }))).toEqual([]);
  });
});

describe('state', () => {
  it('withEvents: the file order, by time then by id as a number', () => {
    const at = (id: string, ts: string) => ({ ...R, id, ts });
    const state = withEvents(curated(), [T, at('10', '2026-06-01T00:00:00Z'), B, at('9', '2026-06-01T00:00:00Z')]);
    expect(state.events.events.map((e) => e.id)).toEqual(['9', '10', B.id, T.id]);
    expect(state.events.checked_at).toBe('2026-06-30T00:00:00Z');
  });

  it('withCorrections: appended in recording order', () => {
    const c = (what: 'summary' | 'scope'): Correction => ({ event_id: R.id, at: AT, what, before: 'a', after: 'b', reason: 'r' });
    const once = withCorrections(curated(), [c('summary')]);
    expect(withCorrections(once, [c('scope')]).corrections.corrections.map((x) => x.what)).toEqual(['summary', 'scope']);
  });
});
