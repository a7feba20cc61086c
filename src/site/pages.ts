/**
 * The human pages, one entry each: the path (without a locale prefix), the catalogue keys of the title
 * and description its view gives Base.astro, the navigation label, and whether what it shows moves with
 * the clock (`clock`: its states are the timetable's, docs/timetable.md; src/site/page-keys.ts says what of
 * the clock each shows). The views, the navigation and the social cards (social-card.ts) all read this
 * list, so a page's words are named once. The timeline's year pages are made per year
 * (timeline-pages.ts); their title and description take the year, and they move with the clock as the timeline does.
 */
export const PAGES = {
  home: { path: '/', title: 'home.title', description: 'site.description', nav: 'nav.forecast', clock: true },
  timeline: { path: '/timeline/', title: 'timeline.title', description: 'timeline.description', nav: 'nav.timeline', clock: true },
  banked: { path: '/banked/', title: 'banked.title', description: 'banked.description', nav: 'nav.banked', clock: true },
  // Not /alerts/: netlify.toml serves everything under /alerts/ (the threshold feeds) as Atom.
  alerts: { path: '/subscribe/', title: 'alerts.title', description: 'alerts.description', nav: 'nav.alerts', clock: false },
  methodology: { path: '/methodology/', title: 'method.title', description: 'method.description', nav: 'nav.methodology', clock: true },
  developers: { path: '/developers/', title: 'dev.title', description: 'dev.description', nav: 'nav.developers', clock: false },
  notFound: { path: '/404/', title: 'notFound.title', description: 'notFound.description', nav: null, clock: false },
} as const;

export type PageName = keyof typeof PAGES;

export type Page = (typeof PAGES)[keyof typeof PAGES];

/** Every page in the navigation's order (the 404 page last: it is in no navigation). */
export const PAGE_LIST: readonly Page[] = Object.values(PAGES);

/** The pages the navigation links, in its order. */
export const NAV_PAGES = PAGE_LIST.filter((p): p is Page & { nav: NonNullable<Page['nav']> } => p.nav !== null);
