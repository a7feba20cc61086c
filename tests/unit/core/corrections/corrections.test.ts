/**
 * Corrections on the record (src/core/corrections/): which facts an amendment logs, the published log's
 * order, and the words and subject every writer (feed, alerts) gives a correction.
 */
import { describe, expect, it } from 'vitest';
import { amendments } from '../../../../src/core/corrections/amend.ts';
import {
  amendedValue,
  correctionKey,
  correctionsByEvent,
  correctionSubject,
  correctionWords,
  createCorrectionsPayload,
  isLinkMove,
  relinkKind,
} from '../../../../src/core/corrections/index.ts';
import { SCHEMA_VERSION, type AmendableField, type Correction, type StoredEvent } from '../../../../src/core/schema/index.ts';
import { AT, B, G, P, R, T } from '../curate/curated.ts';

const OURS = 'https://resetcast.netlify.app';
const fix = (what: AmendableField, before: string | boolean, after: string | boolean): Correction => ({
  event_id: R.id,
  at: AT,
  what,
  before,
  after,
  reason: 'r',
});

describe('amendedValue', () => {
  it.each<[string, StoredEvent, boolean, AmendableField, string | boolean | undefined]>([
    ['a partial listed as uncertain', T, false, 'partial', 'unknown'],
    ['a partial known', R, false, 'partial', false],
    ['a global listed as uncertain', B, true, 'global', 'unknown'],
    ['the expiry of the grant', B, true, 'expires_at', '2026-07-12T00:11:11Z'],
    ['the expiry without a grant', R, false, 'expires_at', undefined],
    ['a summary', R, false, 'summary', 'Limits reset.'],
    ['a scope note never written', R, false, 'scope_note', undefined],
  ])('%s', (_case, event, withGrant, what, value) => {
    expect(amendedValue(event, withGrant ? G : undefined, what)).toBe(value);
  });
});

describe('amendments', () => {
  const of = (before: StoredEvent, after: StoredEvent, grants: [typeof G | undefined, typeof G | undefined] = [undefined, undefined]) =>
    amendments(before, after, grants[0], grants[1], AT, 'why').map((c) => [c.what, c.before, c.after]);
  it('one per changed field, in the amendable order, with the event, clock and reason', () => {
    expect(amendments(R, { ...R, summary: 'S', global: false, ts: '2026-06-18T01:00:00Z' }, undefined, undefined, AT, 'why')).toEqual([
      { event_id: R.id, at: AT, what: 'ts', before: '2026-06-18T00:10:10Z', after: '2026-06-18T01:00:00Z', reason: 'why' },
      { event_id: R.id, at: AT, what: 'global', before: true, after: false, reason: 'why' },
      { event_id: R.id, at: AT, what: 'summary', before: 'Limits reset.', after: 'S', reason: 'why' },
    ]);
  });
  it.each<[string, StoredEvent, StoredEvent, [typeof G | undefined, typeof G | undefined], unknown[][]]>([
    ['nothing changed', R, { ...R }, [undefined, undefined], []],
    ['a known value becoming unknown', R, { ...R, uncertain_fields: ['partial'] }, [undefined, undefined], [['partial', false, 'unknown']]],
    [
      'a scope note written for the first time: before is "none"',
      R,
      { ...R, scope_note: 'Pro 500' },
      [undefined, undefined],
      [['scope_note', 'none', 'Pro 500']],
    ],
    [
      'a grant made by a kind change: its expiry is not a change',
      R,
      { ...R, kind: 'banked' },
      [undefined, G],
      [['kind', 'reset', 'banked']],
    ],
    ['a grant removed by a kind change', B, { ...B, kind: 'reset' }, [G, undefined], [['kind', 'banked', 'reset']]],
    [
      'a new expiry of a kept grant',
      B,
      { ...B },
      [G, { ...G, expires_at: '2026-07-20T00:00:00Z' }],
      [['expires_at', G.expires_at, '2026-07-20T00:00:00Z']],
    ],
  ])('%s', (_case, before, after, grants, changes) => {
    expect(of(before, after, grants)).toEqual(changes);
  });
});

describe('the published log', () => {
  const a = fix('summary', 'a', 'b');
  const b = { ...fix('scope', 'all', 'plus'), event_id: T.id };
  const c = fix('kind', 'reset', 'boost');
  it('createCorrectionsPayload: newest first, the list given untouched', () => {
    const list = [a, b, c];
    expect(createCorrectionsPayload(list, AT, 'data/corrections.json')).toEqual({
      schema_version: SCHEMA_VERSION,
      generated_at: AT,
      source: 'data/corrections.json',
      corrections: [c, b, a],
    });
    expect(list).toEqual([a, b, c]);
  });
  it('correctionsByEvent: each event’s corrections, oldest first', () => {
    expect([...correctionsByEvent([a, b, c])]).toEqual([
      [R.id, [a, c]],
      [T.id, [b]],
    ]);
  });
  it('correctionKey: event, time and field', () => {
    expect(correctionKey(a)).toBe(`${R.id}:2026-07-01T12:00:00Z:summary`);
  });
});

describe('in words', () => {
  const relink = (before: string | null, after: string | null): Correction => ({
    event_id: P.id!,
    at: AT,
    what: 'fulfilled_by',
    before,
    after,
    reason: 'r',
  });
  it.each<[string | null, string | null, string]>([
    [null, R.id, 'linked'],
    [R.id, null, 'unlinked'],
    [R.id, T.id, 'moved'],
  ])('relinkKind %s → %s: %s', (before, after, kind) => {
    expect(relinkKind({ before, after })).toBe(kind);
  });

  it.each<[string, Correction, string]>([
    ['a scope', fix('scope', 'plus+pro', 'all'), 'scope: Plus + Pro → all users'],
    ['a time', fix('ts', '2026-06-18T00:10:10Z', '2026-06-18T01:00:00Z'), 'time: 2026-06-18 00:10 UTC → 2026-06-18 01:00 UTC'],
    [
      'an expiry',
      fix('expires_at', '2026-07-12T00:11:11Z', '2026-07-20T00:00:00Z'),
      'banked reset expiry: 2026-07-12 00:11 UTC → 2026-07-20 00:00 UTC',
    ],
    ['a reach', fix('global', true, false), 'applied to everyone: yes → no'],
    ['an unknown made known', fix('partial', 'unknown', true), 'partial: unknown → yes'],
    [
      'a link of a post',
      fix('url', 'https://example.com/a', 'https://example.com/b'),
      'link: https://example.com/a → https://example.com/b',
    ],
    [
      'a link between our pages',
      fix('url', `${OURS}/timeline/#e-1`, `${OURS}/timeline/2026/#e-1`),
      'link moved: the entry has a new address on Resetcast',
    ],
    ['a scope note', fix('scope_note', 'none', 'Pro 500'), 'scope note: none → Pro 500'],
    [
      'a retraction',
      { event_id: R.id, at: AT, what: 'retraction', before: { event: R, grant: null }, after: null, reason: 'r' },
      'retracted: it did not happen as recorded',
    ],
    [
      'a record made again',
      { event_id: R.id, at: AT, what: 'rerecorded', supersedes: 'k', before: null, after: null, reason: 'r' },
      'recorded again after its retraction',
    ],
    ['a promise linked', relink(null, R.id), 'the promise is now counted as fulfilled by a recorded reset'],
    ['a promise unlinked', relink(R.id, null), 'the promise is no longer counted as fulfilled'],
    ['a promise moved', relink(R.id, T.id), 'the promise is now counted as fulfilled by another recorded reset'],
  ])('correctionWords: %s', (_case, c, words) => {
    expect(correctionWords(c)).toBe(words);
  });

  it.each<[string, Correction, boolean]>([
    ['both ours', fix('url', `${OURS}/a`, `${OURS}/b`), true],
    ['from a post to ours', fix('url', 'https://example.com/a', `${OURS}/b`), false],
    ['a look-alike host', fix('url', `${OURS}.evil.example/a`, `${OURS}/b`), false],
    ['another field', fix('summary', `${OURS}/a`, `${OURS}/b`), false],
  ])('isLinkMove: %s', (_case, c, move) => {
    expect(isLinkMove(c)).toBe(move);
  });
});

describe('correctionSubject', () => {
  const events = new Map([[R.id, R]]);
  it('a relink: the promise, its page anchor and post', () => {
    const c: Correction = { event_id: P.id!, at: AT, what: 'fulfilled_by', before: R.id, after: null, reason: 'r' };
    expect(correctionSubject(c, events, [P], [])).toEqual({
      title: 'Correction: the promise thsottiaux posted on 2026-06-16 18:49 UTC',
      path: `/timeline/2026/#p-${P.id}`,
      postUrl: P.url,
    });
  });
  it('an amendment: the event as it is now, on its year page', () => {
    expect(correctionSubject(fix('summary', 'a', 'b'), events, [P], ['2026'])).toEqual({
      title: 'Correction: Codex limits reset for all users (2026-06-18)',
      path: `/timeline/2026/#e-${R.id}`,
      postUrl: R.url,
    });
  });
  it.each<[string, string[], string]>([
    ['whose year still has a page', ['2026'], `/timeline/2026/#e-${B.id}`],
    ['whose year lost its page', ['2025'], '/timeline/'],
  ])('a retraction: the event as it was, %s', (_case, years, path) => {
    const c: Correction = { event_id: B.id, at: AT, what: 'retraction', before: { event: B, grant: G }, after: null, reason: 'r' };
    expect(correctionSubject(c, events, [], years)).toEqual({
      title: 'Retracted: Banked Codex reset granted for Plus + Pro (2026-06-12)',
      path,
      postUrl: B.url,
    });
  });
  it('an event no longer on the timeline', () => {
    expect(correctionSubject({ ...fix('summary', 'a', 'b'), event_id: '1' }, events, [], ['2026'])).toEqual({
      title: 'Correction: an event no longer on the timeline',
      path: '/timeline/',
      postUrl: null,
    });
  });
});
