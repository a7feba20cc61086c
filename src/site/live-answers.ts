/**
 * Which answers a newer signals snapshot changes, and their bytes (docs/timetable.md, "Signals at run time"):
 * the payloads that move with the signals (PAYLOADS' `signals`) and the files made from them (the calendar's
 * advice), each as a build with that snapshot publishes it at the state's start (src/site/signal-states.ts).
 * A snapshot that is not newer than the deploy's own changes nothing. Pure.
 */
import type { LiveState } from '../core/timetable-answer.ts';
import { servedSignals } from '../core/signal-snapshot.ts';
import type { TimetableIndex } from '../core/timetable.ts';
import type { SignalsFile } from '../core/schema/index.ts';
import { SIGNAL_PAYLOAD_NAMES, type PayloadName } from './api/payloads.ts';
import { createSignalStates } from './signal-states.ts';
import { timetablePaths } from './timetable-paths.ts';
import type { DeployedSiteFile } from './timetable.ts';

/** A stored snapshot and the name of its version (states computed under it are kept by that name). */
export interface Snapshot {
  signals: SignalsFile;
  key: string;
}

/** The answer for a timetable name (a payload's, or a public path) at `t` under `snapshot`; undefined: the deploy's state stands. */
export type LiveEngine = (name: string, t: number, snapshot: Snapshot) => LiveState | undefined;

const encoder = new TextEncoder();
const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export function liveEngine(site: DeployedSiteFile, index: TimetableIndex): LiveEngine {
  const states = createSignalStates({
    data: site.data,
    base: site.base,
    builtAt: seconds(index.built_at),
    horizon: seconds(index.horizon),
  });
  const payloads = new Set<string>(SIGNAL_PAYLOAD_NAMES);
  const files = new Map(timetablePaths(site.data).flatMap((o) => (o.signals && o.text ? [[o.path, o.text] as const] : [])));
  return (name, t, snapshot) => {
    if (!payloads.has(name) && !files.has(name)) return undefined;
    if (servedSignals(site.data.signals, snapshot.signals).from === 'deploy') return undefined;
    const state = states(snapshot.signals, snapshot.key, t);
    if (state === null) return undefined;
    const text = payloads.has(name) ? state.text(name as PayloadName) : files.get(name)!(state.build);
    return { bytes: encoder.encode(text), start: state.start, end: state.end };
  };
}
