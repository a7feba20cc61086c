import { cleanText } from './sanitize.ts';

/**
 * A post's text as a one-line summary: links dropped, then the sanitiser (controls and non-characters
 * out, whitespace collapsed, NFC), cut at `max` characters (at most the summary cap).
 */
export function summaryOf(text: string, max = 240): string {
  return cleanText(text.replace(/https?:\/\/\S+/g, ''), max) || '(post without text)';
}
