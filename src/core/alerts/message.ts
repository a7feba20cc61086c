/**
 * What an outlet says about one alert: short (a title, a sentence or two), the post and the timeline
 * entry as links, and the attribution. Each outlet formats this its own way (outlets/*.ts).
 */
import type { Alert, AlertKind } from '../schema/index.ts';
import { SITE } from '../site.ts';
import { graphemePrefix, measure, type Measure } from '../sanitize.ts';

/** A message stays readable on a lock screen: the summary is cut (at a word) beyond this many characters. */
export const MAX_TEXT_CHARS = 280;

export interface Message {
  /** The alert id: what an outlet with an idempotency key derives it from. */
  id: string;
  kind: AlertKind;
  title: string;
  text: string;
  /** The post the alert is about, if any. */
  post: string | null;
  /** Its place on Resetcast: the timeline entry, the banked grant, or the forecast. */
  page: string;
  attribution: string;
}

/**
 * Folds whitespace (posts carry line breaks) and cuts to `max` UTF-16 code units (what JavaScript, Discord
 * and Telegram count; never fewer than the code points) at a word boundary with an ellipsis; a word
 * longer than half of it is cut between grapheme clusters, never inside a surrogate pair or an emoji.
 */
export function shorten(text: string, max = MAX_TEXT_CHARS): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = graphemePrefix(one, max - 1, 'utf16');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The text shortened (as `shorten` does) until its escaped form (an outlet's markup escapes can make it
 * longer) measures at most `budget` in `unit`: an outlet's own length limit, met before escaping so a
 * cut never falls inside an escape.
 */
export function shortenToFit(
  text: string,
  budget: number,
  escapeMarkup: (t: string) => string = (t) => t,
  unit: Measure = 'utf16',
): string {
  let max = Math.max(1, budget);
  let out = shorten(text, max);
  while (measure(escapeMarkup(out), unit) > budget && max > 1) {
    max = Math.max(1, max - Math.max(1, measure(escapeMarkup(out), unit) - budget));
    out = shorten(text, max);
  }
  return measure(escapeMarkup(out), unit) > budget ? '' : out;
}

export function alertMessage(a: Alert): Message {
  return {
    id: a.id,
    kind: a.kind,
    title: shorten(a.title, 120),
    text: shorten(a.summary),
    post: a.url,
    page: a.page,
    attribution: SITE.attribution,
  };
}
