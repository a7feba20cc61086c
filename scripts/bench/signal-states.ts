/**
 * `npm run bench:signals`: how a newer signals snapshot enters what is served (docs/timetable.md, "Signals at
 * run time"), both ways measured on the history in data/ at its own clock:
 *
 * - **applied at run time** (what ships): the function computes the signal payloads of the request's 5-minute
 *   window under the snapshot (src/site/live/signal-states.ts). Timed: the deploy's dataset loaded, a window's first
 *   request, a later request of the same window.
 * - **pre-rendered per signal level**: the build writes every state once per level the signals can take. Counted
 *   from the build's own states: the levels the published fields can take (status_signal's severities,
 *   issues_signal to its 4 published decimals), times the signal payloads' states, times their bytes.
 */
import { performance } from 'node:perf_hooks';
import { dataClock, parseDataset, type DatasetDocs } from '../../src/core/dataset/index.ts';
import { BUILD_FILES } from '../../src/core/dataset/files.ts';
import { timetableHorizon } from '../../src/core/forecast/horizon.ts';
import type { SignalsFile } from '../../src/core/schema/index.ts';
import { SITE } from '../../src/core/site.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { dataDir, readDataFiles } from '../../src/io/data-folder.ts';
import { SIGNAL_PAYLOAD_NAMES, sharedWork } from '../../src/site/api/payloads.ts';
import { createSignalStates } from '../../src/site/live/signal-states.ts';
import { computeTimetable } from '../../src/site/timetable.ts';
import { BENCH_SIGNALS } from '../lib/commands/tools.ts';
import { parseCommand } from '../lib/flags.ts';
import { fmt, table } from './table.ts';

const { values } = parseCommand(BENCH_SIGNALS);
const windows = Number(values.windows ?? 40);

const texts = readDataFiles(dataDir());
const docs = Object.fromEntries(BUILD_FILES.map((k) => [k, k === 'forecastLog' ? texts[k] : JSON.parse(texts[k])])) as DatasetDocs;
const clock = dataClock(docs);
const data = parseDataset(texts, clock);
const builtAt = Math.floor(clock.getTime() / 1000);
const horizon = timetableHorizon(clock, data.eventsCheckedAt);

/** A snapshot checked at `t`: an open Codex incident and issues over their baseline. */
function snapshotAt(t: number): SignalsFile {
  const at = toTimestamp(new Date(t * 1000));
  return {
    fetched_at: at,
    status: { indicator: 'major', components: [{ name: 'Codex', status: 'partial_outage' }], incidents: [], checked_at: at },
    issues: { recent_count: 9, baseline_per_day: 4, baseline_days: 14, checked_at: at },
    sources: [],
  };
}

const ms = (f: () => void): number => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Applied at run time: the dataset as the function loads it (JSON of the validated dataset), then windows.
const shipped = JSON.stringify({ base: SITE.url, data });
let loaded: typeof data | undefined;
const loadMs = ms(() => {
  loaded = (JSON.parse(shipped) as { data: typeof data }).data;
});
const states = createSignalStates({ data: loaded!, base: SITE.url, builtAt, horizon }, sharedWork(loaded!));
const first: number[] = [];
const again: number[] = [];
const span = Math.max(1, horizon - builtAt - 3600);
for (let i = 0; i < windows; i++) {
  const t = builtAt + 3600 + Math.floor((span * i) / windows);
  const s = snapshotAt(t - 60);
  const key = String(i);
  const every = (u: number) => () => {
    for (const n of SIGNAL_PAYLOAD_NAMES) states(s, key, u)!.text(n);
  };
  first.push(ms(every(t)));
  again.push(ms(every(t + 30)));
}

// Pre-rendered per level: the build's own states of the signal payloads, and their bytes.
const timetable = computeTimetable(data, clock, SITE.url);
const signalStates = SIGNAL_PAYLOAD_NAMES.flatMap((n) => timetable.states[n] ?? []);
const bytes = signalStates.reduce((sum, s) => sum + Buffer.byteLength(s.text), 0);
const STATUS_LEVELS = 5; // unknown or stale, 0, 0.5, 0.75, 1 (src/core/forecast/signals.ts)
const ISSUE_LEVELS = 10_001; // issues_signal from 0 to 1 with its 4 published decimals
const levels = STATUS_LEVELS * ISSUE_LEVELS;

console.log(`history of ${dataDir()} at ${toTimestamp(clock)}; ${windows} windows under a snapshot checked a minute before each\n`);
console.log(
  table(
    ['applied at run time (what ships)', 'median', 'slowest'],
    [
      ['the deploy’s dataset loaded (once per instance)', `${fmt(loadMs, 1)} ms`, ''],
      [
        'a window’s first request (its states found, every signal payload made)',
        `${fmt(median(first), 1)} ms`,
        `${fmt(Math.max(...first), 1)} ms`,
      ],
      ['a later request of the same window', `${fmt(median(again) * 1000, 0)} µs`, `${fmt(Math.max(...again) * 1000, 0)} µs`],
    ],
  ),
);
console.log('');
console.log(
  table(
    ['pre-rendered per signal level', 'value'],
    [
      ['signal payload states in one build', fmt(signalStates.length)],
      ['their bytes', `${fmt(bytes / 1e6, 1)} MB`],
      ['signal levels the published fields can take', `${fmt(STATUS_LEVELS)} × ${fmt(ISSUE_LEVELS)} = ${fmt(levels)}`],
      ['states to pre-render', fmt(signalStates.length * levels)],
      ['bytes to ship', `${fmt((bytes * levels) / 1e9, 0)} GB`],
    ],
  ),
);
