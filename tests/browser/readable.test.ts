/**
 * Methodology and charts a person can read (issue 32, item 10), in Debian's chromium against the local
 * Netlify runtime (the frozen history): on a 390 px phone every table caption is inside the screen and no
 * page scrolls sideways; every chart label a phone shows is drawn at 11 px or more; and no chart label
 * touches an axis or grid line of its chart, at a phone's size and a laptop's (boxes from the SVG geometry).
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const CHART_PAGES = ['/', '/zh/', '/timeline/', '/es/timeline/', '/methodology/', '/ja/methodology/'];
const TABLE_PAGES = ['/methodology/', '/zh/methodology/', '/es/methodology/', '/ko/methodology/'];

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

async function withPage<T>(viewport: { width: number; height: number }, path: string, fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport });
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
