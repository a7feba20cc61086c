/**
 * The five message catalogues. English is the source of truth for the key set; `checkAllCatalogues`
 * (run by the build before anything is written, astro.config.mjs) throws naming the locale and the key
 * of any missing or extra key, placeholder or plural form. How to add a key or a locale: docs/i18n.md.
 */
import { checkCatalogues } from './catalogue.ts';
import { LOCALE_INFO, LOCALES, type Locale } from './locales.ts';
import en from './en.ts';
import es from './es.ts';
import ja from './ja.ts';
import ko from './ko.ts';
import zh from './zh.ts';
import type { Catalogue } from './messages.ts';

export type { Catalogue, Messages } from './messages.ts';

export const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, zh, ja, es, ko };

export function checkAllCatalogues(catalogues: Readonly<Record<Locale, unknown>> = CATALOGUES): void {
  checkCatalogues('en', Object.fromEntries(LOCALES.map((l) => [l, { lang: LOCALE_INFO[l].intl, messages: catalogues[l] }])));
}
