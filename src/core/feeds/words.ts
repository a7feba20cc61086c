/**
 * Recorded facts said in words for people (feeds, calendar, alerts; the pages say the same in their
 * locale from the keys here): no field name, raw id or ISO timestamp reaches a reader (issue 32).
 * Pure.
 */
import { utcDateTime } from '../format.ts';
import { UNCERTAIN_FIELDS, uncertainField } from '../uncertain-fields.ts';

/**
 * The words of each field a record may list in `uncertain_fields` (the registry, src/core/uncertain-fields.ts):
 * the name is what is said, the curator's note stays in /api/v1/event-notes.json and banked.json. A name not
 * listed there is said as "another detail".
 */
export type DoubtKey = (typeof UNCERTAIN_FIELDS)[keyof typeof UNCERTAIN_FIELDS]['key'] | 'other';

/** The catalogue key of one `uncertain_fields` entry: its leading name's, before any " (note)". */
export function doubtKey(entry: string): DoubtKey {
  return uncertainField(entry)?.key ?? 'other';
}

const EN_BY_KEY = new Map<DoubtKey, string>([
  ...Object.values(UNCERTAIN_FIELDS).map((w) => [w.key, w.en] as const),
  ['other', 'another detail is not certain'],
]);

/** The distinct keys of a record's uncertain fields, in the order first listed. */
export function doubtKeys(fields: readonly string[]): DoubtKey[] {
  return [...new Set(fields.map(doubtKey))];
}

/** "The exact time is not known; the plans are not stated.": a record's doubts in English, one sentence. */
export function doubtsText(fields: readonly string[]): string {
  const text = doubtKeys(fields)
    .map((k) => EN_BY_KEY.get(k)!)
    .join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** An ISO 8601 UTC instant inside free text ("landed 2026-10-08T03:44:55Z"), with or without seconds. */
export const ISO_INSTANT = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?Z\b/g;

/** Free text (a summary written by a person) with each ISO instant said as "2026-10-08 03:44 UTC". */
export function readableInstants(text: string): string {
  return text.replace(ISO_INSTANT, (iso) =>
    Number.isNaN(Date.parse(iso)) ? iso : utcDateTime(new Date(Date.parse(iso)).toISOString().replace(/\.\d+Z$/, 'Z')),
  );
}
