/**
 * The social meta tags of a page's <head> (Open Graph and X's card), from one function: Base.astro gives
 * it the page's title, description, locale and path, and it names the page's card (social-card.ts), an
 * absolute PNG URL on the site's base with its size and its words as alt text. Pure.
 */
import type { Locale, Translator } from './i18n/index.ts';
import { LOCALES } from './i18n/index.ts';
import { CARD_HEIGHT, CARD_WIDTH, cardAlt, cardFor, cardUrl, type CardPage } from './social-card.ts';

/** One <meta>: Open Graph names go in `property`, X's in `name` (as each documents them). */
export interface MetaTag {
  attr: 'property' | 'name';
  key: string;
  content: string;
}

/** Open Graph's locale form (language_TERRITORY): each locale's usual territory for its script. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = { en: 'en_GB', zh: 'zh_CN', ja: 'ja_JP', es: 'es_ES', ko: 'ko_KR' };

export interface SocialPage {
  tr: Translator;
  /** The page's full title, as in <title>. */
  title: string;
  description: string;
  /** The page's path without a locale prefix. */
  path: string;
  /** The page's canonical URL, or null for a page with none (the 404 page answers for every address). */
  url: string | null;
  /** Whether the page exists in every locale (og:locale:alternate names them). */
  translated: boolean;
  /** The site's address the card's absolute URL is built on (the build's `base`). */
  base: string;
}

export function socialMeta(page: SocialPage, cards: readonly CardPage[]): MetaTag[] {
  const { tr } = page;
  const card = cardFor(cards, tr.locale, page.path);
  const og = (key: string, content: string): MetaTag => ({ attr: 'property', key: `og:${key}`, content });
  return [
    og('type', 'website'),
    og('site_name', card.card.brand),
    og('title', page.title),
    og('description', page.description),
    ...(page.url === null ? [] : [og('url', page.url)]),
    og('locale', OG_LOCALE[tr.locale]),
    ...(page.translated ? LOCALES.filter((l) => l !== tr.locale).map((l) => og('locale:alternate', OG_LOCALE[l])) : []),
    og('image', cardUrl(card, page.base)),
    og('image:type', 'image/png'),
    og('image:width', String(CARD_WIDTH)),
    og('image:height', String(CARD_HEIGHT)),
    og('image:alt', cardAlt(card.card, tr)),
    { attr: 'name', key: 'twitter:card', content: 'summary_large_image' },
  ];
}
