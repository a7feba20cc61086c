/**
 * Lighthouse in Debian chromium, shared by `npm run lighthouse` (the full gate, performance included)
 * and the browser test (the categories that do not depend on timing). Never downloads a browser.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';

import { PREFIXED_LOCALES } from '../../src/site/i18n/locales.ts';

/**
 * Every human page in English; of the year pages, the fullest year of the frozen history the tests
 * build. The 404 page is audited at its file path: an audited 404 status would cost SEO by design.
 */
export const PAGES = ['/', '/timeline/', '/timeline/2026/', '/banked/', '/developers/', '/methodology/', '/404.html'] as const;
/** The same pages in every other locale (`/zh/…`); the one 404 page speaks every language. */
export const ALL_PAGES: readonly string[] = [...PAGES, ...PREFIXED_LOCALES.flatMap((l) => PAGES.filter((p) => p !== '/404.html').map((p) => `/${l}${p}`))];
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export const SCHEMES = ['light', 'dark'] as const;
export type Category = (typeof CATEGORIES)[number];
export type Scheme = (typeof SCHEMES)[number];
export type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

export const CHROME_PATH = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

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

/** Starts headless chromium in one colour scheme, on a DevTools port of its choosing, with a throwaway profile. */
export async function launchChromium(scheme: Scheme, chromePath: string = CHROME_PATH): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), 'resetcast-lh-'));
  const child = spawn(chromePath, [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
    '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`,
    // chrome-launcher's defaults for Lighthouse: no background work competing with the page being measured.
    '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
    '--disable-extensions', '--disable-component-extensions-with-background-pages', '--disable-client-side-phishing-detection',
    '--disable-sync', '--metrics-recording-only', '--disable-default-apps', '--mute-audio', '--no-default-browser-check',
    '--disable-backgrounding-occluded-windows', '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
    '--disable-ipc-flooding-protection', '--password-store=basic', '--use-mock-keychain', '--disable-hang-monitor',
    '--disable-prompt-on-repost', '--disable-domain-reliability',
    // Blink's preferredColorScheme: 0 = dark, 1 = light (what prefers-color-scheme then reports).
    `--blink-settings=preferredColorScheme=${scheme === 'dark' ? 0 : 1}`, 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const port = await new Promise<number>((ok, fail) => {
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err += String(d);
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) ok(Number(m[1]));
    });
    child.once('exit', (code) => fail(new Error(`chromium exited (${code}) before listening:\n${err}`)));
  });
  return {
    async audit(url, categories = CATEGORIES, settings) {
      const quick = settings ? { ...settings, skipAudits: [...settings.skipAudits] } : {};
      const lhr = (await lighthouse(url, { port, logLevel: 'error', onlyCategories: [...categories], ...quick }))?.lhr;
      if (!lhr) throw new Error(`lighthouse returned nothing for ${url}`);
      return lhr;
    },
    async close() {
      child.kill('SIGTERM');
      // Wait for the exit so the profile folder is no longer being written when it is removed.
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
