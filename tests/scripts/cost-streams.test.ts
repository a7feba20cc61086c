/**
 * The bill's signal streams and claims (scripts/lib/cost/streams.ts, claims.ts): the generator is seeded,
 * so a stream is the same on every run; the quiet stream's signals are 0; and, replayed by the project's
 * own decision code on the frozen history, the quiet stream under run-time signals deploys only for facts
 * and the horizon.
 */
import { describe, expect, it } from 'vitest';
import { issuesSignal, statusSignal } from '../../src/core/forecast/signals.ts';
import { claimsOf } from '../../scripts/lib/cost/claims.ts';
import { STREAMS, syntheticStream } from '../../scripts/lib/cost/streams.ts';
import { built, replayTimetablePulls } from '../../scripts/lib/rebuild-replay.ts';
import { history } from '../support/history.ts';

const DAY = 86_400_000;
const STEP = 30 * 60_000;

describe('the synthetic streams', () => {
  it('quiet: fresh checks, no incident, issues at baseline, both signals 0; 3 issues a day: the signals move', () => {
    const from = Date.parse('2026-09-01T00:00:00Z');
    const quiet = syntheticStream(STREAMS[0]!, from, from + 30 * DAY);
    const busy = syntheticStream(STREAMS[2]!, from, from + 30 * DAY);
    const values = (stream: typeof quiet) =>
      Array.from({ length: 30 * 48 }, (_, i) => {
        const t = from + i * STEP;
        const s = stream(t);
        return [statusSignal(s.status, new Date(t)), issuesSignal(s.issues, new Date(t))];
      });
    expect(new Set(values(quiet).flat())).toEqual(new Set([0]));
    const moved = values(busy);
    expect(moved.some(([status]) => status! > 0)).toBe(true);
    expect(moved.some(([, issues]) => issues! > 0)).toBe(true);
    expect(syntheticStream(STREAMS[2]!, from, from + 30 * DAY)(from + 10 * DAY)).toEqual(busy(from + 10 * DAY));
  });
});

describe('on the frozen history, the last 20 days', () => {
  const data = history();
  const end = replayTimetablePulls(data, STEP, false, { fromMs: Number.MAX_SAFE_INTEGER }).end;
  const from = end - 20 * DAY;

  it('run-time signals: the 3-issues stream deploys only for facts and the horizon, as the quiet one; previous deploys for the figures', () => {
    const stream = syntheticStream(STREAMS[2]!, from - 2 * DAY, end + STEP);
    const replay = (runTimeSignals: boolean) =>
      replayTimetablePulls(data, STEP, false, { fromMs: from, signals: (_data, t) => stream(t), holdSignals: runTimeSignals }).pulls.slice(
        1,
      );
    const runTime = replay(true).filter(built);
    expect(runTime.every((p) => p.fact || p.horizon === true)).toBe(true);
    expect(replay(false).filter((p) => p.numbers).length).toBeGreaterThan(0);
  });

  it('every claim falls inside the span, at a watcher run, and a grant reminder is claimed when it falls due', () => {
    const claims = claimsOf(data, end - 90 * DAY, end, STEP, 5 * 60_000);
    expect(claims.every((c) => c.at >= end - 90 * DAY && c.at < end && c.at % (5 * 60_000) === 0)).toBe(true);
    expect(claims.filter((c) => c.kind === 'grant-expiring').length).toBeGreaterThan(0);
  });
});
