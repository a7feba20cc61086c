/**
 * Why a forecast has the confidence it has, as data: each reason is a kind and its values, so every
 * reader says it in its own words. `reasonSentence` is the one English wording, the one forecast.json
 * publishes in `confidence_reasons` (docs/api.md); the pages say the same reasons from their catalogues
 * (src/site/i18n/words.ts), never by reading the English back.
 */

export type ConfidenceReason =
  /** How many resets the forecast counts, since when (YYYY-MM-DD; null when none), and the rhythm model's name. */
  | { kind: 'record'; resets: number; since: string | null; model: string }
  /** Fewer than `min` resets: no forecast at all. */
  | { kind: 'too-few'; min: number }
  /** The rhythm model needs `min` resets; the memoryless rate stands in. */
  | { kind: 'no-rhythm'; model: string; min: number }
  /** The event record was last checked `days` ago, over the limit; both in whole days, rounded down. */
  | { kind: 'stale'; days: number; limitDays: number }
  /** The event record has no usable last check time (none, or one in the future). */
  | { kind: 'stale-unknown' }
  /** A signal with no recent successful check: it contributes nothing. */
  | { kind: 'signal-missing'; signal: 'status' | 'issues' }
  /** Fewer than `min` resets: available, but a small sample. */
  | { kind: 'small-sample'; min: number };

export type ReasonKind = ConfidenceReason['kind'];

/** Every kind, once: readers that must say each one (the catalogue test) walk this list. */
export const REASON_KINDS = [
  'record',
  'too-few',
  'no-rhythm',
  'stale',
  'stale-unknown',
  'signal-missing',
  'small-sample',
] as const satisfies readonly ReasonKind[];

// A kind added to the union but not to REASON_KINDS fails here, at type check.
type Unlisted = Exclude<ReasonKind, (typeof REASON_KINDS)[number]>;
const everyKindListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyKindListed;

const days = (d: number): string => (d === 1 ? '1 day' : `${d} days`);

/** The English sentence forecast.json publishes for a reason; its text is public (docs/api.md), so it never changes by accident. */
export function reasonSentence(r: ConfidenceReason): string {
  switch (r.kind) {
    case 'record':
      return `${r.resets} recorded reset${r.resets === 1 ? '' : 's'}${r.since === null ? '' : ` since ${r.since}`}; rhythm model: ${r.model}`;
    case 'too-few':
      return `fewer than ${r.min} resets recorded: no gap to average, so no forecast`;
    case 'no-rhythm':
      return `the ${r.model} model needs ${r.min} resets; the memoryless rate is used instead`;
    case 'stale':
      return (
        `the event record was last checked ${days(r.days)} ago (limit ${days(r.limitDays)}): resets since then ` +
        `may be missing, so the numbers are shown but not vouched for`
      );
    case 'stale-unknown':
      return 'the event record has no usable last check time (none, or one in the future): resets may be missing, so the numbers are shown but not vouched for';
    case 'signal-missing':
      return `${r.signal} signal unavailable (no recent successful check): it contributes nothing`;
    case 'small-sample':
      return `fewer than ${r.min} resets: a small sample`;
  }
}
