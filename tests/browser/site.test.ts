/**
 * The human site in a real browser (Debian chromium via playwright-core) against the local Netlify
 * runtime: every page loads without console errors, shows the published numbers, fits a phone screen,
 * and is screenshotted (desktop + mobile, light + dark). The screenshots are for a human to look at: they
 * are kept in the folder RESETCAST_SCREENSHOTS names (`RESETCAST_SCREENSHOTS=shots npx vitest run
 * tests/browser/site.test.ts`), and otherwise go to the run's own folder, removed when the run ends.
 * Every other locale (zh, ja, es, ko) is loaded on a 390 px phone in both schemes and screenshotted too.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';
import { runDir } from '../support/scratch.ts';
import { waitFor } from '../support/wait-for.ts';
import { fetchOnce, mapLimit } from '../support/crawl.ts';
import { PAGE_LIST } from '../../src/site/pages.ts';

const { baseUrl } = await e2eRuntime();
const ARTIFACTS = process.env['RESETCAST_SCREENSHOTS'] ? resolve(process.env['RESETCAST_SCREENSHOTS']) : join(runDir(), 'screenshots');
const PAGES = [
  { path: '/', name: 'home' },
  { path: '/timeline/', name: 'timeline' },
  { path: '/timeline/2026/', name: 'timeline-2026' },
  { path: '/banked/', name: 'banked' },
  { path: '/developers/', name: 'developers' },
  { path: '/subscribe/', name: 'subscribe' },
] as const;
/** The other locales, their `lang` and how each writes a whole percent (CLDR: Spanish puts a no-break space before %). */
const LOCALES = [
  { locale: 'zh', tag: 'zh-Hans', percent: (n: number) => `${n}%` },
  { locale: 'ja', tag: 'ja', percent: (n: number) => `${n}%` },
  { locale: 'es', tag: 'es', percent: (n: number) => `${n}\u00a0%` },
  { locale: 'ko', tag: 'ko', percent: (n: number) => `${n}%` },
] as const;
const LOCALE_PAGES = [...PAGES, { path: '/methodology/', name: 'methodology' }] as const;
const PHONE = { width: 390, height: 844 };
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'mobile', viewport: { width: 390, height: 844 } },
] as const;
const SCHEMES = ['light', 'dark'] as const;

let browser: Browser;
let forecast: { p24: number; p48: number; available: boolean };
let timeline: { events: { id: string; ts: string }[] };
let banked: { active: { id: string }[] };

async function json<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Opens a page, recording console errors and uncaught exceptions; returns them with the HTTP status. */
async function open(page: Page, path: string): Promise<{ status: number | undefined; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const res = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  return { status: res?.status(), errors };
}

/** Pages the crawls below open at once, and addresses they fetch at once (tests/support/crawl.ts says why). */
const CRAWL_PAGES_AT_ONCE = 3;
const CRAWL_FETCHES_AT_ONCE = 4;
/** Every address the crawls ask for, once for the whole file: its status, language, hreflang alternates and links. */
const fetchPath = fetchOnce(baseUrl);

/** Opens `path` in a page of its own, expects it to load (its status whatever it is), reads it with `read`, closes it. */
async function onPage<R>(path: string, read: (page: Page) => Promise<R>): Promise<R> {
  const page = await browser.newPage();
  try {
    await open(page, path);
    return await read(page);
  } finally {
    await page.close();
  }
}

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  [forecast, timeline, banked] = await Promise.all([
    json<typeof forecast>('/api/v1/forecast.json'),
    json<typeof timeline>('/api/v1/timeline.json'),
    json<typeof banked>('/api/v1/banked.json'),
  ]);
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});

afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORTS)('$name', ({ name: vpName, viewport }) => {
  describe.each(SCHEMES)('%s scheme', (scheme) => {
    it.each(PAGES)('$path loads cleanly, fits the screen and is screenshotted', async ({ path, name }) => {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      try {
        const { status, errors } = await open(page, path);
        expect(status).toBe(200);
        expect(errors).toEqual([]);
        expect(await page.locator('main h1').count()).toBe(1);
        // Nothing wider than the viewport: no sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        expect(darkBackground).toBe(scheme === 'dark' ? 'rgb(17, 20, 24)' : 'rgb(255, 255, 255)');
        await page.screenshot({ path: `${ARTIFACTS}/${name}-${vpName}-${scheme}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    });
  });
});

// Every page in the light scheme; the home page in the dark one too (the colours are the same CSS for every language).
const LOCALE_RUNS = [...LOCALE_PAGES.map((p) => ({ ...p, scheme: 'light' as const })), { ...LOCALE_PAGES[0], scheme: 'dark' as const }];

describe.each(LOCALES)('$locale on a 390 px phone', ({ locale, tag, percent }) => {
  it.each(LOCALE_RUNS)(
    '$path ($scheme) loads cleanly in its language, fits the screen and is screenshotted',
    async ({ path, name, scheme }) => {
      const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme });
      const page = await context.newPage();
      try {
        const { status, errors } = await open(page, `/${locale}${path}`);
        expect(status).toBe(200);
        expect(errors).toEqual([]);
        expect(await page.locator('html').getAttribute('lang')).toBe(tag);
        expect(await page.locator('main h1').count()).toBe(1);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        if (path === '/') expect(await page.getByTestId('p24').textContent()).toBe(percent(forecast.p24));
        await page.screenshot({ path: `${ARTIFACTS}/${locale}-${name}-mobile-${scheme}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    },
  );
});

describe('languages', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
  });
  afterAll(async () => {
    await page.close();
  });

  it('every hreflang alternate of every page in every locale resolves (200) to that page in its language', async () => {
    const pages = ['', ...LOCALES.map((l) => `/${l.locale}`)].flatMap((prefix) => LOCALE_PAGES.map(({ path }) => `${prefix}${path}`));
    const broken: string[] = [];
    for (const [from, { status, alternates }] of (await mapLimit(pages, CRAWL_FETCHES_AT_ONCE, fetchPath)).map(
      (f, i) => [pages[i]!, f] as const,
    )) {
      expect(status, from).toBe(200);
      expect(
        alternates.map(([lang]) => lang),
        from,
      ).toEqual(['en', ...LOCALES.map((l) => l.tag), 'x-default']);
      const answers = await mapLimit(alternates, CRAWL_FETCHES_AT_ONCE, ([, href]) => fetchPath(new URL(href).pathname));
      alternates.forEach(([lang, href], i) => {
        const wanted = lang === 'x-default' ? 'en' : lang;
        if (answers[i]!.status !== 200 || answers[i]!.lang !== wanted) broken.push(`${from} → ${lang} ${href} (${answers[i]!.status})`);
      });
    }
    expect(broken).toEqual([]);
  });

  it('the language switcher keeps the page: from the Japanese banked page to the Korean one and back to English', async () => {
    await open(page, '/ja/banked/');
    await page.locator('nav.languages a[lang="ko"]').click();
    await page.waitForURL(`${baseUrl}/ko/banked/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('ko');
    await page.locator('nav.languages a[lang="en"]').click();
    await page.waitForURL(`${baseUrl}/banked/`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
  });

  it('every link on every page of every locale leads somewhere (200)', async () => {
    const pages = LOCALES.flatMap(({ locale }) => LOCALE_PAGES.map(({ path }) => `/${locale}${path}`));
    const found = await mapLimit(pages, CRAWL_FETCHES_AT_ONCE, fetchPath);
    const broken: string[] = [];
    for (const [i, { status, links: all }] of found.entries()) {
      expect(status, pages[i]).toBe(200);
      const links = [...new Set(all.filter((h) => h.startsWith('/')).map((h) => h.split('#')[0]!))];
      expect(links.length, `${pages[i]}: its links`).toBeGreaterThan(5);
      const answers = await mapLimit(links, CRAWL_FETCHES_AT_ONCE, fetchPath);
      links.forEach((href, j) => {
        if (answers[j]!.status !== 200) broken.push(`${pages[i]} → ${href} (${answers[j]!.status})`);
      });
    }
    expect(broken).toEqual([]);
  });
});

describe('content matches the API', () => {
  let page: Page;
  beforeAll(async () => {
    page = await browser.newPage();
  });
  afterAll(async () => {
    await page.close();
  });

  it('home shows exactly forecast.json p24 and p48, and the caveat when unavailable', async () => {
    await open(page, '/');
    expect(await page.getByTestId('p24').textContent()).toBe(`${forecast.p24}%`);
    expect(await page.getByTestId('p48').textContent()).toBe(`${forecast.p48}%`);
    expect(await page.getByTestId('unvouched').count()).toBe(forecast.available ? 0 : 1);
    expect(await page.locator('footer').textContent()).toContain('Data: Resetcast');
  });

  it('the year pages together have an #e-<id> anchor for every event, newest first as in timeline.json', async () => {
    const years = [...new Set(timeline.events.map((e) => e.ts.slice(0, 4)))];
    const ids: string[] = [];
    for (const year of years) {
      await open(page, `/timeline/${year}/`);
      ids.push(...(await page.locator('[data-testid="events"] > li').evaluateAll((els) => els.map((el) => el.id))));
    }
    expect(ids).toEqual(timeline.events.map((e) => `e-${e.id}`));
    await open(page, '/timeline/');
    expect(await page.locator('svg[role="img"]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('nav[aria-label="Years"] a').evaluateAll((els) => els.map((el) => el.getAttribute('href')))).toEqual(
      years.map((y) => `/timeline/${y}/`),
    );
  });

  it('an event anchor from the feeds scrolls to its event', async () => {
    const last = timeline.events.at(-1)!;
    await open(page, `/timeline/${last.ts.slice(0, 4)}/#e-${last.id}`);
    expect(await page.locator(`#e-${last.id}`).isVisible()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  it('banked lists the active grants, or says plainly that there are none', async () => {
    await open(page, '/banked/');
    expect(await page.getByTestId('no-active').count()).toBe(banked.active.length === 0 ? 1 : 0);
  });

  it('developers shows a ready Claude Code command and the VS Code config', async () => {
    await open(page, '/developers/');
    const text = await page.locator('main').textContent();
    expect(text).toMatch(/claude mcp add --transport http resetcast https?:\/\/\S+\/mcp/);
    expect(text).toContain('"type": "http"');
  });

  it('the tools/list example on the developers page works against the real /mcp endpoint', async () => {
    await open(page, '/developers/');
    const example = await page.locator('pre', { hasText: '"method":"tools/list"' }).textContent();
    const body = /-d '(.+)'/.exec(example ?? '')?.[1];
    const headers = Object.fromEntries([...(example ?? '').matchAll(/-H '([^:]+): ([^']+)'/g)].map((m) => [m[1]!, m[2]!]));
    const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers, body: body ?? '' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('get_reset_forecast');
  });

  it('every link within the site, on every page, leads somewhere (200) and every #anchor exists', async () => {
    const pages = [...PAGES.map((p) => p.path), '/methodology/', '/no-such-page/'];
    const found = await mapLimit(pages, CRAWL_PAGES_AT_ONCE, (from) =>
      onPage(from, async (p) => {
        const hrefs = [...new Set(await p.locator('a[href]').evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? '')))];
        const anchors = hrefs.filter((h) => h.startsWith('#'));
        const counts = await Promise.all(anchors.map((h) => p.locator(`[id="${h.slice(1)}"]`).count()));
        return { from, links: hrefs.filter((h) => h.startsWith('/')), missing: anchors.filter((_, i) => counts[i] !== 1) };
      }),
    );
    const broken: string[] = [];
    for (const { from, links, missing } of found) {
      for (const href of missing) broken.push(`${from} → ${href} (no such anchor)`);
      const answers = await mapLimit(links, CRAWL_FETCHES_AT_ONCE, fetchPath);
      links.forEach((href, i) => {
        if (answers[i]!.status !== 200) broken.push(`${from} → ${href} (${answers[i]!.status})`);
      });
    }
    expect(broken).toEqual([]);
  });

  it("an unknown address answers 404 with the site's page", async () => {
    const { status, errors } = await open(page, '/no-such-page/');
    expect(status).toBe(404);
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    expect(await page.locator('main h1').textContent()).toBe('Page not found');
  });

  it('an unknown address under a locale answers 404 in that language only, with its navigation', async () => {
    const { status } = await open(page, '/zh/no-such-page/');
    expect(status).toBe(404);
    expect(await page.locator('html').getAttribute('lang')).toBe('zh-Hans');
    expect(await page.locator('main h1').textContent()).toBe('找不到页面');
    expect(await page.locator('main [lang]').count()).toBe(0);
    expect(
      await page
        .locator('nav')
        .first()
        .locator('a')
        .evaluateAll((els) => els.map((el) => el.getAttribute('href'))),
    ).toEqual(['/zh/', '/zh/timeline/', '/zh/banked/', '/zh/subscribe/', '/zh/methodology/', '/zh/developers/']);
  });
});

describe('every human page is served as a page (issue 40)', () => {
  // netlify.toml gives every address under /alerts/ (the threshold feeds) an Atom Content-Type: a page there would not render.
  it.each(
    PAGE_LIST.filter((p) => p.nav !== null).flatMap((p) =>
      ['', ...LOCALES.map((l) => `/${l.locale}`)].map((prefix) => `${prefix}${p.path}`),
    ),
  )('%s answers 200 as text/html', async (path) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe("under the Content-Security-Policy (netlify.toml's header and each page's <meta>)", () => {
  const KINDS = [
    '/',
    '/zh/',
    '/ja/banked/',
    '/timeline/',
    '/timeline/2026/',
    '/banked/',
    '/methodology/',
    '/developers/',
    '/es/subscribe/',
    '/no-such-page/',
    '/ko/no-such-page/',
  ];

  /** Opens a page and keeps every console message about the policy, of any level. */
  async function openWatched(page: Page, path: string): Promise<{ policy: string | null; violations: string[] }> {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const res = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    return { policy: (await res?.headerValue('content-security-policy')) ?? null, violations };
  }

  it.each(KINDS)('%s loads with no violation', async (path) => {
    const page = await browser.newPage();
    try {
      const { policy, violations } = await openWatched(page, path);
      // The page really is under the strict policy: no violation would mean nothing otherwise.
      expect(policy).toContain("default-src 'none'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(violations).toEqual([]);
      // Its styles applied: the header is laid out (a blocked stylesheet would leave it unstyled).
      expect(await page.locator('.site-header').evaluate((el) => getComputedStyle(el).display)).not.toBe('inline');
    } finally {
      await page.close();
    }
  });

  it('the watch sees a violation when there is one: a style the page did not ship is refused', async () => {
    const page = await browser.newPage();
    try {
      const { violations } = await openWatched(page, '/');
      await page.addStyleTag({ content: 'body { outline: 3px solid red; }' }).catch(() => {});
      await waitFor(() => violations.length > 0, { describe: 'a CSP console message', deadlineMs: 10_000, seen: () => violations });
      expect(violations.join('\n')).toMatch(/style/i);
    } finally {
      await page.close();
    }
  });
});
