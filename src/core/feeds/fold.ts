/**
 * RFC 5545 §3.1 line folding by octets. The `ics` package folds by characters, so a line of
 * multi-byte text can exceed 75 octets; we unfold its output and fold again, never splitting a
 * UTF-8 sequence (we cut between code points).
 */
const encoder = new TextEncoder();
const octets = (s: string): number => encoder.encode(s).length;

/** Undo any folding: a CRLF followed by one space or tab joins the lines. */
export function unfold(text: string): string {
  return text.replace(/\r\n[ \t]/g, '');
}

/** Folds one content line so every physical line is ≤ 75 octets (continuations start with a space). */
export function foldLine(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  let limit = 75;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > limit) {
      parts.push(current);
      current = ' ';
      size = 1;
      limit = 75;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/** Unfolds, then folds every line by octets; CRLF line ends throughout, ending with CRLF. */
export function refold(text: string): string {
  const lines = unfold(text)
    .split(/\r\n|\n/)
    .filter((l, i, all) => l !== '' || i < all.length - 1);
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
