/**
 * Lighthouse in Debian chromium, shared by `npm run lighthouse` (the full gate, performance included)
 * and the browser test (the categories that do not depend on timing). Never downloads a browser.
 */
import { launch } from 'chrome-launcher';
import { LIGHTHOUSE } from './commands/tools.ts';
import { envValue } from './flags.ts';
import lighthouse from 'lighthouse';

import { PREFIXED_LOCALES } from '../../src/site/i18n/locales.ts';

/**
 * Every human page in English; of the year pages, the fullest year of the frozen history the tests
 * build. The 404 page is audited at its file path: an audited 404 status would cost SEO by design.
 */
export const PAGES = [
  '/',
  '/timeline/',
  '/timeline/2026/',
  '/banked/',
  '/subscribe/',
  '/developers/',
  '/methodology/',
  '/404.html',
] as const;
/** The same pages in every other locale (`/zh/…`); each locale's own 404 page at its file path (`/zh/404/`). */
export const ALL_PAGES: readonly string[] = [
  ...PAGES,
  ...PREFIXED_LOCALES.flatMap((l) => PAGES.map((p) => (p === '/404.html' ? `/${l}/404/` : `/${l}${p}`))),
];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const SCHEMES = ['light', 'dark'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scheme = (typeof SCHEMES)[number];
export type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export const CHROME_PATH = envValue(LIGHTHOUSE.env.chrome) ?? '/usr/bin/chromium';

export function scoresOf(lhr: Result, categories: readonly Category[] = CATEGORIES): number[] {
  return categories.map((c) => Math.round((lhr.categories[c]?.score ?? 0) * 100));
}

/** Audits that cost points, as "category: id: title (value)" lines. */
export function lostPoints(lhr: Result, categories: readonly Category[] = CATEGORIES): string[] {
  const lines: string[] = [];
  if (lhr.runtimeError) lines.push(`error: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  for (const c of categories) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        lines.push(`${c}: ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
  return [...new Set(lines)];
}

/**
 * Lighthouse settings that shorten an audit without changing a score: the unscored bf-cache and
 * screenshot audits are skipped, the full-page screenshot (unscored, ~2 s a page here) is not taken,
 * and the page counts as settled after 250 ms of quiet instead of the defaults (up to 5 s). With no
 * wait at all the performance score breaks. Measurements: docs/i18n.md, "Lighthouse".
 */
export const QUICK = {
  skipAudits: ['bf-cache', 'screenshot-thumbnails', 'final-screenshot', 'full-page-screenshot'],
  pauseAfterFcpMs: 250,
  pauseAfterLoadMs: 250,
  networkQuietThresholdMs: 250,
  cpuQuietThresholdMs: 250,
  disableFullPageScreenshot: true,
} as const;

export interface Chromium {
  /** Audits one URL (mobile defaults) in this browser. */
  audit(url: string, categories?: readonly Category[], settings?: typeof QUICK): Promise<Result>;
  close(): Promise<void>;
}

/**
 * Starts headless chromium in one colour scheme through chrome-launcher (Lighthouse's own launcher: its
 * default flags keep background work from competing with the page being measured, and it picks the
 * DevTools port and a throwaway profile, removed on close). It is given the one browser to run, so it
 * never looks for, let alone downloads, another.
 */
export async function launchChromium(scheme: Scheme, chromePath: string = CHROME_PATH): Promise<Chromium> {
  const chrome = await launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      // As root (CI containers) chromium refuses to start without this; there is no GPU to use.
      '--no-sandbox',
      '--disable-gpu',
      // Blink's preferredColorScheme: 0 = dark, 1 = light (what prefers-color-scheme then reports).
      `--blink-settings=preferredColorScheme=${scheme === 'dark' ? 0 : 1}`,
    ],
  });
  const exited = new Promise<void>((done) => chrome.process.once('close', () => done()));
  return {
    async audit(url, categories = CATEGORIES, settings) {
      const quick = settings ? { ...settings, skipAudits: [...settings.skipAudits] } : {};
      const lhr = (await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: [...categories], ...quick }))?.lhr;
      if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
      return lhr;
    },
    async close() {
      chrome.kill();
      // Resolve once chromium is gone, so no browser outlives the run that started it.
      await exited;
    },
  };
}
