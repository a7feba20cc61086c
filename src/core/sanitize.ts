/**
 * The one text sanitiser at the trust boundary (docs/data.md, "Text fields"; docs/security.md).
 * Everything that comes from outside (a source's answer, an outlet's answer, a maintainer's flag) passes
 * through `cleanText` before it is stored, and `textProblem` is what `npm run validate` holds every stored
 * text field to, so a hand edit cannot slip past either. Pure: no I/O.
 *
 * Why each rule: XML 1.0 (the Atom feeds) forbids C0 controls but tab/newline/CR, U+FFFE/U+FFFF and lone
 * surrogates; C1 controls and the rest are invisible or terminal escapes (ESC starts ANSI sequences) that
 * no record needs; NFC makes equal-looking text equal, so dedupe and diffs see one spelling.
 */

/** The most characters (code points) each kind of stored text may have. One registry; docs/data.md lists it. */
export const TEXT_CAPS = {
  /** An event's, promise's or grant's one-line summary. */
  summary: 1_000,
  /** Why a correction, a rejection or a review decision was made. */
  reason: 1_000,
  /** A maintainer's free note (scope notes, `npm run checked --note`). */
  note: 500,
  /** A post's full text kept for review (candidates). */
  postText: 4_000,
  /** A name from a source: status component, incident, label, account. */
  name: 200,
  /** A short upstream word: an incident's status or impact, a source's `via`. */
  word: 64,
  /** A source's or outlet's error, as stored in data/ and shown on pages. */
  error: 300,
  /** A promise's time words ("by EOD", "10am PT"). */
  timeWords: 200,
  /** An identifier from a source (incident id, alert id). */
  id: 200,
  /** A URL kept in data/. */
  url: 2_000,
} as const;

export type TextCap = keyof typeof TEXT_CAPS;

export interface TextRules {
  /** Newline and tab are allowed (multi-line post text); everywhere else they are folded to one space. */
  multiline?: boolean;
}

/** Characters no stored text may hold: C0 and C1 controls, DEL, U+FFFE/U+FFFF, lone surrogates. */
function isForbidden(code: number, multiline: boolean): boolean {
  if (code === 0x0a || code === 0x09) return !multiline;
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  if (code === 0xfffe || code === 0xffff) return true;
  return code >= 0xd800 && code <= 0xdfff; // a lone surrogate (paired ones arrive as one code point)
}

const ELLIPSIS = '…';

/**
 * Text made safe to store and publish: NFC, forbidden characters dropped (single-line text has line
 * breaks and tabs turned into spaces first, runs of white space folded), trimmed, and cut to `cap`
 * code points with a trailing ellipsis. Never throws; may return ''.
 */
export function cleanText(input: string, cap: TextCap | number, rules: TextRules = {}): string {
  const max = typeof cap === 'number' ? cap : TEXT_CAPS[cap];
  const multiline = rules.multiline === true;
  // Normalising a huge string costs time and memory for nothing: cut far above the cap first.
  let text = input.length > max * 4 + 16 ? input.slice(0, max * 4 + 16) : input;
  if (!multiline) text = text.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  else text = text.replace(/\r\n?/g, '\n');
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (!isForbidden(ch.codePointAt(0)!, multiline)) out += ch;
  }
  out = multiline ? out.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim() : out.replace(/\s+/g, ' ').trim();
  const points = [...out];
  return points.length > max ? `${points.slice(0, max - 1).join('').trimEnd()}${ELLIPSIS}` : out;
}

/** Why a stored text breaks the rules `cleanText` enforces, or null when it does not. For validation. */
export function textProblem(text: string, cap: TextCap | number, rules: TextRules = {}): string | null {
  const max = typeof cap === 'number' ? cap : TEXT_CAPS[cap];
  const multiline = rules.multiline === true;
  let length = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (isForbidden(code, multiline)) return `holds a forbidden character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
    length += 1;
  }
  if (length > max) return `is ${length} characters long, more than the ${max} allowed`;
  if (text.normalize('NFC') !== text) return 'is not in Unicode NFC form';
  return null;
}
