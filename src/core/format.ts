/** Human formatting for the site: ages relative to the build clock and readable UTC dates. Pure: `now` is an argument. */
import { parseTimestamp } from './time.ts';
import { MINUTE_MS, HOUR_MS, DAY_MS } from './time-units.ts';

/** "12 min ago", "3 h ago", "43 days ago" (days, not months: staleness is counted in days); "in 2 h" ahead. */
export function ago(ts: string, now: Date): string {
  const diffMs = now.getTime() - parseTimestamp(ts).getTime();
  const abs = Math.abs(diffMs);
  if (abs < MINUTE_MS) return 'just now';
  // Rounded down, so "1 h ago" never really means 59 min.
  const span =
    abs < HOUR_MS ? `${Math.floor(abs / MINUTE_MS)} min`
    : abs < 2 * DAY_MS ? `${Math.floor(abs / HOUR_MS)} h`
    : `${Math.floor(abs / DAY_MS)} days`;
  return diffMs > 0 ? `${span} ago` : `in ${span}`;
}

/** Whole days between an instant and now, rounded down (for "last checked 43 days ago" caveats). */
export function daysSince(ts: string, now: Date): number {
  return Math.floor((now.getTime() - parseTimestamp(ts).getTime()) / DAY_MS);
}

/** "2026-11-22 23:14 UTC": unambiguous for every reader, no locale guesswork at build time. */
export function utcDateTime(ts: string): string {
  return `${parseTimestamp(ts).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "22 Nov 2026" from a `YYYY-MM-DD` or timestamp (fixed English names: output must not vary with the ICU build). */
export function longDate(dateOrTs: string): string {
  const d = new Date(dateOrTs.length === 10 ? `${dateOrTs}T00:00:00Z` : dateOrTs);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${JSON.stringify(dateOrTs)}`);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** Scope words for people: "plus+pro" → "Plus + Pro", "all" → "All plans". */
export function scopeLabel(scope: string): string {
  const groups: Record<string, string> = { all: 'All plans', paid: 'Paid plans', unspecified: 'Plans not stated' };
  return groups[scope] ?? scope.split('+').map((p) => (p === 'edu' ? 'Edu' : p[0]!.toUpperCase() + p.slice(1))).join(' + ');
}

/**
 * "an OpenAI Codex reset", "a Codex reset": the English indefinite article for a generated title, by
 * the noun's first letter (our nouns are brand names and plain words, none with a silent or "yoo" sound).
 */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
