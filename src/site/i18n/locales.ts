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
  /** How the pages join the parts they assemble (a label and its value, clauses, sentences, an aside). */
  punct: Punctuation;
}

/**
 * Typography a page needs between translated parts. Chinese and Japanese use full-width marks and no
 * spaces between sentences or after a full-width colon; Korean and the Latin-script languages use spaces.
 * Kept here, not in the catalogues: these are the script's conventions, not words to translate.
 */
export interface Punctuation {
  /** Between the items of a run-on list: "a; b", "a；b". */
  readonly list: string;
  /** Ends a sentence a page assembles from parts. */
  readonly stop: string;
  /** Between two sentences. */
  readonly sentence: string;
  /** After a label that ends with a colon ("Source: x", "来源：x"). */
  readonly label: string;
  /** Between a time or a term and what is said of it: "12:00 UTC: text". */
  readonly colon: string;
  /** Around an aside: "x (y)", "x（y）". */
  readonly open: string;
  readonly close: string;
}

const LATIN: Punctuation = { list: '; ', stop: '.', sentence: ' ', label: ' ', colon: ': ', open: ' (', close: ')' };
const CJK_FULL_WIDTH: Punctuation = { list: '；', stop: '。', sentence: '', label: '', colon: '：', open: '（', close: '）' };

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { tag: 'en', name: 'English', intl: 'en-GB', punct: LATIN },
  zh: { tag: 'zh-Hans', name: '简体中文', intl: 'zh-Hans', punct: CJK_FULL_WIDTH },
  // Japanese lists with the ideographic comma rather than a semicolon.
  ja: { tag: 'ja', name: '日本語', intl: 'ja', punct: { ...CJK_FULL_WIDTH, list: '、' } },
  es: { tag: 'es', name: 'Español', intl: 'es', punct: LATIN },
  // Korean writes Latin punctuation with spaces between sentences; an aside's bracket touches its word.
  ko: { tag: 'ko', name: '한국어', intl: 'ko', punct: { ...LATIN, list: ', ', open: '(' } },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A route parameter as a locale; anything else is a programming error, so it throws. */
export function asLocale(value: unknown): Locale {
  if (!isLocale(value)) throw new Error(`i18n: unknown locale ${JSON.stringify(value)} (expected one of ${LOCALES.join(', ')})`);
  return value;
}
