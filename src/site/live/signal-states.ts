/**
 * The signal-dependent answers under a newer signals snapshot, computed where they are served (the timetable
 * function, /mcp: docs/timetable.md, "Signals at run time"). A deploy's timetable holds its own signals; the
 * pull stores each newer snapshot in Netlify Blobs, and the function answers with it, with no deploy.
 *
 * What is answered at `t` is what a fresh build with that snapshot in `data/` publishes at the state's start
 * `s` (but for forecast.json's `freshness.built_at`, which says the deploy). `s` is found as the build finds
 * a state: the 5-minute grid instant at or before `t` (never before the deploy, nor before the snapshot was
 * checked: a build never holds a check from its future), or the exact second a word, colour or flag of a
 * signal payload changed after it (the build's own bisection, `timetableScan`). Pure: no I/O, no clock.
 */
import type { Dataset } from '../../core/dataset/index.ts';
import type { SignalsFile } from '../../core/schema/index.ts';
import { pickState, STEP_SECONDS, timetableScan, type Reading } from '../../core/timetable.ts';
import { payloadsAt, SIGNAL_PAYLOAD_NAMES, sharedWork, type PayloadName, type PayloadsAt, type SharedWork } from '../api/payloads.ts';
import { buildOf, type Build } from '../data.ts';

/** What the deploy shipped for run time: its dataset, its address, its clock and its timetable's horizon. */
export interface DeployedSite {
  data: Dataset;
  base: string;
  /** The deploy's build instant (Unix seconds): its first state. */
  builtAt: number;
  /** The start of the deploy's last state (Unix seconds), which holds for ever after. */
  horizon: number;
}

/** One state of the signal-dependent answers under a snapshot. */
export interface SignalState {
  /** Its start (Unix seconds): the instant its texts are for (`generated_at`). */
  start: number;
  /** The first second it may no longer hold (the next grid instant or change point); null after the horizon. */
  end: number | null;
  /** The exact text of a payload, as a build at `start` with the snapshot publishes it. */
  text: (name: PayloadName) => string;
  /** The site at `start` with the snapshot: what a page or the calendar of that state is made from. */
  build: Build;
}

const seconds = (iso: string): number => Math.ceil(Date.parse(iso) / 1000);

/** The newest instant the snapshot records: a build holding it cannot be dated before. */
export function snapshotFrom(signals: SignalsFile): number {
  const checks = [signals.status.checked_at, signals.issues.checked_at].filter((c): c is string => c !== null);
  return Math.max(seconds(signals.fetched_at), ...checks.map(seconds));
}

/** The window of the grid that holds `t`: from its instant at or before `t` to the next, within the deploy's range. */
function windowOf(site: DeployedSite, from: number, t: number): { first: number; last: number | null } {
  if (t >= site.horizon) return { first: Math.max(site.horizon, from), last: null };
  const grid = Math.floor(t / STEP_SECONDS) * STEP_SECONDS;
  const first = Math.max(site.builtAt, from, grid);
  return { first, last: Math.min(site.horizon, grid + STEP_SECONDS) };
}

/**
 * The states under snapshots, kept per snapshot and window (`key` names the snapshot: its stored version).
 * Returns null where the snapshot cannot apply at `t`: before the deploy, or before the snapshot's own check.
 */
/**
 * `boundaries`: the deploy's own state starts, ascending (every output's, templates' too): a build there starts
 * a state of whatever changes at it, so a state under the snapshot starts there as well.
 */
export function createSignalStates(site: DeployedSite, shared: SharedWork = sharedWork(site.data), boundaries: readonly number[] = []) {
  const builtAt = new Date(site.builtAt * 1000);
  const kept = new Map<string, { first: number; starts: number[]; last: number | null; at: Map<number, PayloadsAt> }>();
  const KEEP = 16;

  return (signals: SignalsFile, key: string, t: number): SignalState | null => {
    const from = snapshotFrom(signals);
    if (t < site.builtAt || t < from) return null;
    const data: Dataset = { ...site.data, signals };
    const at = (u: number, cache: Map<number, PayloadsAt>): PayloadsAt => {
      let made = cache.get(u);
      if (!made) {
        made = payloadsAt(data, new Date(u * 1000), site.base, builtAt, shared);
        cache.set(u, made);
      }
      return made;
    };
    const { first, last } = windowOf(site, from, t);
    const id = `${key}@${first}`;
    let window = kept.get(id);
    if (!window) {
      const cache = new Map<number, PayloadsAt>();
      const read = (u: number): Reading<PayloadName> => {
        const made = at(u, cache);
        return { keys: Object.fromEntries(SIGNAL_PAYLOAD_NAMES.map((n) => [n, made.key(n)])) as Record<PayloadName, string> };
      };
      // Every instant where one of them starts a state: the continuous figures start one at each, as in the build.
      const scanned = last === null ? [] : Object.values(timetableScan(SIGNAL_PAYLOAD_NAMES, read, first, last)).flat();
      const deployed = boundaries.filter((b) => b > first && (last === null || b < last));
      const starts = [...new Set([first, ...scanned.map((s) => s.start), ...deployed])]
        .filter((s) => last === null || s < last)
        .sort((a, b) => a - b);
      window = { first, starts, last, at: cache };
      if (kept.size >= KEEP) kept.delete(kept.keys().next().value!);
      kept.set(id, window);
    }
    const i = pickState(window.starts, t);
    const start = window.starts[i]!;
    const made = at(start, window.at);
    return {
      start,
      end: window.starts[i + 1] ?? window.last,
      text: (name) => made.text(name),
      build: buildOf(data, site.base, new Date(start * 1000), made),
    };
  };
}
