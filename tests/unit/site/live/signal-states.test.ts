/**
 * A newer signals snapshot, answered at run time (src/site/live/signal-states.ts, docs/timetable.md "Signals at
 * run time"): for random (instant, snapshot) pairs and at every boundary (the snapshot's own check, a check
 * going stale, an incident opening and closing, the issue count crossing its baseline), each signal payload
 * is what a build with that snapshot in data/ publishes at the state's start (its `generated_at`), but for
 * `freshness.built_at`, which says the deploy; the state starts at or before the instant, within the API's 5
 * minutes of it, never before the snapshot's check; and every word, colour and flag at the instant itself is
 * what a build at that instant says.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../../src/core/dataset/index.ts';
import { timetableHorizon } from '../../../../src/core/forecast/horizon.ts';
import { issuesSignal, statusSignal } from '../../../../src/core/forecast/signals.ts';
import { stableStringify } from '../../../../src/core/json.ts';
import type { SignalsFile } from '../../../../src/core/schema/index.ts';
import { SITE } from '../../../../src/core/site.ts';
import { withoutStamps } from '../../../../src/core/timetable.ts';
import { createPayloads, SIGNAL_PAYLOAD_NAMES, TIMETABLE_PAYLOAD_NAMES, type PayloadName } from '../../../../src/site/api/payloads.ts';
import { liveEngine } from '../../../../src/site/live/answers.ts';
import { createSignalStates, snapshotFrom } from '../../../../src/site/live/signal-states.ts';
import { calendarText } from '../../../../src/site/feeds.ts';
import { runTimeNames } from '../../../../src/site/timetable.ts';
import { timetablePaths } from '../../../../src/site/timetable-paths.ts';
import { buildOf } from '../../../../src/site/data.ts';
import { payloadsAt } from '../../../../src/site/api/payloads.ts';
import { clockWeekData } from '../../../support/clock-week.ts';
import { HISTORY_EPOCH, HISTORY_NOW } from '../../../support/history.ts';
import { snapshot } from '../../../support/signal-snapshots.ts';

const deployed = clockWeekData();
const B = HISTORY_EPOCH;
const H = timetableHorizon(HISTORY_NOW, deployed.eventsCheckedAt);
const site = { data: deployed, base: SITE.url, builtAt: B, horizon: H };
const states = createSignalStates(site);
const DEPLOY_BUILT_AT = '2026-11-23T00:00:00Z';

/** A build with `signals` in data/ at instant `t`: every payload as it publishes them (its own built_at). */
const freshAt = (signals: SignalsFile, t: number) => createPayloads({ ...deployed, signals }, new Date(t * 1000), SITE.url);

/** A served text with the deploy's built_at, as the fresh build at `t` writes it: the one field that may differ. */
const asFreshBuildAt = (text: string, t: number): string =>
  text.replace(`"built_at": "${DEPLOY_BUILT_AT}"`, `"built_at": "${new Date(t * 1000).toISOString().replace('.000Z', 'Z')}"`);

/** Every number masked: the words, colours and flags of a text. */
const discrete = (text: string): string => withoutStamps(text).replace(/\d+(?:\.\d+)?/g, '#');

const keyOf = (s: SignalsFile): string => stableStringify(s);

function expectAsBuilt(signals: SignalsFile, t: number): number {
  const state = states(signals, keyOf(signals), t)!;
  expect(state, `a state at ${t}`).not.toBeNull();
  expect(state.start).toBeLessThanOrEqual(t);
  expect(state.start).toBeGreaterThanOrEqual(Math.max(B, snapshotFrom(signals)));
  if (t < H) expect(t - state.start).toBeLessThan(300);
  const atStart = freshAt(signals, state.start);
  const atT = freshAt(signals, t);
  for (const name of SIGNAL_PAYLOAD_NAMES) {
    const text = state.text(name);
    expect(asFreshBuildAt(text, state.start), `${name} at ${t}`).toBe(stableStringify(atStart[name]));
    if (t < H) expect(discrete(text), `${name}'s words at ${t}`).toBe(discrete(stableStringify(atT[name])));
  }
  expect(JSON.parse(state.text('forecast')).freshness.signals_fetched_at).toBe(signals.fetched_at);
  return state.start;
}

const facts = fc.record({
  checkedOffset: fc.integer({ min: -86_400, max: 0 }),
  incident: fc.constantFrom<'open' | 'resolved' | null>('open', 'resolved', null),
  recent: fc.integer({ min: 0, max: 40 }),
  baseline: fc.integer({ min: 0, max: 12 }),
  issuesFailed: fc.boolean(),
});

describe('a newer snapshot at run time', () => {
  it('answers, at random instants and snapshots, what a build with it publishes at the state start', () => {
    fc.assert(
      fc.property(fc.integer({ min: B, max: H + 86_400 }), facts, (t, f) => {
        const checked = Math.max(B - 86_400, t + f.checkedOffset);
        expectAsBuilt(snapshot({ ...f, checkedAt: new Date(checked * 1000) }), t);
      }),
      { numRuns: 40 },
    );
  });

  it('starts at its own check, never before it, and holds nothing before it', () => {
    const check = B + 3 * 3600 + 123;
    const s = snapshot({ checkedAt: new Date(check * 1000), incident: 'open' });
    expect(states(s, keyOf(s), check - 1)).toBeNull();
    expect(expectAsBuilt(s, check)).toBe(check);
    expect(expectAsBuilt(s, check + 1)).toBe(check);
  });

  it('goes stale at the exact second a build says the signals are too old', () => {
    const check = B + 3600 + 17;
    const s = snapshot({ checkedAt: new Date(check * 1000), incident: 'open', recent: 20, baseline: 4 });
    let stale = check;
    while (statusSignal(s.status, new Date(stale * 1000)) !== null) stale += 1;
    expect(issuesSignal(s.issues, new Date(stale * 1000))).toBeNull();
    expect(expectAsBuilt(s, stale - 1)).toBeLessThan(stale);
    expect(expectAsBuilt(s, stale)).toBe(stale);
    const reasons = (t: number) => JSON.parse(states(s, keyOf(s), t)!.text('forecast')).confidence_reasons as string[];
    expect(reasons(stale - 1).some((r) => r.startsWith('status signal unavailable'))).toBe(false);
    expect(reasons(stale).some((r) => r.startsWith('status signal unavailable'))).toBe(true);
  });

  it('moves the odds with an incident opening and closing, and with the issues crossing their baseline', () => {
    const t = B + 2 * 86_400 + 999;
    const at = (f: Parameters<typeof snapshot>[0]) => {
      const s = snapshot(f);
      expectAsBuilt(s, t);
      return JSON.parse(states(s, keyOf(s), t)!.text('forecast'));
    };
    const checkedAt = new Date((t - 600) * 1000);
    const quiet = at({ checkedAt, incident: null, recent: 4, baseline: 4 });
    const open = at({ checkedAt, incident: 'open', recent: 4, baseline: 4 });
    const closed = at({ checkedAt, incident: 'resolved', recent: 4, baseline: 4 });
    const over = at({ checkedAt, incident: null, recent: 5, baseline: 4 });
    expect(quiet.inputs.status_signal).toBe(0);
    expect(open.inputs.status_signal).toBeGreaterThan(0);
    expect(open.inputs.S).toBeGreaterThan(quiet.inputs.S);
    expect(closed.inputs).toEqual(quiet.inputs);
    expect(quiet.inputs.issues_signal).toBe(0);
    expect(over.inputs.issues_signal).toBeGreaterThan(0);
  });

  it('holds the horizon state for ever after it, as the deploy does', () => {
    const s = snapshot({ checkedAt: new Date((H - 60) * 1000), incident: 'open' });
    const late = states(s, keyOf(s), H + 30 * 86_400)!;
    expect(late.start).toBe(H);
    expect(late.end).toBeNull();
    expectAsBuilt(s, H + 30 * 86_400);
  });
});

describe('the live engine', () => {
  const index = { built_at: DEPLOY_BUILT_AT, horizon: new Date(H * 1000).toISOString(), states: {} };
  const engine = liveEngine({ base: SITE.url, data: deployed }, index);
  const newer = snapshot({ checkedAt: new Date((B + 7200) * 1000), incident: 'open', recent: 12, baseline: 3 });
  const key = keyOf(newer);
  const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

  it('answers every signal payload and the calendar under a newer snapshot', () => {
    const t = B + 7200 + 45;
    const state = states(newer, key, t)!;
    for (const name of SIGNAL_PAYLOAD_NAMES) expect(text(engine(name, t, { signals: newer, key })?.bytes), name).toBe(state.text(name));
    const built = { ...deployed, signals: newer };
    const calendar = calendarText(
      buildOf(built, SITE.url, new Date(state.start * 1000), payloadsAt(built, new Date(state.start * 1000), SITE.url, HISTORY_NOW)),
    );
    expect(text(engine('/calendar.ics', t, { signals: newer, key })?.bytes)).toBe(calendar);
  });

  it('answers exactly the names the index calls run-time, but the pages, which it answers from their templates', () => {
    const t = B + 7200 + 45;
    const outputs = timetablePaths(deployed);
    const named = new Set(runTimeNames(outputs));
    const pages = outputs.filter((o) => o.templateKey).map((o) => o.path);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(named.has(p), p).toBe(true);
    const others = [...TIMETABLE_PAYLOAD_NAMES, ...outputs.filter((o) => !o.templateKey).map((o) => o.path)];
    const answered = others.filter((name) => engine(name, t, { signals: newer, key }) !== undefined);
    expect(answered.sort()).toEqual(others.filter((n) => named.has(n)).sort());
    expect(answered).toContain('forecast');
    expect(answered).toContain('/calendar.ics');
    expect(answered).not.toContain('alerts');
  });

  it('leaves the deploy standing for what the signals do not move, for a snapshot not newer than its own, and before a check', () => {
    const t = B + 7200 + 45;
    for (const name of ['timeline', 'alerts', 'track-record', '/alerts.xml'] as (PayloadName | string)[])
      expect(engine(name, t, { signals: newer, key }), name).toBeUndefined();
    const own: Dataset['signals'] = deployed.signals;
    expect(engine('forecast', t, { signals: own, key: keyOf(own) })).toBeUndefined();
    expect(engine('forecast', B + 7199, { signals: newer, key })).toBeUndefined();
  });
});
