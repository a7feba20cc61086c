/**
 * The languages of the human site, named once. Astro's i18n routing (astro.config.mjs), the catalogues,
 * the formatters, the language switcher and the hreflang alternates all read this list.
 */

/** URL prefixes; English is the default and has none (`/`, `/zh/`, `/ja/`, `/es/`, `/ko/`). */
export const LOCALES = ['en', 'zh', 'ja', 'es', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The locales under a prefix: the `[locale]` routes generate these. */
export const PREFIXED_LOCALES: readonly Locale[] = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

export interface LocaleInfo {
  /** BCP 47 tag for `lang` and `hreflang`: Simplified Chinese is `zh-Hans`, whatever the region. */
  tag: string;
  /** The language's own name, for the switcher. */
  name: string;
  /**
   * The locale Intl formats numbers and dates with. English uses en-GB: day–month–year and a 24-hour
   * clock, readable on every continent (the site always says UTC).
   */
  intl: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { tag: 'en', name: 'English', intl: 'en-GB' },
  zh: { tag: 'zh-Hans', name: '简体中文', intl: 'zh-Hans' },
  ja: { tag: 'ja', name: '日本語', intl: 'ja' },
  es: { tag: 'es', name: 'Español', intl: 'es' },
  ko: { tag: 'ko', name: '한국어', intl: 'ko' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A route parameter as a locale; anything else is a programming error, so it throws. */
export function asLocale(value: unknown): Locale {
  if (!isLocale(value)) throw new Error(`i18n: unknown locale ${JSON.stringify(value)} (expected one of ${LOCALES.join(', ')})`);
  return value;
}
