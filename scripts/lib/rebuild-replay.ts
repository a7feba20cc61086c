/**
 * The replay of the pull's build rule over the recorded history (docs/pull.md), shared by `npm run
 * bench:rebuilds` (builds per day) and `npm run bench:cost` (deploys a month). Pulls every `stepMs`, from
 * one step after the first fact to one step after the end of the record. At each pull time t the dataset
 * is what was published by t (events, promises, grants by their times; corrections by theirs), the event
 * record is taken as checked at t and the status and issues signals as fresh and quiet (there is no signal
 * history to replay; a real incident adds builds through the numbers it moves). A pull builds when a fact
 * appeared since the previous pull or what a build then would publish (publishedNow: the forecast's
 * numbers, the alert ids, the active banked grants and their advice) differs from what the last build
 * published (viewChanges): the rule and the functions of `npm run facts-changed`.
 */
import type { Dataset } from '../../src/core/dataset/index.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { publishedNow, type PublishedView } from '../../src/jobs/rebuild/published.ts';
import { viewChanges } from '../../src/jobs/rebuild/rebuild.ts';

/** Why a pull built: a fact, else the forecast's numbers, else the alerts or banked grants alone (time-bound). */
export interface Pull {
  t: number;
  fact: boolean;
  numbers: boolean;
  timeBound: boolean;
}

export interface Replay {
  pulls: Pull[];
  /** Every moment a fact was published, ascending (ms). */
  factTimes: number[];
  /** The end of the record: the last fact, the signals' fetch or the record's last check, whichever is latest. */
  end: number;
}

export const built = (p: Pull): boolean => p.fact || p.numbers || p.timeBound;

/** Every moment a fact was published: an event, a promise, a grant, a correction. */
function factTimesOf(data: Dataset): number[] {
  return [
    ...data.events.map((e) => e.ts),
    ...data.announcements.map((a) => a.ts),
    ...data.banked.grants.map((g) => g.granted_at),
    ...data.corrections.map((c) => c.at),
  ]
    .map(Date.parse)
    .sort((a, b) => a - b);
}

/** The dataset as a pull at `t` would have found it: what was published by then, checked at t, signals quiet. */
export function datasetAt(data: Dataset, t: number): Dataset {
  const ts = toTimestamp(new Date(t));
  const quiet = {
    ...data.signals,
    fetched_at: ts,
    status: { indicator: 'none' as const, components: [], incidents: [], checked_at: ts },
    issues: { ...data.signals.issues, recent_count: 0, baseline_per_day: 0, checked_at: ts },
  };
  return {
    ...data,
    events: data.events.filter((e) => Date.parse(e.ts) <= t),
    eventsCheckedAt: ts,
    announcements: data.announcements.filter((a) => Date.parse(a.ts) <= t),
    banked: { ...data.banked, grants: data.banked.grants.filter((g) => Date.parse(g.granted_at) <= t) },
    corrections: data.corrections.filter((c) => Date.parse(c.at) <= t),
    signals: quiet,
  };
}

/** The pulls of the whole record, each with why it built (or none of the three: no build). */
export function replayPulls(data: Dataset, stepMs: number): Replay {
  const factTimes = factTimesOf(data);
  const first = factTimes[0]!;
  const end = Math.max(factTimes.at(-1)!, Date.parse(data.signals.fetched_at), Date.parse(data.eventsCheckedAt));
  const pulls: Pull[] = [];
  let deployed: PublishedView | null = null;
  let next = 0;
  // The first pull is one step after the first fact, so that fact is the first build.
  for (let t = Math.ceil((first + 1) / stepMs) * stepMs; t < end + stepMs; t += stepMs) {
    let fact = false;
    while (next < factTimes.length && factTimes[next]! <= t) {
      fact = true;
      next += 1;
    }
    const view = publishedNow(datasetAt(data, t), new Date(t), 'https://bench.invalid');
    const changes = deployed === null ? { forecast: 'first build' } : viewChanges(deployed, view);
    const numbers = !fact && changes.forecast !== undefined;
    const timeBound = !fact && !numbers && (changes.alerts !== undefined || changes.banked !== undefined);
    if (fact || numbers || timeBound) deployed = view;
    pulls.push({ t, fact, numbers, timeBound });
  }
  return { pulls, factTimes, end };
}

/** The pulls of the last `ms` of the record. */
export const lastSpan = (replay: Replay, ms: number): Pull[] => replay.pulls.filter((p) => p.t > replay.end - ms);
