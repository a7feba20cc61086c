/**
 * What an outlet says about one alert: short (a title, a sentence or two), the post and the timeline
 * entry as links, and the attribution. Each outlet formats this its own way (outlets/*.ts).
 */
import type { Alert, AlertKind } from '../schema/index.ts';
import { SITE } from '../site.ts';

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

/** Folds whitespace (posts carry line breaks) and cuts at a word boundary with an ellipsis. */
export function shorten(text: string, max = MAX_TEXT_CHARS): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

export function alertMessage(a: Alert): Message {
  return { id: a.id, kind: a.kind, title: shorten(a.title, 120), text: shorten(a.summary), post: a.url, page: a.page, attribution: SITE.attribution };
}
