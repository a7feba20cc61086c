/**
 * The files of the site besides the payloads whose content moves with the clock, each at its public path:
 * the pages of PAGES marked `clock` in every locale (and the timeline's year pages), the alert feeds and the
 * calendar. Each is a timetable output (docs/timetable.md): its key says what of the clock it shows
 * (src/site/page-keys.ts for the pages, the alerts' and the calendar's own clock keys for the rest), and a
 * feed's or the calendar's text is made here (src/site/feeds.ts); a page's is rendered by Astro at each of
 * its states' starts (src/pages/timetable-states/). `sitePages` lists every human page, moving or not, for the
 * proof that the others do not move. Pure.
 */
import type { Dataset } from '../core/dataset/index.ts';
import { crossingsClockKey } from '../core/alerts/derive.ts';
import { ALERTS_FEED_PATH, THRESHOLD_FEEDS } from '../core/alerts/thresholds.ts';
import type { SharedWork } from './api/payloads.ts';
import { timelineYearPath } from '../core/facts/timeline.ts';
import type { Build } from './data.ts';
import { alertsFeedText, calendarKey, calendarText, thresholdFeedText } from './feeds.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './i18n/locales.ts';
import { pageKey, templateKey, type ClockView, type KeyInputs } from './page-keys.ts';
import { PAGE_LIST, PAGES, type PageName } from './pages.ts';
import { createTimelinePages } from './timeline-pages.ts';

/** The view a page is rendered from: a page of PAGES by name, or a timeline year's. */
export type PageView = PageName | 'timeline-year';

/** One human page in one locale. */
export interface SitePage {
  /** Its public path, with its locale's prefix: `/`, `/zh/banked/`, `/timeline/2026/`. */
  path: string;
  view: PageView;
  locale: Locale;
  /** A timeline year's page: its year. */
  year?: string;
  /** Whether what it shows moves with the clock (PAGES' `clock`; a year page's: the timeline's). */
  clock: boolean;
}

/** A page path as a locale addresses it: English unprefixed, the others under their prefix (astro.config.mjs's i18n routing). */
export const localePath = (locale: Locale, path: string): string => (locale === DEFAULT_LOCALE ? path : `/${locale}${path}`);

/** The 404 page is the one that answers for a missing address: /404.html in English, /<locale>/404/ in the others. */
const notFoundPath = (locale: Locale): string => (locale === DEFAULT_LOCALE ? '/404.html' : `/${locale}/404/`);

/** Every human page of the build in every locale: PAGES' in their order, the timeline's years after the timeline. */
export function sitePages(data: Pick<Dataset, 'events' | 'announcements' | 'corrections'>): SitePage[] {
  const years = createTimelinePages(data).years.map((y) => y.year);
  return LOCALES.flatMap((locale) =>
    PAGE_LIST.flatMap((page): SitePage[] => {
      const name = (Object.keys(PAGES) as PageName[]).find((n) => PAGES[n] === page)!;
      const own: SitePage = {
        path: name === 'notFound' ? notFoundPath(locale) : localePath(locale, page.path),
        view: name,
        locale,
        clock: page.clock,
      };
      if (page !== PAGES.timeline) return [own];
      const yearPages = years.map(
        (year): SitePage => ({ path: localePath(locale, timelineYearPath(year)), view: 'timeline-year', locale, year, clock: page.clock }),
      );
      return [own, ...yearPages];
    }),
  );
}

/** One file of the timeline besides the payloads. */
export interface PathOutput {
  /** Its public path. */
  path: string;
  /** What of the clock it shows at an instant: equal keys, equal files (but for a calendar's "as of" instant). */
  key: (k: KeyInputs, shared: Pick<SharedWork, 'eventTimesMs' | 'logAvailableMs'>) => string;
  /** Its text at an instant, for a feed or the calendar; a page has none here (Astro renders it at its starts). */
  text?: (b: Build) => string;
  /** A page: the one it is. */
  page?: SitePage;
  /** Whether what it shows moves with the status and issues signals: then a newer snapshot is answered at run time (src/site/live/answers.ts). */
  signals?: boolean;
  /** A page: what its template shows (the page outside its slots, src/site/slots/); equal keys, equal templates. */
  templateKey?: (k: KeyInputs) => string;
}

/** Every file besides the payloads whose content moves with the clock: the clock pages, the alert feeds, the calendar. */
export function timetablePaths(data: Pick<Dataset, 'events' | 'announcements' | 'corrections'>): PathOutput[] {
  const pages = sitePages(data)
    .filter((p) => p.clock)
    .map(
      (page): PathOutput => ({
        path: page.path,
        key: (k) => pageKey(page.view as ClockView, k),
        templateKey: (k) => templateKey(page.view as ClockView, k),
        page,
      }),
    );
  return [
    ...pages,
    { path: ALERTS_FEED_PATH, key: (k) => k.payloadKey('alerts'), text: alertsFeedText },
    ...THRESHOLD_FEEDS.map(
      (feed): PathOutput => ({
        path: feed.path,
        key: (k, shared) => crossingsClockKey(shared.logAvailableMs(), k.build.now),
        text: (b) => thresholdFeedText(b, feed),
      }),
    ),
    // The active grants' advice reads the forecast, which the signals move.
    { path: '/calendar.ics', key: (k, shared) => calendarKey(k.build, shared.eventTimesMs()), text: calendarText, signals: true },
  ];
}
