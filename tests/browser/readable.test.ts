/**
 * Methodology and charts a person can read (issue 32, item 10), in Debian's chromium against the local
 * Netlify runtime (the frozen history): on a 390 px phone every table caption is inside the screen and no
 * page scrolls sideways; every chart label a phone shows is drawn at 11 px or more; and no chart label
 * touches an axis or grid line of its chart, at a phone's size and a laptop's (boxes from the SVG geometry).
 * Issue 40: on every home page, in both themes, no label of the 7-day chart overlaps another (the 48 h mark's
 * "12%" sat on the "2 d" tick); no code block wraps a line; the developers page opens with a table of contents.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';

const { baseUrl } = await e2eRuntime();
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const CHART_PAGES = ['/', '/zh/', '/timeline/', '/es/timeline/', '/methodology/', '/ja/methodology/'];
const TABLE_PAGES = ['/methodology/', '/zh/methodology/', '/es/methodology/', '/ko/methodology/'];
const LOCALES = ['', 'zh/', 'ja/', 'es/', 'ko/'] as const;
const THEMES = ['light', 'dark'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});
afterAll(async () => {
  await browser?.close();
});

async function withPage<T>(
  viewport: { width: number; height: number },
  path: string,
  fn: (page: Page) => Promise<T>,
  colorScheme: (typeof THEMES)[number] = 'light',
): Promise<T> {
  const context = await browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  try {
    const res = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    expect(res?.status(), path).toBe(200);
    return await fn(page);
  } finally {
    await context.close();
  }
}

describe('tables on a 390 px phone', () => {
  it.each(TABLE_PAGES)('%s: every caption inside the screen, nothing wider than the page', async (path) => {
    await withPage(PHONE, path, async (page) => {
      const found = await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - window.innerWidth,
        tablesWider: [...document.querySelectorAll('table')].filter((t) => t.getBoundingClientRect().right > window.innerWidth).length,
        captions: [...document.querySelectorAll('caption')].map((c) => {
          const r = c.getBoundingClientRect();
          return { text: (c.textContent ?? '').slice(0, 40), left: r.left, right: r.right, width: r.width };
        }),
      }));
      expect(found.captions.length).toBeGreaterThanOrEqual(3);
      expect(found.overflow).toBeLessThanOrEqual(0);
      expect(found.tablesWider).toBe(0);
      for (const c of found.captions) {
        expect(c.left, c.text).toBeGreaterThanOrEqual(0);
        expect(c.right, c.text).toBeLessThanOrEqual(PHONE.width);
        expect(c.width, c.text).toBeGreaterThan(0);
      }
    });
  });
});

/** Every shown label of every chart: its rendered font size in CSS px, and whether its box meets a line of its chart. */
async function chartLabels(page: Page): Promise<{ text: string; px: number; onLine: string | null }[]> {
  return page.evaluate(() => {
    const out: { text: string; px: number; onLine: string | null }[] = [];
    for (const svg of document.querySelectorAll('main svg')) {
      const viewBox = (svg as SVGSVGElement).viewBox.baseVal;
      const scale = svg.getBoundingClientRect().width / viewBox.width;
      const lines = [...svg.querySelectorAll('line')].map((l) => ({
        x1: l.x1.baseVal.value,
        x2: l.x2.baseVal.value,
        y1: l.y1.baseVal.value,
        y2: l.y2.baseVal.value,
      }));
      for (const text of svg.querySelectorAll('text')) {
        if (getComputedStyle(text).display === 'none' || text.getAttribute('transform')) continue; // the rotated axis title is checked by eye
        const box = (text as SVGTextElement).getBBox();
        const hit = lines.find((l) => {
          const [lx1, lx2] = [Math.min(l.x1, l.x2), Math.max(l.x1, l.x2)];
          const [ly1, ly2] = [Math.min(l.y1, l.y2), Math.max(l.y1, l.y2)];
          return lx1 <= box.x + box.width && lx2 >= box.x && ly1 <= box.y + box.height && ly2 >= box.y;
        });
        out.push({
          text: text.textContent ?? '',
          px: parseFloat(getComputedStyle(text).fontSize) * scale,
          onLine: hit
            ? `line ${hit.x1},${hit.y1}–${hit.x2},${hit.y2} meets box ${box.x.toFixed(1)},${box.y.toFixed(1)} ${box.width.toFixed(1)}×${box.height.toFixed(1)}`
            : null,
        });
      }
    }
    return out;
  });
}

describe('chart labels', () => {
  it.each(CHART_PAGES)('%s on a 390 px phone: every label shown is 11 px or more and off every line', async (path) => {
    const labels = await withPage(PHONE, path, chartLabels);
    expect(labels.length).toBeGreaterThan(4);
    expect(labels.filter((l) => l.px < 11).map((l) => `${l.text}: ${l.px.toFixed(1)} px`)).toEqual([]);
    expect(labels.filter((l) => l.onLine).map((l) => `${l.text}: ${l.onLine}`)).toEqual([]);
  });

  it.each(CHART_PAGES)('%s on a laptop: no label on a line', async (path) => {
    const labels = await withPage(LAPTOP, path, chartLabels);
    expect(labels.length).toBeGreaterThan(4);
    expect(labels.filter((l) => l.onLine).map((l) => `${l.text}: ${l.onLine}`)).toEqual([]);
  });
});

/** Every pair of shown labels of one chart whose boxes overlap, said as "a / b", with the mark labels named. */
async function overlappingLabels(page: Page): Promise<{ marks: number; labels: number; overlaps: string[] }> {
  return page.evaluate(() => {
    const svg = document.querySelector('main svg.outlook');
    if (!svg) return { marks: 0, labels: 0, overlaps: ['no outlook chart'] };
    const texts = [...svg.querySelectorAll('text')].filter((t) => getComputedStyle(t).display !== 'none');
    const boxes = texts.map((t) => ({
      text: t.textContent ?? '',
      mark: t.classList.contains('mark-label'),
      box: t.getBoundingClientRect(),
    }));
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        const meet = a.box.left < b.box.right && b.box.left < a.box.right && a.box.top < b.box.bottom && b.box.top < a.box.bottom;
        if (meet) overlaps.push(`${a.mark ? 'mark ' : ''}${a.text} / ${b.mark ? 'mark ' : ''}${b.text}`);
      }
    return { marks: boxes.filter((b) => b.mark).length, labels: boxes.length, overlaps };
  });
}

describe('the 7-day chart: no label on another (issue 40)', () => {
  it.each(
    LOCALES.flatMap((l) =>
      THEMES.flatMap((theme) => [PHONE, LAPTOP].map((vp) => ({ l, theme, vp, name: vp === PHONE ? 'phone' : 'laptop' }))),
    ),
  )('/$l, $theme, $name: the 24 h and 48 h labels overlap no tick and no other label', async ({ l, theme, vp }) => {
    const found = await withPage(vp, `/${l}`, overlappingLabels, theme);
    expect(found.marks).toBe(2);
    expect(found.labels).toBeGreaterThan(10);
    expect(found.overlaps).toEqual([]);
  });
});

describe('code blocks keep their lines whole (issue 40)', () => {
  it.each(LOCALES.flatMap((l) => ['developers/', 'subscribe/'].map((p) => `/${l}${p}`)))(
    '%s on a 390 px phone: every block draws each of its lines on one line, and the page does not scroll sideways',
    async (path) => {
      const found = await withPage(PHONE, path, (page) =>
        page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          blocks: [...document.querySelectorAll('main pre > code')].map((code) => {
            // An inline element has a client rect per line box it is drawn on (and an empty one at each line break):
            // the lines it is drawn on are the distinct tops of its rects with a width, one per line with text.
            const drawn = new Set([...code.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
            const lines = (code.textContent ?? '').split('\n').filter((line) => line !== '').length;
            return { start: (code.textContent ?? '').slice(0, 40), drawn, lines };
          }),
        })),
      );
      expect(found.blocks.length).toBeGreaterThan(3);
      expect(found.blocks.filter((b) => b.drawn !== b.lines)).toEqual([]);
      expect(found.overflow).toBeLessThanOrEqual(0);
    },
  );
});

describe('the developers page has a table of contents (issue 40)', () => {
  it.each(LOCALES)('/%sdevelopers/: it comes before the first section and each entry leads to a heading of the page', async (l) => {
    const found = await withPage(PHONE, `/${l}developers/`, (page) =>
      page.evaluate(() => {
        const toc = document.querySelector('[data-testid="toc"]');
        const firstSection = document.querySelector('main section');
        return {
          before: !!toc && !!firstSection && (toc.compareDocumentPosition(firstSection) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
          entries: [...(toc?.querySelectorAll('a') ?? [])].map((a) => {
            const target = document.getElementById((a.getAttribute('href') ?? '').slice(1));
            return { text: a.textContent, heading: target?.tagName === 'H2' ? target.textContent : null };
          }),
          sections: document.querySelectorAll('main section > h2').length,
        };
      }),
    );
    expect(found.before).toBe(true);
    expect(found.entries.length).toBe(found.sections);
    for (const e of found.entries) expect(e.heading).toBe(e.text);
  });
});
