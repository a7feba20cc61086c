/** A post's text as a one-line summary: links dropped, whitespace collapsed, cut at `max` characters. */
export function summaryOf(text: string, max = 240): string {
  const line = text.replace(/https?:\/\/\S+/g, '').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line || '(post without text)';
}
