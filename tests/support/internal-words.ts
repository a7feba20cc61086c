/**
 * What a person must never read on a page, in a feed or in the calendar (issue 32): our field names, raw
 * ids, ISO timestamps and model jargon. Code (<code>, <pre>), attributes (a <time datetime>, an href) and
 * URLs are for machines and are left out of the scan. The list is written here, from the storage schemas
 * and the testers' findings, not from the code that writes the words.
 */
import { BankedFile, BankedGrant, EventsFile, Announcement, Amendment, Rerecord, StoredEvent } from '../../src/core/schema/index.ts';

/** Every snake_case field name of the stored records (plain words such as "scope" are ordinary English). */
export const STORAGE_FIELD_NAMES: readonly string[] = [
  ...new Set(
    [StoredEvent, EventsFile, Announcement, BankedGrant, BankedFile, Amendment, Rerecord]
      .flatMap((s) => Object.keys(s.shape))
      .filter((k) => k.includes('_')),
  ),
].sort();

export const INTERNAL_PATTERNS: readonly { name: string; re: RegExp }[] = [
  ...STORAGE_FIELD_NAMES.map((f) => ({ name: `field name ${f}`, re: new RegExp(`\\b${f}\\b`) })),
  { name: 'a field with a note, "_at ("', re: /_at \(/ },
  { name: 'an ISO timestamp', re: /\d{4}-\d\d-\d\dT\d\d:\d\d/ },
  { name: 'a 19-digit id', re: /(?<![\w/#.-])\d{19}(?!\w)/ },
  { name: 'the model name recency-mix', re: /recency-mix/ },
  { name: '"usable log line"', re: /usable log line/ },
  { name: '"log line" (our word for a line of the forecast log)', re: /\blog lines?\b/i },
  { name: 'the B / C / S inputs', re: /\bB \/ C \/ S\b|(?:^|[\s>])[BCS] ?[(（]/ },
  { name: '"rhythm model:"', re: /rhythm model:/i },
  { name: '"Issues 信号"', re: /Issues 信号/ },
  { name: 'a raw uncertain_fields entry ("in doubt: id; ts (observed)")', re: /\bin doubt:|\bts \(/ },
];

const URL = /\b(?:https?|webcal|mailto):[^\s<>"'）)]+/g;

/** The phrases of `text` (already plain text) that match an internal pattern, each with a little context. */
export function internalWords(text: string): string[] {
  const plain = text.replace(URL, ' ');
  const hits: string[] = [];
  for (const { name, re } of INTERNAL_PATTERNS) {
    const m = re.exec(plain);
    if (m) hits.push(`${name}: "…${plain.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, ' ')}…"`);
  }
  return hits;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text a person reads on an HTML page: no code, scripts, styles or attributes (tags go with them). */
export function readableHtml(html: string): string {
  return html
    .replace(/<(script|style|code|pre)\b[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) =>
      e.startsWith('#x')
        ? String.fromCodePoint(parseInt(e.slice(2), 16))
        : e.startsWith('#')
          ? String.fromCodePoint(Number(e.slice(1)))
          : (ENTITIES[e] ?? all),
    );
}
