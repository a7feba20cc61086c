/**
 * The replay of the pull's build rule (scripts/lib/rebuild-replay.ts) on the mini fixture, pulls every 3 hours:
 * signals new at every pull (restlessSignals) add no build while they are held as deployed, as
 * `npm run facts-changed` holds them, and many when they are not (the rule before).
 */
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/core/dataset/index.ts';
import { built, quietSignals, replayTimetablePulls, restlessSignals } from '../../scripts/lib/rebuild-replay.ts';
import { MINI_NOW, miniTexts } from '../support/mini-data.ts';

const mini = parseDataset(miniTexts(), MINI_NOW);
const STEP_MS = 3 * 3_600_000;
const builds = (signals: typeof quietSignals, holdSignals: boolean): number[] =>
  replayTimetablePulls(mini, STEP_MS, false, { signals, holdSignals })
    .pulls.filter(built)
    .map((p) => p.t);

describe('replayTimetablePulls with the signals held as deployed', () => {
  it.each([5, 30, 180])(
    'restless signals, pulls every %i min: never the same twice in a row (the stream the claim is about)',
    (minutes) => {
      const t0 = Date.parse('2026-06-20T00:00:00Z');
      const said = Array.from({ length: 40 }, (_, i) => {
        const { status, issues } = restlessSignals(mini, t0 + i * minutes * 60_000);
        return JSON.stringify([status.components, issues.recent_count]);
      });
      expect(said.slice(1).every((x, i) => x !== said[i])).toBe(true);
    },
  );

  it('held: the very builds of quiet signals (facts and the horizon), none for a signal', () => {
    const quiet = builds(quietSignals, true);
    expect(quiet.length).toBeGreaterThan(0);
    expect(builds(restlessSignals, true)).toEqual(quiet);
  });

  it('not held (the rule before): a build for the points they move, far more than quiet', () => {
    expect(builds(restlessSignals, false).length).toBeGreaterThan(2 * builds(quietSignals, true).length);
  });
});
