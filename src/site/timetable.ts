/**
 * The build's timetable (docs/timetable.md): every state of the clock payloads from the build's clock to
 * the horizon, each the exact text a build at the state's start publishes (but for forecast.json's
 * `freshness.built_at`, which says this build), and the files they are written to under dist/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Dataset } from '../core/dataset/index.ts';
import { evaluate, type Evaluation } from '../core/forecast/evaluate.ts';
import { timetableHorizon } from '../core/forecast/horizon.ts';
import { stableStringify } from '../core/json.ts';
import { toTimestamp } from '../core/time.ts';
import { stateFile, TIMETABLE_DIR, TIMETABLE_INDEX, timetableStates, type TimetableIndex, type TimetableState } from '../core/timetable.ts';
import { CLOCK_PAYLOAD_NAMES, createClockPayloadTexts, PAYLOAD_SCHEMAS, type PayloadName } from './api/payloads.ts';
import { loadBuild } from './data.ts';

export interface Timetable {
  index: TimetableIndex;
  states: Record<PayloadName, TimetableState[]>;
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

export function computeTimetable(data: Dataset, builtAt: Date, base: string): Timetable {
  const from = seconds(builtAt);
  const horizon = Math.max(from, timetableHorizon(builtAt, data.eventsCheckedAt));
  // The backtest does not depend on the clock: computed once for every instant.
  let evaluation: Evaluation | undefined;
  const backtest = (): Evaluation => (evaluation ??= evaluate(data.events, data.announcements));
  const states = timetableStates(
    CLOCK_PAYLOAD_NAMES,
    (t) => createClockPayloadTexts(data, new Date(t * 1000), base, builtAt, backtest),
    from,
    horizon,
  ) as Record<PayloadName, TimetableState[]>;
  const index: TimetableIndex = {
    built_at: toTimestamp(builtAt),
    horizon: toTimestamp(new Date(horizon * 1000)),
    states: Object.fromEntries(CLOCK_PAYLOAD_NAMES.map((n) => [n, states[n].map((s) => s.start)])),
  };
  return { index, states };
}

/** Writes the timetable into `outDir/_timetable/`: the index and one file per state. */
export function writeTimetable(outDir: string, timetable: Timetable): void {
  const dir = join(outDir, TIMETABLE_DIR);
  for (const [name, states] of Object.entries(timetable.states) as [PayloadName, TimetableState[]][]) {
    mkdirSync(join(dir, name), { recursive: true });
    for (const s of states) writeFileSync(join(dir, stateFile(name, s.start)), s.text);
  }
  mkdirSync(dirname(join(dir, TIMETABLE_INDEX)), { recursive: true });
  writeFileSync(join(dir, TIMETABLE_INDEX), stableStringify(timetable.index));
}

/** The build's own timetable (loadBuild: the same data, clock and site address as every page), written into `outDir`. */
export function writeBuildTimetable(outDir: string): void {
  const build = loadBuild();
  writeTimetable(outDir, computeTimetable(build.data, build.now, build.base));
}

/**
 * Every problem of the timetable a build wrote under `outDir` (empty when it may be published): a missing
 * or unreadable index, a payload missing from it, a state file missing, not its payload's schema, or
 * published under another address than `base` (its `source`). Each problem names the file (relative to `outDir`).
 */
export function timetableProblems(outDir: string, base: string): string[] {
  const dir = join(outDir, TIMETABLE_DIR);
  const where = (file: string): string => `${TIMETABLE_DIR}/${file}`;
  let index: TimetableIndex;
  try {
    index = JSON.parse(readFileSync(join(dir, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
  } catch (e) {
    return [`${where(TIMETABLE_INDEX)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error).message}`];
  }
  const problems: string[] = [];
  for (const name of CLOCK_PAYLOAD_NAMES) {
    const starts = index.states?.[name];
    if (!Array.isArray(starts) || starts.length === 0) {
      problems.push(`${where(TIMETABLE_INDEX)}: no states of ${name}`);
      continue;
    }
    starts.forEach((start, i) => {
      const file = stateFile(name, start);
      if (!Number.isInteger(start) || (i > 0 && start <= starts[i - 1]!))
        problems.push(`${where(TIMETABLE_INDEX)}: ${name}: starts not ascending at ${start}`);
      let text: string;
      try {
        text = readFileSync(join(dir, file), 'utf8');
      } catch (e) {
        problems.push(`${where(file)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error).message}`);
        return;
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        problems.push(`${where(file)}: not JSON (${(e as Error).message})`);
        return;
      }
      const parsed = PAYLOAD_SCHEMAS[name].safeParse(value);
      if (!parsed.success)
        problems.push(`${where(file)}: ${parsed.error.issues.map((x) => `${x.path.join('.') || '(top level)'}: ${x.message}`).join('; ')}`);
      else if (parsed.data.source !== base) problems.push(`${where(file)}: source ${parsed.data.source}, not the site's address ${base}`);
    });
  }
  return problems;
}
