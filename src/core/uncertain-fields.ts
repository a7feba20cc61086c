/**
 * The one registry of what a record may list in `uncertain_fields`: each entry's leading name (a stored
 * entry is the name, optionally followed by a curator's note in parentheses: "ts (observed)"), the fixed
 * code the API publishes for it in `uncertain_field_codes` (what a program tests; the entries stay beside
 * it as sentences for people), the key of its words in the locale catalogues (`words.doubt.<key>`) and its
 * English words. A name not listed here is the code `other` ("another detail"). Pure.
 */
export const UNCERTAIN_FIELDS = {
  ts: { code: 'ts', key: 'time', en: 'the exact time is not known' },
  id: { code: 'id', key: 'post', en: 'which post is the source is not certain' },
  account: { code: 'account', key: 'account', en: 'the posting account is not certain' },
  scope: { code: 'scope', key: 'scope', en: 'the plans are not stated' },
  partial: { code: 'partial', key: 'partial', en: 'whether it was partial is not stated' },
  global: { code: 'global', key: 'global', en: 'whether it reached everyone is not stated' },
  kind: { code: 'kind', key: 'kind', en: 'the kind of reset is not certain' },
  completion: { code: 'completion', key: 'completion', en: 'whether it finished is not stated' },
  'end date': { code: 'end_date', key: 'endDate', en: 'the end date is not known' },
  granted_at: { code: 'granted_at', key: 'grantedAt', en: 'the exact grant time is not known' },
  expires_at: { code: 'expires_at', key: 'expiresAt', en: 'the exact expiry is not known' },
  summary: { code: 'summary', key: 'summary', en: "the summary is the post's own text" },
} as const;

type Entry = (typeof UNCERTAIN_FIELDS)[keyof typeof UNCERTAIN_FIELDS];
export type UncertainFieldCode = Entry['code'] | 'other';

/** Every code the API may publish, in the registry's order, `other` last (the payload schemas' enum). */
export const UNCERTAIN_FIELD_CODES: readonly [UncertainFieldCode, ...UncertainFieldCode[]] = [
  UNCERTAIN_FIELDS.ts.code,
  ...Object.values(UNCERTAIN_FIELDS)
    .map((f): UncertainFieldCode => f.code)
    .filter((c) => c !== UNCERTAIN_FIELDS.ts.code),
  'other',
];

/** The registry entry of one stored entry (its leading name, before any " (note)"), or undefined. */
export function uncertainField(entry: string): Entry | undefined {
  const name = entry.replace(/\s*\(.*$/s, '').trim();
  return Object.hasOwn(UNCERTAIN_FIELDS, name) ? UNCERTAIN_FIELDS[name as keyof typeof UNCERTAIN_FIELDS] : undefined;
}

/** The distinct codes of a record's uncertain fields, in the order first listed: what `uncertain_field_codes` holds. */
export function uncertainFieldCodes(fields: readonly string[]): UncertainFieldCode[] {
  return [...new Set(fields.map((f) => uncertainField(f)?.code ?? 'other'))];
}
