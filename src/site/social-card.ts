/**
 * The social cards (og:image) as facts: one card per human page and locale, each kept as structure (the
 * words it shows, already in its locale) so the renderer (social-render.ts) draws them and the tests read
 * them without looking at pixels. The home card shows the current 24 h chance only while the forecast is
 * vouched for (src/site/freshness.ts, the one rule), and the last recorded reset; every other card shows
 * its page's title and description. Pure: the build's payloads and clock are arguments.
 */
import { SITE, siteUrl } from '../core/site.ts';
import type { Dataset } from '../core/dataset/index.ts';
import type { ConfidenceReason } from '../core/forecast/reasons.ts';
import type { Payloads } from './api/payloads.ts';
import { unvouched } from './freshness.ts';
import { lastReset } from './home.ts';
import { LOCALES, t, type Locale, type Translator } from './i18n/index.ts';
import { PAGE_LIST, PAGES, type Page } from './pages.ts';
import { createTimelinePages } from './timeline-pages.ts';
import { timelineYearPath } from '../core/facts/timeline.ts';

/** Open Graph's recommended size for a large image card (X, Discord, Slack and Facebook crop nothing at 1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface SocialCard {
  /** BCP 47 tag of the card's words (picks the fonts and satori's line breaking). */
  lang: string;
  locale: Locale;
  brand: string;
  title: string;
  /** The big figure of the home card: the 24 h chance (under the caveat when the forecast is not vouched for). */
  figure: { value: string; caption: string } | null;
  /** Said with the figure when the forecast is not vouched for: the site's freshness line (src/site/freshness.ts). */
  caveat: string | null;
  /** The lines under the title: the page's description, or the home page's last reset and banked resets. */
  lines: string[];
}

/** One page's card and where the PNG is published. */
export interface CardPage {
  locale: Locale;
  /** The page's path without a locale prefix (`/`, `/timeline/2026/`), as Base.astro gets it. */
  path: string;
  /** The file name of its PNG under `/og/<locale>/`, without `.png`. */
  slug: string;
  card: SocialCard;
}

/** What the cards are made from: the parts of src/site/data.ts's Build they read. */
export interface CardInputs {
  now: Date;
  data: Pick<Dataset, 'events' | 'announcements' | 'corrections'>;
  payloads: Pick<Payloads, 'forecast' | 'banked'>;
  confidenceReasons: readonly ConfidenceReason[];
}

/** `/` → `home`, `/timeline/2026/` → `timeline-2026`: a flat file name for a page path. */
export function cardSlug(path: string): string {
  const parts = path.split('/').filter(Boolean);
  return parts.length === 0 ? 'home' : parts.join('-');
}

/** The site path of a card's PNG. */
export function cardPath(page: Pick<CardPage, 'locale' | 'slug'>): string {
  return `/og/${page.locale}/${page.slug}.png`;
}

/** The absolute URL of a card's PNG, on the site's base (og:image must be absolute). */
export function cardUrl(page: Pick<CardPage, 'locale' | 'slug'>, base: string): string {
  // Relative to the base, so a base with a path keeps it.
  return siteUrl(cardPath(page).slice(1), base);
}

const labelled = (tr: Translator, label: string, value: string): string => `${label}${tr.punct.colon}${value}`;

/** The home card: the 24 h chance (or why it is not vouched for), the last reset and the banked resets. */
export function homeCard(tr: Translator, inputs: CardInputs): SocialCard {
  const { forecast, banked } = inputs.payloads;
  const vouched = unvouched(forecast, inputs.confidenceReasons) === null;
  const last = lastReset(inputs.data.events, inputs.now);
  const active = banked.active.length;
  return {
    ...base(tr),
    title: tr(PAGES.home.title),
    figure: { value: tr.f.percent(forecast.p24), caption: tr('home.odds.within', { span: tr('home.odds.hours24') }) },
    caveat: vouched ? null : tr('words.unvouched.title'),
    lines: [
      last ? labelled(tr, tr('home.last.heading'), tr.f.date(last.ts)) : tr('home.last.none'),
      labelled(tr, tr('home.banked.heading'), active === 0 ? tr('home.banked.none') : tr.f.number(active, 0)),
    ],
  };
}

/** Any other page's card: its title and the one line of its description. */
export function pageCard(tr: Translator, title: string, description: string): SocialCard {
  return { ...base(tr), title, figure: null, caveat: null, lines: [description] };
}

function base(tr: Translator): Pick<SocialCard, 'lang' | 'locale' | 'brand'> {
  return { lang: tr.tag, locale: tr.locale, brand: SITE.name };
}

/**
 * Every card of the build: each human page of the page registry (src/site/pages.ts: the titles and
 * descriptions the views give Base.astro) in each locale, the timeline's year pages after the timeline,
 * and a card per locale for any page not listed there (`site`).
 */
export function cardPages(inputs: CardInputs): CardPage[] {
  const years = createTimelinePages(inputs.data).years.map((y) => y.year);
  const pages = LOCALES.flatMap((locale) => {
    const tr = t(locale);
    const cardOf = (page: Page): [string, SocialCard] => [
      page.path,
      page === PAGES.home ? homeCard(tr, inputs) : pageCard(tr, tr(page.title), tr(page.description)),
    ];
    const yearCards = years.map((year): [string, SocialCard] => [
      timelineYearPath(year),
      pageCard(tr, tr('timeline.year.title', { year }), tr('timeline.year.description', { year })),
    ]);
    const list = PAGE_LIST.flatMap((page) => (page === PAGES.timeline ? [cardOf(page), ...yearCards] : [cardOf(page)]));
    const pages = list.map(([path, card]) => ({ locale, path, slug: cardSlug(path), card }));
    return [...pages, { locale, path: '', slug: 'site', card: pageCard(tr, SITE.name, tr('site.description')) }];
  });
  return pages;
}

/** The card of a page: its own, or its locale's site card when the page is not in the list. */
export function cardFor(pages: readonly CardPage[], locale: Locale, path: string): CardPage {
  const found = pages.find((p) => p.locale === locale && p.path === path) ?? pages.find((p) => p.locale === locale && p.slug === 'site');
  if (!found) throw new Error(`social card: no card for ${locale} ${path}`);
  return found;
}

/** The card said in words, for og:image:alt: what the image shows, in the page's language, as sentences. */
export function cardAlt(card: SocialCard, tr: Translator): string {
  const figure = card.figure ? [`${card.figure.caption}${tr.punct.colon}${card.figure.value}`] : [];
  const parts = [card.brand, card.title, ...figure, ...(card.caveat ? [card.caveat] : []), ...card.lines];
  return tr.sentences(parts.map((p) => (/[.!?。！？]$/.test(p) ? p : `${p}${tr.punct.stop}`)));
}
