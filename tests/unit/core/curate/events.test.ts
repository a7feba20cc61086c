/** `npm run add-event`'s rules without a process (src/core/curate/events.ts), on the record in ./curated.ts. */
import { describe, expect, it } from 'vitest';
import { CurationError } from '../../../../src/core/curate/errors.ts';
import { recordEvent, VOUCH_LINE, withUnknowns, type EventArgs } from '../../../../src/core/curate/events.ts';
import { AT, G, NOW, P, Q, R, curated, eventIn } from './curated.ts';

// X ids made by hand: ((ms - 1288834974657) << 22) | 7.
const JUNE_30 = '2071745529246646279'; // 2026-06-30T00:00:00Z
const JUNE_11 = '2064860159800246279'; // 2026-06-11T00:00:00Z
const post = (id: string): string => `https://x.com/thsottiaux/status/${id}`;
const ISSUE = 'https://github.com/openai/codex/issues/42';
const relinkHint = `relink it first: npm run correct -- ${P.id} --fulfilled-by <event id|none> --reason "…"`;

describe('withUnknowns', () => {
  it.each<[string[], { partial: boolean; global: boolean }, string[]]>([
    [[], { partial: true, global: true }, ['partial', 'global']],
    [['global', 'scope'], { partial: true, global: false }, ['partial', 'scope']],
    [['scope', 'partial'], { partial: false, global: false }, ['scope']],
    [['partial'], { partial: true, global: false }, ['partial']],
  ])('%j with %j → %j', (fields, unknown, expected) => {
    expect(withUnknowns(fields, unknown)).toEqual(expected);
  });
});

describe('recordEvent adds', () => {
  it('a reset for all from an official post: global said, partial unknown, the vouch line last', () => {
    const { state, lines } = recordEvent(
      curated(),
      {
        url: post(JUNE_30),
        kind: 'reset',
        scope: 'all',
        summary: 'Limits reset today.',
      },
      NOW,
    );
    expect(state.events.events.at(-1)).toEqual({
      id: JUNE_30,
      date: '2026-06-30',
      ts: '2026-06-30T00:00:00Z',
      scope: 'all',
      kind: 'reset',
      source: 'thsottiaux',
      url: post(JUNE_30),
      summary: 'Limits reset today.',
      partial: false,
      global: true,
      origin: 'official_post',
      certainty: 'high',
      uncertain_fields: ['partial'],
    });
    expect(lines).toEqual([`added ${JUNE_30}: 2026-06-30T00:00:00Z reset all by thsottiaux`, VOUCH_LINE]);
    expect(VOUCH_LINE).toBe('to vouch for the record, look at the sources, then: npm run checked -- --note "what you read"');
    expect(state.events.checked_at).toBe('2026-06-30T00:00:00Z');
  });

  it('a reset inside a waiting promise’s window: the promise is linked, in its own line', () => {
    const { state, lines } = recordEvent(
      curated(),
      {
        url: post(JUNE_11),
        kind: 'reset',
        scope: 'plus',
        summary: 'Plus reset.',
        partial: false,
      },
      NOW,
    );
    expect(eventIn(state, JUNE_11)).toMatchObject({
      global: false,
      uncertain_fields: ['global'],
    });
    expect(state.events.events[0]!.id).toBe(JUNE_11); // before B (2026-06-12): the file order
    expect(state.announcements.announcements.find((a) => a.id === Q.id)?.fulfilled_by).toBe(JUNE_11);
    expect(lines).toEqual([
      `added ${JUNE_11}: 2026-06-11T00:00:00Z reset plus by thsottiaux`,
      `promise ${Q.url} fulfilled by ${JUNE_11}`,
      VOUCH_LINE,
    ]);
  });

  it.each<[string, string | undefined, string]>([
    ['by the rule (expiry_days after the grant)', undefined, '2026-07-30T00:00:00Z'],
    ['as given', '2026-08-15T00:00:00Z', '2026-08-15T00:00:00Z'],
  ])('a banked reset with its grant, expiring %s', (_case, expires, expiresAt) => {
    const args = {
      url: post(JUNE_30),
      kind: 'banked',
      scope: 'plus',
      summary: 'A banked reset.',
      ...(expires ? { expires } : {}),
    };
    const { state, lines } = recordEvent(curated(), args, NOW);
    expect(state.banked.grants).toEqual([
      G,
      {
        id: `2026-06-30-${JUNE_30}`,
        granted_at: '2026-06-30T00:00:00Z',
        expires_at: expiresAt,
        scope: 'plus',
        summary: 'A banked reset.',
        url: post(JUNE_30),
        event_id: JUNE_30,
        certainty: 'high',
        uncertain_fields: [],
      },
    ]);
    expect(lines[1]).toBe(`granted 2026-06-30-${JUNE_30}: expires ${expiresAt}`);
  });
});

describe('recordEvent --update', () => {
  const same: EventArgs = {
    url: R.url,
    kind: 'reset',
    scope: 'all',
    summary: 'Limits reset.',
    update: true,
  };
  it('logs each changed fact as a correction with the default reason', () => {
    const { state, lines } = recordEvent(curated(), { ...same, summary: 'Limits reset for all.' }, NOW);
    expect(eventIn(state, R.id)?.summary).toBe('Limits reset for all.');
    expect(state.corrections.corrections).toEqual([
      {
        event_id: R.id,
        at: AT,
        what: 'summary',
        before: 'Limits reset.',
        after: 'Limits reset for all.',
        reason: 'amended with add-event --update',
      },
    ]);
    expect(lines).toEqual([
      `updated ${R.id}: 2026-06-18T00:10:10Z reset all by thsottiaux`,
      'correction: summary "Limits reset." → "Limits reset for all."',
      VOUCH_LINE,
    ]);
  });

  it.each<[string, EventArgs, string]>([
    ['the same facts', same, `--update: event ${R.id} already records exactly these facts; nothing to change`],
    [
      'a new kind (a correction)',
      { ...same, kind: 'boost' },
      `--kind boost: event ${R.id} is recorded as reset; change it with npm run correct -- ${R.id} --kind boost --reason "…"`,
    ],
    [
      'a new origin (a correction)',
      { ...same, origin: 'observed' },
      `--origin observed: event ${R.id} is recorded as official_post; change it with npm run correct -- ${R.id} --origin observed --reason "…"`,
    ],
    ['an event not recorded', { ...same, url: post(JUNE_30) }, `--update: no event ${JUNE_30} is recorded; drop --update to add it`],
  ])('refuses %s', (_case, args, message) => {
    expect(() => recordEvent(curated(), args, NOW)).toThrow(new CurationError(message));
  });

  it('refuses a scope that cuts a promise link', () => {
    const state = curated({
      announcements: { announcements: [Q, { ...P, scope: 'all' }] },
    });
    expect(() => recordEvent(state, { ...same, scope: 'plus' }, NOW)).toThrow(
      new CurationError(`event ${R.id} as updated would no longer fulfil promise ${P.id} (${P.url}); ${relinkHint}`),
    );
  });
});

describe('recordEvent refuses', () => {
  const add: EventArgs = {
    url: post(JUNE_30),
    kind: 'reset',
    scope: 'all',
    summary: 'x',
  };
  it.each<[string, EventArgs, string]>([
    ['a post recorded before', { ...add, url: R.url }, `event ${R.id} is already recorded (2026-06-18, reset); pass --update to amend it`],
    ['--expires on a reset', { ...add, expires: '2026-08-01T00:00:00Z' }, '--expires applies to banked resets only, not --kind reset'],
    [
      '--expires not after the grant',
      { ...add, kind: 'banked', expires: '2026-06-30T00:00:00Z' },
      '--expires 2026-06-30T00:00:00Z: not after the grant (2026-06-30T00:00:00Z)',
    ],
    [
      'a GitHub post without --source',
      { ...add, url: ISSUE, at: '2026-06-20T00:00:00Z' },
      `--source is required for ${ISSUE}: the account that posted it`,
    ],
    ['--supersedes with no retraction', { ...add, supersedes: 'k' }, `--supersedes k: event ${JUNE_30} has no retraction to supersede`],
  ])('%s', (_case, args, message) => {
    expect(() => recordEvent(curated(), args, NOW)).toThrow(new CurationError(message));
  });
});

describe('recordEvent of a retracted post', () => {
  const KEY = `${JUNE_30}:2026-06-30T06:00:00Z:retraction`;
  const retracted = curated({
    corrections: {
      corrections: [
        {
          event_id: JUNE_30,
          at: '2026-06-30T06:00:00Z',
          what: 'retraction',
          before: {
            event: { ...R, id: JUNE_30, url: post(JUNE_30) },
            grant: null,
          },
          after: null,
          reason: 'r',
        },
      ],
    },
  });
  const add: EventArgs = {
    url: post(JUNE_30),
    kind: 'reset',
    scope: 'all',
    summary: 'x',
  };
  it.each<[string, Partial<EventArgs>, string]>([
    [
      'without --supersedes',
      {},
      `event ${JUNE_30} was retracted (correction ${KEY} in data/corrections.json); to record it again pass --supersedes ${KEY} --reason "…"`,
    ],
    ['with another key', { supersedes: 'other' }, `--supersedes other: the retraction of event ${JUNE_30} is ${KEY}`],
    ['without a reason', { supersedes: KEY }, '--reason is required with --supersedes: say why the post is recorded again'],
  ])('is refused %s', (_case, extra, message) => {
    expect(() => recordEvent(retracted, { ...add, ...extra }, NOW)).toThrow(new CurationError(message));
  });

  it('is recorded again with the key and a reason, on the record', () => {
    const { state, lines } = recordEvent(retracted, { ...add, supersedes: KEY, reason: 'it did happen' }, NOW);
    expect(state.corrections.corrections.at(-1)).toEqual({
      event_id: JUNE_30,
      at: AT,
      what: 'rerecorded',
      supersedes: KEY,
      before: null,
      after: null,
      reason: 'it did happen',
    });
    expect(lines[0]).toBe(`recorded again ${JUNE_30}: 2026-06-30T00:00:00Z reset all by thsottiaux`);
  });
});
