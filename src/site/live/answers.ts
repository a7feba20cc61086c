/**
 * Which answers a newer signals snapshot changes, and their bytes (docs/timetable.md, "Signals at run time"):
 * the payloads that move with the signals (PAYLOADS' `signals`) and the files made from them (the calendar's
 * advice), each as a build with that snapshot publishes it at the state's start (src/site/live/signal-states.ts).
 * A snapshot that is not newer than the deploy's own changes nothing. Pure.
 */
import type { PageTemplate } from '../../core/page-template.ts';
import type { LiveState } from '../../core/timetable-answer.ts';
import { servedSignals, type Snapshot } from '../../core/signals/snapshot.ts';
import { pickState, type TimetableIndex } from '../../core/timetable.ts';
import { SIGNAL_PAYLOAD_NAMES, type PayloadName } from '../api/payloads.ts';
import { createSignalStates, type SignalState } from './signal-states.ts';
import { fillPage } from '../slots/index.ts';
import { timetablePaths } from '../timetable-paths.ts';
import type { DeployedSiteFile } from '../timetable.ts';

/** The answer for a timetable name (a payload's, or a public path) at `t` under `snapshot`; undefined: the deploy's state stands. */
export type LiveEngine = (name: string, t: number, snapshot: Snapshot) => LiveState | undefined;

/** A page's template state, as the deploy wrote it (`pathTemplateFile`); throws when it cannot be read. */
export type ReadTemplate = (path: string, start: number) => PageTemplate;

const encoder = new TextEncoder();
const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

/** Every state start of the deploy's index, ascending: payloads', paths' and templates'. */
const deployedStarts = (index: TimetableIndex): number[] =>
  [...new Set([...Object.values(index.states), ...Object.values(index.paths ?? {}), ...Object.values(index.templates ?? {})].flat())].sort(
    (a, b) => a - b,
  );

export function liveEngine(site: DeployedSiteFile, index: TimetableIndex, readTemplate?: ReadTemplate): LiveEngine {
  const deploy = { data: site.data, base: site.base, builtAt: seconds(index.built_at), horizon: seconds(index.horizon) };
  const states = createSignalStates(deploy, undefined, deployedStarts(index));
  const payloads = new Set<string>(SIGNAL_PAYLOAD_NAMES);
  const files = new Map(timetablePaths(site.data).flatMap((o) => (o.signals && o.text ? [[o.path, o.text] as const] : [])));
  const templates: Record<string, number[]> = readTemplate ? (index.templates ?? {}) : {};
  const answer = (name: string, state: SignalState): string => {
    if (payloads.has(name)) return state.text(name as PayloadName);
    const file = files.get(name);
    if (file) return file(state.build);
    // A page: its template at the state's start, its slots filled from the site under the snapshot.
    const starts = templates[name]!;
    return fillPage(readTemplate!(name, starts[pickState(starts, state.start)]!), state.build);
  };
  return (name, t, snapshot) => {
    if (!payloads.has(name) && !files.has(name) && !Object.hasOwn(templates, name)) return undefined;
    if (servedSignals(site.data.signals, snapshot.signals).from === 'deploy') return undefined;
    const state = states(snapshot.signals, snapshot.key, t);
    if (state === null) return undefined;
    return { bytes: encoder.encode(answer(name, state)), start: state.start, end: state.end };
  };
}
