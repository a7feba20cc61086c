/**
 * What a page slot is rendered from: the page's locale, its translator and formatter, and the Build of the
 * instant (src/site/data.ts), as a view gets them from `viewOf`. No link maker: the locale's routes come from
 * Astro (astro:i18n), which the timetable function does not bundle, so a slot links only within its page.
 * Pure: the Build is an argument.
 */
import type { Build } from '../data.ts';
import { t, type Locale, type Translator } from '../i18n/index.ts';
import type { Formatter } from '../i18n/format.ts';

export interface SlotContext {
  locale: Locale;
  build: Build;
  tr: Translator;
  f: Formatter;
}

export function slotContext(locale: Locale, build: Build): SlotContext {
  const tr = t(locale);
  return { locale, build, tr, f: tr.f };
}
