/**
 * `npm run correct`'s rules without a process (src/core/curate/corrections.ts): the refusals word for word,
 * and what an amendment, a retraction and a relink record, on the hand-built record in ./curated.ts.
 */
import { describe, expect, it } from 'vitest';
import { correctEvent, relinkPromise, type CorrectArgs } from '../../../../src/core/curate/corrections.ts';
import { CurationError } from '../../../../src/core/curate/errors.ts';
import { AT, B, G, NOW, P, Q, R, T, V, W, curated, eventIn } from './curated.ts';

const relinkHint = (promise: string): string =>
  `relink it first: npm run correct -- ${promise} --fulfilled-by <event id|none> --reason "…"`;

describe('correctEvent refuses', () => {
  const retracted = curated({
    corrections: {
      corrections: [
        {
          event_id: '2000000000000000000',
          at: '2026-06-30T00:00:00Z',
          what: 'retraction',
          before: { event: { ...R, id: '2000000000000000000' }, grant: null },
          after: null,
          reason: 'r',
        },
      ],
    },
  });
  it.each<[string, string, CorrectArgs, string]>([
    ['no reason', R.id, { summary: 'x' }, '--reason is required: say why the record changes'],
    ['a blank reason', R.id, { summary: 'x', reason: '  ' }, '--reason is required: say why the record changes'],
    ['an unknown event', '1', { summary: 'x', reason: 'r' }, 'no event 1 is recorded'],
    ['--retract with a field', B.id, { retract: true, scope: 'pro', reason: 'r' }, '--retract withdraws the whole event; drop --scope'],
    [
      'retracting an event a promise is fulfilled by',
      R.id,
      { retract: true, reason: 'r' },
      `event ${R.id} fulfils promise ${P.id} (${P.url}); ${relinkHint(P.id!)}`,
    ],
    [
      'no field',
      R.id,
      { reason: 'r' },
      'nothing to correct: give a field to change (--ts, --scope, --kind, --partial, --global, --summary, --certainty, ' +
        '--origin, --source, --scope-note, --url, --expires) or --retract',
    ],
    ['--expires without a grant', T.id, { expires: '2026-08-01T00:00:00Z', reason: 'r' }, `--expires: event ${T.id} has no banked grant`],
    [
      '--expires with a kind that is not banked',
      B.id,
      { kind: 'reset', expires: '2026-08-01T00:00:00Z', reason: 'r' },
      '--expires applies to banked resets only, not --kind reset',
    ],
    [
      '--expires not after the grant',
      B.id,
      { expires: '2026-06-01T00:00:00Z', reason: 'r' },
      '--expires 2026-06-01T00:00:00Z: not after the grant (2026-06-12T00:11:11Z)',
    ],
    [
      'a --ts in the future',
      T.id,
      { ts: '2026-07-01T12:06:00Z', reason: 'r' },
      '--ts 2026-07-01T12:06:00Z: in the future (now 2026-07-01T12:00:00Z)',
    ],
    [
      'a --ts before the floor',
      T.id,
      { ts: '2025-08-01T00:00:00Z', reason: 'r' },
      '--ts 2025-08-01T00:00:00Z: before 2025-08-18T00:00:00Z (30 days before the first Codex usage-limit reset on record)',
    ],
    [
      'a kind that cuts a promise link',
      R.id,
      { kind: 'boost', reason: 'r' },
      `event ${R.id} as corrected would no longer fulfil promise ${P.id} (${P.url}); ${relinkHint(P.id!)}`,
    ],
    [
      'a --ts that leaves the promise window',
      R.id,
      { ts: '2026-06-20T00:00:00Z', reason: 'r' },
      `event ${R.id} as corrected would no longer fulfil promise ${P.id} (${P.url}); ${relinkHint(P.id!)}`,
    ],
    [
      '--source on an X post',
      R.id,
      { source: 'someone', reason: 'r' },
      `--source: event ${R.id} is an X post; its account is in its link (${R.url})`,
    ],
    [
      '--url on an X post',
      R.id,
      { url: 'https://example.com/', reason: 'r' },
      `--url: event ${R.id} is an X post; its link is the post (${R.url})`,
    ],
    [
      '--origin observed on a high-certainty record',
      T.id,
      { origin: 'observed', reason: 'r' },
      '--certainty high: a observed record is at most medium certainty',
    ],
    [
      '--certainty high on an observed page',
      W.id,
      { certainty: 'high', reason: 'r' },
      '--certainty high: a observed record is at most medium certainty',
    ],
    [
      'the facts already recorded (scope in another order)',
      B.id,
      { scope: 'pro+plus', reason: 'r' },
      `event ${B.id} already records exactly these facts; nothing to correct`,
    ],
  ])('%s', (_case, id, args, message) => {
    expect(() => correctEvent(curated(), id, args, NOW)).toThrow(new CurationError(message));
  });
  it('a retracted event, saying so', () => {
    expect(() => correctEvent(retracted, '2000000000000000000', { summary: 'x', reason: 'r' }, NOW)).toThrow(
      new CurationError('no event 2000000000000000000 is recorded (it was retracted)'),
    );
  });
  it('a flag its schema refuses, naming the flag', () => {
    expect(() => correctEvent(curated(), T.id, { kind: 'nope', reason: 'r' }, NOW)).toThrow(/^--kind "nope": /);
  });
});

describe('correctEvent amends', () => {
  it('one field: the event changes, one correction with before, after, reason and the clock', () => {
    const { state, lines } = correctEvent(curated(), R.id, { summary: 'Limits reset for all.', reason: 'typo' }, NOW);
    expect(eventIn(state, R.id)).toEqual({
      ...R,
      summary: 'Limits reset for all.',
    });
    expect(state.corrections.corrections).toEqual([
      {
        event_id: R.id,
        at: AT,
        what: 'summary',
        before: 'Limits reset.',
        after: 'Limits reset for all.',
        reason: 'typo',
      },
    ]);
    expect(lines).toEqual([`corrected ${R.id}: summary "Limits reset." → "Limits reset for all."`]);
    expect(state.banked.grants).toEqual([G]);
  });

  it('a new time moves the date and the event in the file order; the promise it fulfils stays linked', () => {
    const { state, lines } = correctEvent(curated(), R.id, { ts: '2026-06-19T12:00:00Z', reason: 'r' }, NOW);
    expect(state.events.events.map((e) => e.id)).toEqual([B.id, V.id, R.id, W.id, T.id]);
    expect(eventIn(state, R.id)).toMatchObject({
      ts: '2026-06-19T12:00:00Z',
      date: '2026-06-19',
    });
    expect(lines).toEqual([`corrected ${R.id}: ts "2026-06-18T00:10:10Z" → "2026-06-19T12:00:00Z"`]);
    expect(state.announcements.announcements.find((a) => a.id === P.id)?.fulfilled_by).toBe(R.id);
  });

  it('a partial given leaves uncertain_fields; the correction says it was unknown', () => {
    const { state, lines } = correctEvent(curated(), T.id, { partial: true, reason: 'r' }, NOW);
    expect(eventIn(state, T.id)).toMatchObject({
      partial: true,
      uncertain_fields: [],
    });
    expect(lines).toEqual([`corrected ${T.id}: partial "unknown" → true`]);
  });

  it('several fields: one correction each, in the amendable order (certainty before origin)', () => {
    const { state, lines } = correctEvent(curated(), T.id, { origin: 'community', certainty: 'medium', reason: 'r' }, NOW);
    expect(state.corrections.corrections.map((c) => c.what)).toEqual(['certainty', 'origin']);
    expect(lines).toEqual([`corrected ${T.id}: certainty "high" → "medium"`, `corrected ${T.id}: origin "official_post" → "community"`]);
  });

  it('a page that is not a post takes a new link and source', () => {
    const { state } = correctEvent(curated(), W.id, { url: 'https://example.org/new', source: 'another reader', reason: 'r' }, NOW);
    expect(eventIn(state, W.id)).toMatchObject({
      url: 'https://example.org/new',
      source: 'another reader',
    });
    expect(state.corrections.corrections.map((c) => [c.what, c.before, c.after])).toEqual([
      ['url', 'https://example.com/report', 'https://example.org/new'],
      ['source', 'a reader', 'another reader'],
    ]);
  });

  it("the grant follows its event's scope, keeps its own summary, and takes a new expiry", () => {
    const { state, lines } = correctEvent(
      curated(),
      B.id,
      {
        scope: 'pro',
        summary: 'Banked resets for Pro.',
        expires: '2026-07-20T00:00:00Z',
        reason: 'r',
      },
      NOW,
    );
    expect(state.banked.grants).toEqual([{ ...G, scope: 'pro', expires_at: '2026-07-20T00:00:00Z' }]);
    expect(lines).toEqual([
      `corrected ${B.id}: scope "plus+pro" → "pro"`,
      `corrected ${B.id}: summary "Banked resets launched." → "Banked resets for Pro."`,
      `corrected ${B.id}: expires_at "2026-07-12T00:11:11Z" → "2026-07-20T00:00:00Z"`,
    ]);
  });

  it('a kind changed from banked removes the grant, and the event now fulfils the waiting promise', () => {
    const { state, lines } = correctEvent(curated(), B.id, { kind: 'reset', reason: 'r' }, NOW);
    expect(state.banked.grants).toEqual([]);
    expect(state.corrections.corrections.map((c) => c.what)).toEqual(['kind']);
    expect(state.announcements.announcements.find((a) => a.id === Q.id)?.fulfilled_by).toBe(B.id);
    expect(lines).toEqual([`corrected ${B.id}: kind "banked" → "reset"`, `removed grant ${G.id}`, `promise ${Q.url} fulfilled by ${B.id}`]);
  });

  it.each<[string, string | undefined, string]>([
    ['by the rule (30 days)', undefined, '2026-07-28T12:00:00Z'],
    ['as given', '2026-08-01T00:00:00Z', '2026-08-01T00:00:00Z'],
  ])('a kind changed to banked makes its grant, expiring %s', (_case, expires, expiresAt) => {
    const { state, lines } = correctEvent(curated(), T.id, { kind: 'banked', ...(expires ? { expires } : {}), reason: 'r' }, NOW);
    const grant = {
      id: '2026-06-28-2093014447833116908',
      granted_at: '2026-06-28T12:00:00Z',
      expires_at: expiresAt,
      scope: 'plus',
      summary: 'Plus limits reset.',
      url: T.url,
      event_id: T.id,
      certainty: 'high',
      uncertain_fields: [],
    };
    expect(state.banked.grants).toEqual([G, grant]);
    expect(lines).toEqual([`corrected ${T.id}: kind "reset" → "banked"`, `granted ${grant.id}: expires ${expiresAt}`]);
  });
});

describe('correctEvent retracts', () => {
  it('an event with its grant: both leave the files, the correction holds them', () => {
    const { state, lines } = correctEvent(curated(), B.id, { retract: true, reason: 'never happened' }, NOW);
    expect(eventIn(state, B.id)).toBeUndefined();
    expect(state.events.events).toHaveLength(4);
    expect(state.banked.grants).toEqual([]);
    expect(state.corrections.corrections).toEqual([
      {
        event_id: B.id,
        at: AT,
        what: 'retraction',
        before: { event: B, grant: G },
        after: null,
        reason: 'never happened',
      },
    ]);
    expect(lines).toEqual([`retracted ${B.id} (2026-06-12T00:11:11Z banked) and its grant ${G.id}; correction ${B.id}:${AT}:retraction`]);
  });
  it('an event without a grant', () => {
    const { state, lines } = correctEvent(curated(), T.id, { retract: true, reason: 'r' }, NOW);
    expect(state.corrections.corrections[0]).toMatchObject({
      what: 'retraction',
      before: { event: T, grant: null },
    });
    expect(state.banked.grants).toEqual([G]);
    expect(lines).toEqual([`retracted ${T.id} (2026-06-28T12:00:00Z reset); correction ${T.id}:${AT}:retraction`]);
  });
});

describe('relinkPromise', () => {
  it.each<[string, string, string, string | undefined, string]>([
    ['no reason', P.id!, 'none', undefined, '--reason is required: say why the record changes'],
    ['an unknown promise', '1', 'none', 'r', 'no promise 1 is recorded (its X id, or the number of its page anchor)'],
    ['an unknown event', P.id!, '999', 'r', '--fulfilled-by 999: no event 999 is recorded'],
    [
      'an event outside the window',
      P.id!,
      T.id,
      'r',
      `--fulfilled-by ${T.id}: a reset for plus at 2026-06-28T12:00:00Z does not fulfil this promise (kind, scope or window; docs/data.md)`,
    ],
    ['the same link', P.id!, R.id, 'r', `promise ${P.id} is already fulfilled by ${R.id}; nothing to correct`],
    ['none for a waiting promise', Q.id!, 'none', 'r', `promise ${Q.id} is already fulfilled by none; nothing to correct`],
  ])('refuses %s', (_case, promise, target, reason, message) => {
    expect(() => relinkPromise(curated(), promise, target, reason, NOW)).toThrow(new CurationError(message));
  });

  it.each<[string, Partial<typeof P>, string, string | null, string | null, string]>([
    ['unlinks', {}, 'none', R.id, null, `promise ${P.url}: fulfilled by ${R.id} → none`],
    ['links', { fulfilled_by: null }, R.id, null, R.id, `promise ${P.url}: fulfilled by none → ${R.id}`],
    ['moves', {}, V.id, R.id, V.id, `promise ${P.url}: fulfilled by ${R.id} → ${V.id}`],
  ])('%s, on the record', (_case, promise, target, before, after, line) => {
    const state = curated({
      announcements: { announcements: [Q, { ...P, ...promise }] },
    });
    const out = relinkPromise(state, P.id!, target, 'misread', NOW);
    expect(out.state.announcements.announcements).toEqual([Q, { ...P, fulfilled_by: after }]);
    expect(out.state.corrections.corrections).toEqual([
      {
        event_id: P.id,
        at: AT,
        what: 'fulfilled_by',
        before,
        after,
        reason: 'misread',
      },
    ]);
    expect(out.lines).toEqual([line]);
  });
});
