/** Human formatting for generated English text (feeds, alerts, calendar): readable UTC dates and articles. Pure. */
import { parseTimestamp } from './time.ts';

/** "2026-11-22 23:14 UTC": unambiguous for every reader, no locale guesswork at build time. */
export function utcDateTime(ts: string): string {
  return `${parseTimestamp(ts).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * "an OpenAI Codex reset", "a Codex reset": the English indefinite article for a generated title, by
 * the noun's first letter (our nouns are brand names and plain words, none with a silent or "yoo" sound).
 */
export function withArticle(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}
