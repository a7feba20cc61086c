/**
 * Recorded facts said in words for people (feeds, calendar, alerts; the pages say the same in their
 * locale from the keys here): no field name, raw id or ISO timestamp reaches a reader (issue 32).
 * Pure.
 */
import { utcDateTime } from '../format.ts';

/**
 * The fields a record may list in `uncertain_fields`, each under its key in the locale catalogues
 * (`words.doubt.<key>`) and with its English words. A listed entry is the field's name, optionally followed
 * by a curator's note in parentheses ("ts (observed)"); the name is what is said, the note stays in
 * /api/v1/event-notes.json and banked.json. A name not listed here is said as "another detail".
 */
export const DOUBT_WORDS = {
  ts: { key: 'time', en: 'the exact time is not known' },
  id: { key: 'post', en: 'which post is the source is not certain' },
  account: { key: 'account', en: 'the posting account is not certain' },
  scope: { key: 'scope', en: 'the plans are not stated' },
  partial: { key: 'partial', en: 'whether it was partial is not stated' },
  global: { key: 'global', en: 'whether it reached everyone is not stated' },
  kind: { key: 'kind', en: 'the kind of reset is not certain' },
  completion: { key: 'completion', en: 'whether it finished is not stated' },
  'end date': { key: 'endDate', en: 'the end date is not known' },
  granted_at: { key: 'grantedAt', en: 'the exact grant time is not known' },
  expires_at: { key: 'expiresAt', en: 'the exact expiry is not known' },
  summary: { key: 'summary', en: "the summary is the post's own text" },
} as const;

export type DoubtKey = (typeof DOUBT_WORDS)[keyof typeof DOUBT_WORDS]['key'] | 'other';

/** The catalogue key of one `uncertain_fields` entry: its leading name, before any " (note)". */
export function doubtKey(entry: string): DoubtKey {
  const name = entry.replace(/\s*\(.*$/s, '').trim();
  return Object.hasOwn(DOUBT_WORDS, name) ? DOUBT_WORDS[name as keyof typeof DOUBT_WORDS].key : 'other';
}

const EN_BY_KEY = new Map<DoubtKey, string>([
  ...Object.values(DOUBT_WORDS).map((w) => [w.key, w.en] as const),
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
