/**
 * The replay of the pull's build rule over the recorded history (docs/pull.md), shared by `npm run
 * bench:rebuilds` (builds per day) and `npm run bench:cost` (deploys a month). Pulls every `stepMs`, from
 * one step after the first fact to one step after the end of the record. At each pull time t the dataset
 * is what was published by t (events, promises, grants by their times; corrections by theirs), the event
 * record is taken as checked at t and the status and issues signals as fresh and quiet (there is no signal
 * history to replay), or as `restlessSignals` says, new at every pull, for the signals' part of the rule. A pull builds when a fact
 * appeared since the previous pull or what a build then would publish (publishedNow: the forecast's
 * numbers, the alert ids, the active banked grants and their advice) differs from what the last build
 * published (viewChanges): the rule of `npm run facts-changed` before the timetable; replayTimetablePulls
 * replays its rule since (docs/timetable.md): as it ships (the deployed signals held on both sides), with the
 * signals not held (the rule before), or with the static pages' check (STATIC_OUTPUTS_FOLLOW_CLOCK).
 */
import type { Dataset } from '../../src/core/dataset/index.ts';
import type { SignalsFile } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { MINUTE_MS } from '../../src/core/time-units.ts';
import { publishedNow, staticView, withSignals, type PublishedView } from '../../src/jobs/rebuild/published.ts';
import { HORIZON_MARGIN_MS, pagesChanges, STATIC_OUTPUTS_FOLLOW_CLOCK, viewChanges } from '../../src/jobs/rebuild/rebuild.ts';
import { timetableHorizon } from '../../src/core/forecast/horizon.ts';

/**
 * Why a pull built: a fact, else the forecast's numbers, else the alerts or banked grants alone (time-bound),
 * else (with the timetable) the deployed timetable running out, else the static pages showing figures moved
 * since the build (while STATIC_OUTPUTS_FOLLOW_CLOCK).
 */
export interface Pull {
  t: number;
  fact: boolean;
  numbers: boolean;
  timeBound: boolean;
  horizon?: boolean;
  pages?: boolean;
}

export interface Replay {
  pulls: Pull[];
  /** Every moment a fact was published, ascending (ms). */
  factTimes: number[];
  /** The end of the record: the last fact, the signals' fetch or the record's last check, whichever is latest. */
  end: number;
}

export const built = (p: Pull): boolean => p.fact || p.numbers || p.timeBound || p.horizon === true || p.pages === true;

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

/** What the status and issues sources said at a pull at `t` (ms): a signals.json snapshot checked at t. */
export type SignalStream = (data: Dataset, t: number) => SignalsFile;

/** Signals quiet at every pull: no incident, no issue above its baseline (there is no signal history to replay). */
export const quietSignals: SignalStream = (data, t) => {
  const ts = toTimestamp(new Date(t));
  return {
    ...data.signals,
    fetched_at: ts,
    status: { indicator: 'none', components: [], incidents: [], checked_at: ts },
    issues: { ...data.signals.issues, recent_count: 0, baseline_per_day: 0, checked_at: ts },
  };
};

/** The Codex component's states the restless stream cycles through, from calm to a major outage. */
const COMPONENT_STATES = ['operational', 'degraded_performance', 'partial_outage', 'major_outage'] as const;

/**
 * Signals that change at every pull, deterministically: the Codex component steps through its states and the
 * new usage-limit issues through 0 to 11 a day against a baseline of 2 (the issue signal from 0 to 1), on
 * periods of 7 and 5 five-minute marks: pulls every 5 or 30 minutes never find the same signals twice in a row,
 * and the figures move by several points.
 */
export const restlessSignals: SignalStream = (data, t) => {
  const ts = toTimestamp(new Date(t));
  const n = Math.floor(t / (5 * MINUTE_MS));
  const status = COMPONENT_STATES[n % 7 < 4 ? n % 7 : 7 - (n % 7)]!;
  return {
    ...data.signals,
    fetched_at: ts,
    status: {
      indicator: status === 'operational' ? 'none' : status === 'major_outage' ? 'major' : 'minor',
      components: [{ name: 'Codex', status }],
      incidents: [],
      checked_at: ts,
    },
    issues: { ...data.signals.issues, recent_count: [0, 3, 11, 6, 2][n % 5]!, baseline_per_day: 2, checked_at: ts },
  };
};

/** The dataset as a pull at `t` would have found it: what was published by then, checked at t, the signals `signals` says. */
export function datasetAt(data: Dataset, t: number, signals: SignalStream = quietSignals): Dataset {
  const ts = toTimestamp(new Date(t));
  return {
    ...data,
    events: data.events.filter((e) => Date.parse(e.ts) <= t),
    eventsCheckedAt: ts,
    announcements: data.announcements.filter((a) => Date.parse(a.ts) <= t),
    banked: { ...data.banked, grants: data.banked.grants.filter((g) => Date.parse(g.granted_at) <= t) },
    corrections: data.corrections.filter((c) => Date.parse(c.at) <= t),
    signals: signals(data, t),
  };
}

/**
 * The pull times of the record, each with whether a fact appeared since the previous pull: from one step
 * after the first fact, or from the first pull at or after `fromMs` (a replay of the record's end only).
 */
function pullTimes(
  data: Dataset,
  stepMs: number,
  fromMs = Number.NEGATIVE_INFINITY,
): { factTimes: number[]; end: number; times: { t: number; fact: boolean }[] } {
  const factTimes = factTimesOf(data);
  const first = factTimes[0]!;
  const end = Math.max(factTimes.at(-1)!, Date.parse(data.signals.fetched_at), Date.parse(data.eventsCheckedAt));
  const times: { t: number; fact: boolean }[] = [];
  const start = Math.max(Math.ceil((first + 1) / stepMs) * stepMs, Math.ceil(fromMs / stepMs) * stepMs);
  // Facts before the first pull are in its dataset; that pull is the first build whatever they are.
  let next = factTimes.filter((f) => f < start - stepMs).length;
  // The first pull is one step after the first fact, so that fact is the first build.
  for (let t = start; t < end + stepMs; t += stepMs) {
    let fact = false;
    while (next < factTimes.length && factTimes[next]! <= t) {
      fact = true;
      next += 1;
    }
    times.push({ t, fact });
  }
  return { factTimes, end, times };
}

const BASE = 'https://bench.invalid';

/** Why a pull builds, given what a build then publishes and what the deployed site shows then (null: nothing yet). */
function reasons(fact: boolean, deployed: PublishedView | null, view: PublishedView): Omit<Pull, 't'> {
  const changes = deployed === null ? { forecast: 'first build' } : viewChanges(deployed, view);
  const numbers = !fact && changes.forecast !== undefined;
  const timeBound = !fact && !numbers && (changes.alerts !== undefined || changes.banked !== undefined);
  return { fact, numbers, timeBound };
}

/** The pulls of the whole record, each with why it built (or none of the three: no build). */
export function replayPulls(data: Dataset, stepMs: number): Replay {
  const { factTimes, end, times } = pullTimes(data, stepMs);
  let deployed: PublishedView | null = null;
  const pulls = times.map(({ t, fact }): Pull => {
    const view = publishedNow(datasetAt(data, t), new Date(t), BASE);
    const why = reasons(fact, deployed, view);
    if (built({ t, ...why })) deployed = view;
    return { t, ...why };
  });
  return { pulls, factTimes, end };
}

/** How the timetable's rule is replayed: the signals each pull finds, and whether they are held as deployed. */
export interface TimetableReplayOptions {
  /** What the status and issues sources say at each pull (quiet unless given). */
  signals?: SignalStream;
  /**
   * True (as it ships): what a build would publish is computed with the deployed signals in place of the pull's
   * (`withSignals`, as `npm run facts-changed` does), so a signal never builds. False: the rule before, with
   * the pull's own signals, under which every point a signal moves builds.
   */
  holdSignals?: boolean;
  /** Replay only the pulls from this instant (ms): the first one builds, as a first deploy. */
  fromMs?: number;
}

/**
 * The pulls of the whole record under the timetable's rule (docs/timetable.md, `npm run facts-changed` since
 * issue 37): the deployed site serves, at each pull, the state its build computed for that instant, so what
 * is compared is what a build then would publish with what the last build's data publish at the same
 * instant (a change the clock alone makes is in the deployed timetable), the deployed signals held on both
 * sides (`holdSignals`); a build is asked for HORIZON_MARGIN_MS before the deployed timetable runs out; and,
 * with `staticOutputsFollowClock`, when the view a build of the pull's data publishes at the last build's
 * instant (what the static pages show, staticView) differs from the one it publishes now.
 */
export function replayTimetablePulls(
  data: Dataset,
  stepMs: number,
  staticOutputsFollowClock = STATIC_OUTPUTS_FOLLOW_CLOCK,
  { signals = quietSignals, holdSignals = true, fromMs }: TimetableReplayOptions = {},
): Replay {
  const { factTimes, end, times } = pullTimes(data, stepMs, fromMs);
  let deployed: { data: Dataset; clock: { builtAt: string; eventsCheckedAt: string }; horizonMs: number } | null = null;
  const pulls = times.map(({ t, fact }): Pull => {
    const now = datasetAt(data, t, signals);
    const compared = holdSignals && deployed !== null ? withSignals(now, deployed.data.signals) : now;
    const view = publishedNow(compared, new Date(t), BASE);
    const why = reasons(fact, deployed && publishedNow(deployed.data, new Date(t), BASE), view);
    const horizon = !built({ t, ...why }) && deployed !== null && t >= deployed.horizonMs - HORIZON_MARGIN_MS;
    const pages =
      staticOutputsFollowClock &&
      !built({ t, ...why, horizon }) &&
      deployed !== null &&
      pagesChanges(staticView(now, deployed.clock, new Date(t), BASE)).length > 0;
    if (built({ t, ...why, horizon, pages }))
      deployed = {
        data: now,
        clock: { builtAt: toTimestamp(new Date(t)), eventsCheckedAt: now.eventsCheckedAt },
        horizonMs: timetableHorizon(new Date(t), now.eventsCheckedAt) * 1000,
      };
    return { t, ...why, horizon, pages };
  });
  return { pulls, factTimes, end };
}

/** The pulls of the last `ms` of the record. */
export const lastSpan = (replay: Replay, ms: number): Pull[] => replay.pulls.filter((p) => p.t > replay.end - ms);
