/**
 * The pull's assembly step: every source's outcome made into the next record, signals and pull state,
 * validated whole. What the post sources found is added only if the dataset still validates with it; a
 * source whose finds alone break it records nothing and is recorded as failed, saying why.
 */
import type { Curated } from '../../core/curate/state.ts';
import { DataError, validateDataset, type Dataset } from '../../core/dataset/index.ts';
import type { PullStateFile, SignalsFile, SourceCheck } from '../../core/schema/index.ts';
import { checksEventsOf, SIGNAL_FIELDS, signalOf, type SignalField } from '../../core/sources.ts';
import { toTimestamp } from '../../core/time.ts';
import { check } from '../outcome.ts';
import type { Fetched, Snapshot, SourceResult } from './fetchers.ts';
import { recordFound } from './record.ts';
import type { PullStart } from './start.ts';

export interface Assembled {
  next: Curated;
  signals: SignalsFile;
  state: PullStateFile;
  /** The whole dataset the next files make, validated. */
  data: Dataset;
}

const answerOf = (r: SourceResult): Fetched | undefined => (r.outcome.outcome === 'ok' ? r.outcome.value : undefined);
const findsPosts = (r: SourceResult): boolean => signalOf(r.name) === undefined;

/** The new value of a signal field: from its source when it answered, else as it was. */
export function snapshotOf(results: readonly SourceResult[], field: SignalField): Snapshot | null {
  const source = results.find((r) => signalOf(r.name) === field);
  return (source && answerOf(source)?.snapshot) ?? null;
}

/** The source's entry in signals.json `sources[]`, its last good check carried over from `signals`. */
function checkOf(r: SourceResult, signals: SignalsFile, now: Date): SourceCheck {
  const field = signalOf(r.name);
  const prev = signals.sources.find((s) => s.name === r.name);
  const value = answerOf(r);
  return check(r.name, r.outcome, now, prev, field ? signals[field].checked_at : null, value?.via, value?.note);
}

function nextSignals(results: readonly SourceResult[], current: SignalsFile, now: Date): SignalsFile {
  const at = toTimestamp(now);
  const field = <F extends SignalField>(f: F): SignalsFile[F] => {
    const snapshot = snapshotOf(results, f);
    return snapshot ? ({ ...snapshot, checked_at: at } as SignalsFile[F]) : current[f];
  };
  // Every signal field of the registry, in its order (the file's key order: stableStringify keeps it).
  const fields = Object.fromEntries(SIGNAL_FIELDS.map((f) => [f, field(f)])) as Pick<SignalsFile, SignalField>;
  return { fetched_at: at, ...fields, sources: results.map((r) => checkOf(r, current, now)) };
}

/** The next files with the finds of every source that answered, validated whole (throws DataError when they are not valid). */
export function assemble(start: PullStart, results: readonly SourceResult[], now: Date): Assembled {
  const answered = results.filter((r) => r.outcome.outcome === 'ok');
  const posts = answered.flatMap((r) => answerOf(r)?.posts ?? []);
  const next = recordFound(
    start.curated,
    posts.map((p) => p.found),
  );
  if (answered.some((r) => checksEventsOf(r.name))) next.events = { ...next.events, checked_at: toTimestamp(now) };
  const signals = nextSignals(results, start.current.signals, now);
  const state = Object.assign({}, start.pullState, ...posts.map((p) => p.state)) as PullStateFile;
  const data = validateDataset({ ...next, signals, forecastLog: start.dataTexts.forecastLog }, now);
  return { next, signals, state, data };
}

/** `results` with each post source whose finds alone break the dataset turned into a failure that says why. */
function isolateInvalidFinds(start: PullStart, results: readonly SourceResult[], now: Date): SourceResult[] {
  const alone = (r: SourceResult): SourceResult[] =>
    results.map((o) => (o === r || !findsPosts(o) ? o : { ...o, outcome: { outcome: 'skipped', error: '' } }));
  return results.map((r) => {
    if (r.outcome.outcome !== 'ok' || !findsPosts(r)) return r;
    try {
      assemble(start, alone(r), now);
      return r;
    } catch (e) {
      if (!(e instanceof DataError)) throw e;
      return { ...r, outcome: { outcome: 'failed', error: `new posts failed validation: ${e.problems.join('; ')}` } };
    }
  });
}

/** The assembly with every find that validates, and the results as recorded (a source whose finds did not, failed). */
export function assembleValid(
  start: PullStart,
  results: readonly SourceResult[],
  now: Date,
): { assembled: Assembled; results: readonly SourceResult[] } {
  try {
    return { assembled: assemble(start, results, now), results };
  } catch (e) {
    if (!(e instanceof DataError)) throw e;
  }
  const recorded = isolateInvalidFinds(start, results, now);
  return { assembled: assemble(start, recorded, now), results: recorded };
}
