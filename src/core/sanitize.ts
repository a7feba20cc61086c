/**
 * The one text sanitiser at the trust boundary (docs/data.md, "Text fields"; docs/security.md).
 * Everything that comes from outside (a source's answer, an outlet's answer, a maintainer's flag) passes
 * through `cleanText` before it is stored, and `textProblem` is what `npm run validate` holds every stored
 * text field to, so a hand edit cannot slip past either. Pure: no I/O.
 *
 * Why each rule: XML 1.0 (the Atom feeds) forbids C0 controls but tab/newline/CR, U+FFFE/U+FFFF and lone
 * surrogates; C1 controls and the rest are invisible or terminal escapes (ESC starts ANSI sequences,
 * removed whole so no `[31m` is left behind) that no record needs; bidi controls and zero-width
 * characters make a text read differently from what it holds (display spoofing); NFC makes equal-looking
 * text equal, so dedupe and diffs see one spelling. Cuts fall between grapheme clusters, never inside an
 * emoji or a surrogate pair.
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

/**
 * Terminal escape sequences, removed whole (not just their ESC, which would leave `[31m` behind), in the
 * order tried: strings (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _` and their 8-bit
 * forms U+009D, U+0090, U+0098, U+009E, U+009F) up to their terminator (BEL, `ESC \\` or U+009C; one left
 * open loses its introducer only, and the rest stays as the plain text it then is); CSI (`ESC [` or U+009B, parameter
 * bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E); any other `ESC` sequence
 * (intermediates, then one final byte 0x30–0x7E: `ESC c`, `ESC ( B`).
 */
const ESCAPE_SEQUENCE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching ESC, BEL and the C1 controls is this pattern's purpose
  /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u0090\u0098\u009c-\u009f]*(?:\u0007|\u001b\\|\u009c)|(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]|\u001b[\u0020-\u002f]*[\u0030-\u007e]/g;

/** Removes every terminal escape sequence whole (ESCAPE_SEQUENCE); a stray ESC is left to the character rule. */
export function withoutEscapes(text: string): string {
  // Again until nothing changes: removing one sequence can join an ESC before it to the text after it.
  for (let before = text, after = text.replace(ESCAPE_SEQUENCE, ''); ; before = after, after = after.replace(ESCAPE_SEQUENCE, ''))
    if (after === before) return after;
}

/** Bidirectional controls (embeddings, overrides U+202A–U+202E, isolates U+2066–U+2069): they reorder what a reader sees. */
const isBidiControl = (code: number): boolean => (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
/**
 * Invisible format characters: zero-width space, joiners, direction marks (U+200B–U+200F), word joiner and invisible
 * operators (U+2060–U+2064), BOM.
 */
const isInvisible = (code: number): boolean => (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x2064) || code === 0xfeff;
const ZWJ = 0x200d;
/** What may stand on each side of a kept ZERO WIDTH JOINER: an emoji sequence (👩‍💻, 🏳️‍🌈, 👩🏽‍🚀). */
const EMOJI_BEFORE_ZWJ = /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}]|\uFE0F)$/u;
const EMOJI_AFTER_ZWJ = /^\p{Extended_Pictographic}/u;

/**
 * Characters no stored text may hold: C0 and C1 controls, DEL, U+FFFE/U+FFFF, lone surrogates, bidi controls, invisible
 * format characters.
 */
function isForbidden(code: number, multiline: boolean): boolean {
  if (code === 0x0a || code === 0x09) return !multiline;
  if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  if (code === 0xfffe || code === 0xffff) return true;
  if (isBidiControl(code) || isInvisible(code)) return true;
  return code >= 0xd800 && code <= 0xdfff; // a lone surrogate (paired ones arrive as one code point)
}

/**
 * The first forbidden code point of `points` (an array of single code points), or -1. A ZERO WIDTH
 * JOINER between two emoji is part of one emoji sequence (removing it splits 👩‍💻 into 👩💻), so it is kept
 * there and forbidden everywhere else.
 */
function forbiddenIndex(points: readonly string[], multiline: boolean, from = 0): number {
  for (let i = from; i < points.length; i++) {
    const code = points[i]!.codePointAt(0)!;
    if (!isForbidden(code, multiline)) continue;
    if (code === ZWJ && i > 0 && EMOJI_BEFORE_ZWJ.test(points[i - 1]!) && i + 1 < points.length && EMOJI_AFTER_ZWJ.test(points[i + 1]!))
      continue;
    return i;
  }
  return -1;
}

/** `points` without its forbidden code points (forbiddenIndex decides, against the original neighbours). */
function dropForbidden(points: readonly string[], multiline: boolean): string {
  let out = '';
  let from = 0;
  for (let bad = forbiddenIndex(points, multiline); bad !== -1; bad = forbiddenIndex(points, multiline, from)) {
    out += points.slice(from, bad).join('');
    from = bad + 1;
  }
  return out + points.slice(from).join('');
}

const ELLIPSIS = '…';

/** How a limit counts: code points (our caps), UTF-16 code units (Telegram, Discord, JavaScript's length) or UTF-8 bytes (ntfy). */
export type Measure = 'codePoints' | 'utf16' | 'utf8';
const encoder = new TextEncoder();
export function measure(text: string, unit: Measure): number {
  if (unit === 'utf16') return text.length;
  if (unit === 'utf8') return encoder.encode(text).byteLength;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The longest start of `text` made of whole grapheme clusters (Intl.Segmenter) that measures at most
 * `max`: a cut never falls inside a surrogate pair, an emoji sequence or a letter and its accents.
 */
export function graphemePrefix(text: string, max: number, unit: Measure = 'codePoints'): string {
  if (measure(text, unit) <= max) return text;
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = measure(segment, unit);
    if (used + size > max) break;
    out += segment;
    used += size;
  }
  return out;
}

/** `text` within `max` (in `unit`): as is when it fits, else cut at a grapheme boundary with a trailing ellipsis. */
export function fitWithEllipsis(text: string, max: number, unit: Measure = 'codePoints'): string {
  if (measure(text, unit) <= max) return text;
  return `${graphemePrefix(text, Math.max(0, max - measure(ELLIPSIS, unit)), unit).trimEnd()}${ELLIPSIS}`;
}

/**
 * Text with the character rules applied but not cut: escape sequences removed whole, NFC, forbidden
 * characters dropped (single-line text has line breaks and tabs turned into spaces first, runs of white
 * space folded), trimmed.
 */
function cleanUncut(text: string, multiline: boolean): string {
  let t = withoutEscapes(text);
  t = multiline ? t.replace(/\r\n?/g, '\n') : t.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  const out = dropForbidden([...t.normalize('NFC')], multiline);
  return multiline
    ? out
        .replace(/[ \t]+\n/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : out.replace(/\s+/g, ' ').trim();
}

const capOf = (cap: TextCap | number): number => (typeof cap === 'number' ? cap : TEXT_CAPS[cap]);

/**
 * Upstream text made safe to store and publish: the character rules (cleanUncut), then cut to `cap`
 * code points at a grapheme boundary with a trailing ellipsis. Never throws; may return ''.
 */
export function cleanText(input: string, cap: TextCap | number, rules: TextRules = {}): string {
  const max = capOf(cap);
  // Normalising a huge string costs time and memory for nothing: cut far above the cap first.
  const text = input.length > max * 4 + 16 ? input.slice(0, max * 4 + 16) : input;
  return fitWithEllipsis(cleanUncut(text, rules.multiline === true), max);
}

/**
 * A maintainer's text (a curation flag) as it may be stored: the same character rules as cleanText, but
 * never cut: over the cap it is refused with its length and the cap, and empty after cleaning it is
 * refused too, so a record never says less than its author wrote without the author seeing why.
 * Returns the text, or why it is refused (for a line naming the flag).
 */
export function curatedText(input: string, cap: TextCap | number): { text: string } | { problem: string } {
  const max = capOf(cap);
  const text = cleanUncut(input, false);
  // The words existing refusals use; what was removed is said in docs/data.md ("Text fields").
  if (text === '') return { problem: 'must not be empty' };
  const length = measure(text, 'codePoints');
  if (length > max) return { problem: `is ${length} characters long, more than the ${max} allowed; shorten it` };
  return { text };
}

/** Why a stored text breaks the rules `cleanText` enforces, or null when it does not. For validation. */
export function textProblem(text: string, cap: TextCap | number, rules: TextRules = {}): string | null {
  const max = capOf(cap);
  const points = [...text];
  const bad = forbiddenIndex(points, rules.multiline === true);
  if (bad !== -1) return `holds a forbidden character U+${points[bad]!.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (points.length > max) return `is ${points.length} characters long, more than the ${max} allowed`;
  if (text.normalize('NFC') !== text) return 'is not in Unicode NFC form';
  return null;
}
