/**
 * The social cards (og:image) as facts: one card per human page and locale, each kept as structure (the
 * words it shows, already in its locale) so the renderer (social-render.ts) draws them and the tests read
 * them without looking at pixels. The home card says whether the forecast is vouched for (src/site/freshness.ts,
 * the one rule), the last recorded reset and how many banked resets are active, never the 24 h chance: a
 * scraper keeps a card for days, and the chance moves with the signals at run time (docs/timetable.md), so a
 * figure on the card would soon contradict the page. Every other card shows its page's title and description.
 * The home card moves with the clock, so its file is named by its content (`home-<hash>`): each state of
 * the home page (docs/timetable.md) names the card it shows, and one PNG serves every state that shows it.
 * Pure: the build's payloads and clock are arguments.
 */
import { createHash } from 'node:crypto';
import { SITE, siteUrl } from '../core/site.ts';
import type { Dataset } from '../core/dataset/index.ts';
import type { ConfidenceReason } from '../core/forecast/reasons.ts';
import type { Payloads } from './api/payloads.ts';
import { unvouched } from './freshness.ts';
import { lastReset } from './home.ts';
import { LOCALES, t, type Locale, type Translator } from './i18n/index.ts';
import { PAGE_LIST, PAGES } from './pages.ts';
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
  /** Said under the title when the forecast is not vouched for: the site's freshness line (src/site/freshness.ts). */
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

/** A stable key of a card's content (SHA-256 of its structure): two pages with the same card share one drawing. */
export function cardKey(card: SocialCard): string {
  return createHash('sha256').update(JSON.stringify(card)).digest('hex');
}

/** The home card's file name: `home-` and its content's key, so a name never shows two cards and one PNG serves every state that shows it. */
export const homeCardSlug = (card: SocialCard): string => `home-${cardKey(card).slice(0, 16)}`;

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

/** The home card: whether the forecast is vouched for, the last reset and the banked resets (no figure the signals move). */
export function homeCard(tr: Translator, inputs: CardInputs): SocialCard {
  const { forecast, banked } = inputs.payloads;
  const vouched = unvouched(forecast, inputs.confidenceReasons) === null;
  const last = lastReset(inputs.data.events, inputs.now);
  const active = banked.active.length;
  return {
    ...base(tr),
    title: tr(PAGES.home.title),
    caveat: vouched ? null : tr('words.unvouched.title'),
    lines: [
      last ? labelled(tr, tr('home.last.heading'), tr.f.date(last.ts)) : tr('home.last.none'),
      labelled(tr, tr('home.banked.heading'), active === 0 ? tr('home.banked.none') : tr.f.number(active, 0)),
    ],
  };
}

/** Any other page's card: its title and the one line of its description. */
export function pageCard(tr: Translator, title: string, description: string): SocialCard {
  return { ...base(tr), title, caveat: null, lines: [description] };
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
  return LOCALES.flatMap((locale) => {
    const paths = PAGE_LIST.flatMap((page) => (page === PAGES.timeline ? [page.path, ...years.map(timelineYearPath)] : [page.path]));
    return [...paths.map((path) => cardPage(inputs, locale, path)), siteCard(locale)];
  });
}

/**
 * The card of the page at `path` (without a locale prefix) in `locale`: the home card, a page of the
 * registry's, a timeline year's (`/timeline/<year>/`), else the locale's site card. One card, for a page
 * rendered alone (a timetable state: docs/timetable.md), without drawing up every other.
 */
export function cardPage(inputs: CardInputs, locale: Locale, path: string): CardPage {
  const tr = t(locale);
  if (path === PAGES.home.path) {
    const card = homeCard(tr, inputs);
    return { locale, path, slug: homeCardSlug(card), card };
  }
  const page = PAGE_LIST.find((p) => p.path === path);
  if (page) return { locale, path, slug: cardSlug(path), card: pageCard(tr, tr(page.title), tr(page.description)) };
  const year = /^\/timeline\/(\d{4})\/$/.exec(path)?.[1];
  if (year !== undefined)
    return {
      locale,
      path,
      slug: cardSlug(path),
      card: pageCard(tr, tr('timeline.year.title', { year }), tr('timeline.year.description', { year })),
    };
  return siteCard(locale);
}

/** The locale's card for a page not in the registry. */
function siteCard(locale: Locale): CardPage {
  const tr = t(locale);
  return { locale, path: '', slug: 'site', card: pageCard(tr, SITE.name, tr('site.description')) };
}

/** The card of a page: its own, or its locale's site card when the page is not in the list. */
export function cardFor(pages: readonly CardPage[], locale: Locale, path: string): CardPage {
  const found = pages.find((p) => p.locale === locale && p.path === path) ?? pages.find((p) => p.locale === locale && p.slug === 'site');
  if (!found) throw new Error(`social card: no card for ${locale} ${path}`);
  return found;
}

/** The card said in words, for og:image:alt: what the image shows, in the page's language, as sentences. */
export function cardAlt(card: SocialCard, tr: Translator): string {
  const parts = [card.brand, card.title, ...(card.caveat ? [card.caveat] : []), ...card.lines];
  return tr.sentences(parts.map((p) => (/[.!?。！？]$/.test(p) ? p : `${p}${tr.punct.stop}`)));
}
