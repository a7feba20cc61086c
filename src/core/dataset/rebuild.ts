/**
 * Whether the scheduled pull should ask Netlify for a build (docs/pull.md, "When the site is rebuilt").
 * Every pull changes data/ (signals.json at least, and a forecast-log line), so building on every change
 * spends a build per pull. A build is needed only when what the site publishes would change:
 *  - a fact: a fact file (FACT_FILES: events, promises, grants, corrections) differs, bookkeeping fields
 *    aside, from the last commit's. Facts only change by being written, so the last commit is the exact
 *    reference, offline and deterministic;
 *  - the forecast's numbers: `available`, p24 and p48 as published (whole percents) differ from those of
 *    the deployed forecast.json. The forecast moves with the clock (the rhythm decays, promise windows
 *    open and close, signals age), so "changed" must mean "differs from what the site shows", not from
 *    the previous pull's forecast: a build that failed or a hook that was never called would otherwise
 *    never be made up, and the deployed value is the one readers see. Comparing whole percents means a
 *    build per point moved, not per drift of the unrounded value.
 * Pure: the caller reads the files, the deployed forecast and the clock.
 */
import type { ForecastPayload } from '../schema/index.ts';
import { ABSENT_MEANS, dataPath, FACT_FILES, type FactFileKey } from './files.ts';

/** The published numbers of forecast.json that decide a build. */
export type ForecastNumbers = Pick<ForecastPayload, 'available' | 'p24' | 'p48'>;
const NUMBER_FIELDS = ['available', 'p24', 'p48'] as const satisfies readonly (keyof ForecastNumbers)[];

/** The fact files' texts; a file that is absent is undefined. */
export type FactTexts = Partial<Record<FactFileKey, string>>;

export interface RebuildInput {
  /** The fact files as of the last commit (before the pull). */
  before: FactTexts;
  /** The fact files now (after the pull). */
  after: FactTexts;
  /** The forecast this data publishes at the decision's clock. */
  forecast: ForecastNumbers;
  /** The deployed site's forecast, or why it could not be read. */
  deployed: ForecastNumbers | { unreadable: string };
}

export interface RebuildDecision {
  rebuild: boolean;
  /** One line per reason to build; empty when there is none. */
  why: string[];
}

/** Sorted keys at every level: two files with the same content compare equal whatever their layout. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
}

/** A fact file's facts as comparable text: its JSON without the bookkeeping fields. Text that is not JSON compares as itself. */
function factsOf(key: FactFileKey, text: string | undefined): string {
  const raw = text ?? ABSENT_MEANS[key] ?? '';
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    const ignored = new Set<string>(FACT_FILES[key].bookkeeping);
    doc = Object.fromEntries(Object.entries(doc).filter(([k]) => !ignored.has(k)));
  }
  return JSON.stringify(canonical(doc));
}

/** The fact files whose facts differ between `before` and `after`, in registry order. */
export function changedFactFiles(before: FactTexts, after: FactTexts): FactFileKey[] {
  return (Object.keys(FACT_FILES) as FactFileKey[]).filter((key) => factsOf(key, before[key]) !== factsOf(key, after[key]));
}

/** forecast.json's numbers from any parsed document, or null when it does not carry them as published. */
export function forecastNumbers(doc: unknown): ForecastNumbers | null {
  if (doc === null || typeof doc !== 'object') return null;
  const { available, p24, p48 } = doc as Record<string, unknown>;
  const percent = (x: unknown): x is number => Number.isInteger(x) && (x as number) >= 0 && (x as number) <= 100;
  return typeof available === 'boolean' && percent(p24) && percent(p48) ? { available, p24, p48 } : null;
}

export function rebuildDecision(input: RebuildInput): RebuildDecision {
  const why = changedFactFiles(input.before, input.after).map((key) => `${dataPath(key)}: facts changed`);
  const { deployed, forecast } = input;
  // Unknown is not "unchanged": a site that cannot be read may be a failed deploy, and one build too many costs less than a stale site.
  if ('unreadable' in deployed) why.push(`forecast: the deployed forecast could not be read (${deployed.unreadable}), so building`);
  else {
    const moved = NUMBER_FIELDS.filter((f) => deployed[f] !== forecast[f]).map((f) => `${f} ${deployed[f]} → ${forecast[f]}`);
    if (moved.length > 0) why.push(`forecast: ${moved.join(', ')} (deployed → now)`);
  }
  return { rebuild: why.length > 0, why };
}
