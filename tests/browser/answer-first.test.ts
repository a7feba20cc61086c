/**
 * The answer first (issue 32, item 1): on every locale's home page, at a phone's 390×844 and a laptop's
 * 1280×800, the 24 h and 48 h odds, their confidence and whether they are vouched for are on the first
 * screen, whatever else is active. Checked on the frozen history and on a stressed copy of it: ten active
 * banked grants (one expiring in minutes), a last reset with a summary at the length cap, and an open
 * promise with no words of its own. Each is a real `astro build` at the history's clock, served by
 * `npm start`'s runtime (src/serve/) and read in Debian's chromium.
 *
 * Issue 40, item 2: after `npm run add-event` records a reset posted an hour ago (the record not checked
 * again since), that reset is on a phone's first screen in every locale, and the staleness line beside it
 * says the record was checked earlier and that facts recorded since are shown, never that they are not.
 */
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_CAPS } from '../../src/core/sanitize.ts';
import { readHeaderRules, readNotFoundRules, readSiteFiles } from '../../src/serve/load.ts';
import { createSiteServer } from '../../src/serve/server.ts';
import { astroBuild } from '../support/astro-build.ts';
import { HISTORY_EPOCH, HISTORY_NOW, historyCopy } from '../support/history.ts';
import { historyBuild } from '../support/history-build.ts';
import { PROJECT_ROOT, runDir } from '../support/scratch.ts';
import { readJson } from '../support/json.ts';
import { runNode } from '../support/run-node.ts';
import { xUrl } from '../support/curate-env.ts';

const LOCALES = ['', 'zh/', 'ja/', 'es/', 'ko/'] as const;
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;
/** The elements that together are the answer (src/views/Home.astro). */
const ANSWER = ['odds', 'p24', 'p48', 'confidence', 'vouched'] as const;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const at = (ms: number): string => new Date(HISTORY_NOW.getTime() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A copy of the frozen history with everything a home page can show at once, all active at the history's
 * clock; `vouched` also marks the record checked an hour before that clock, so the page vouches for it
 * (the frozen history's record is weeks old: the unvouched warning shows).
 */
function stressedHistory(vouched: boolean): string {
  const dir = historyCopy('stressed');
  const read = <F extends string>(file: F) => readJson(dir, file);
  const write = (file: string, value: unknown): void => writeFileSync(join(dir, file), `${JSON.stringify(value, null, 2)}\n`);

  const banked = read('banked.json');
  for (let i = 0; i < 10; i++) {
    banked.grants.push({
      id: `stress-grant-${i}`,
      granted_at: at(-DAY_MS),
      // The first expires in minutes; the others over the next days.
      expires_at: at(i === 0 ? 7 * MINUTE_MS : i * DAY_MS),
      scope: 'plus+pro',
      summary: `Stress grant ${i}: a banked reset for every eligible account, with words enough to wrap on a phone screen twice over.`,
      url: `https://x.com/OpenAI/status/22000000000000000${10 + i}`,
      event_id: null,
      certainty: 'medium',
      uncertain_fields: [],
    });
  }
  write('banked.json', banked);

  const events = read('events.json');
  if (vouched) events.checked_at = at(-60 * MINUTE_MS);
  const last = events.events.at(-1)!;
  last.summary = `${'A very long summary of the last reset, as long as the record allows. '.repeat(20)}`.slice(0, TEXT_CAPS.summary).trim();
  write('events.json', events);

  const announcements = read('announcements.json');
  announcements.announcements.push({
    id: '2200000000000000100',
    ts: at(-2 * 60 * MINUTE_MS),
    source: 'thsottiaux',
    url: 'https://x.com/thsottiaux/status/2200000000000000100',
    summary: null,
    by: null,
    window_start: at(-2 * 60 * MINUTE_MS),
    window_end: at(DAY_MS),
    fulfilled_by: null,
  });
  write('announcements.json', announcements);
  return dir;
}

/** The post `newReset` records: an hour before the history's clock. */
const NEW_RESET_TS = at(-60 * MINUTE_MS);

/** A copy of the frozen history after `npm run add-event` recorded a reset posted an hour ago (checked_at unchanged). */
async function newReset(): Promise<string> {
  const dir = historyCopy('new-reset');
  const args = [xUrl('OpenAIDevs', NEW_RESET_TS), '--kind', 'reset', '--scope', 'all', '--summary', 'Codex rate limits were reset.'];
  const run = await runNode(['scripts/add-event.ts', ...args], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: dir,
    SOURCE_DATE_EPOCH: String(HISTORY_EPOCH),
  });
  expect(run.code, run.out).toBe(0);
  return dir;
}

let browser: Browser;
const servers: Server[] = [];
const sites: { name: string; base: string }[] = [];
// For a human to look at: kept in RESETCAST_SCREENSHOTS's folder when set, else in the run's own (removed when it ends).
const SHOTS = join(process.env['RESETCAST_SCREENSHOTS'] ? resolve(process.env['RESETCAST_SCREENSHOTS']) : runDir(), 'answer-first');

/** Serves a build with the local runtime; the pages link no /mcp, so its function answers nothing here. */
async function serveBuild(outDir: string): Promise<string> {
  const toml = join(PROJECT_ROOT, 'netlify.toml');
  const server = createSiteServer({
    files: readSiteFiles(outDir),
    rules: await readHeaderRules(toml),
    notFound: await readNotFoundRules(toml),
    fn: { handler: async () => new Response('not served in this test', { status: 404 }), path: '/mcp' },
    log: () => {},
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(async () => {
  // The frozen history is the run's build of it (tests/support/history-build.ts): the same build, made once.
  const builds = await Promise.all([
    historyBuild().then(({ outDir }) => ({ code: 0, output: '', outDir })),
    astroBuild({ epoch: HISTORY_EPOCH, dataDir: stressedHistory(false) }),
    astroBuild({ epoch: HISTORY_EPOCH, dataDir: stressedHistory(true) }),
    astroBuild({ epoch: HISTORY_EPOCH, dataDir: await newReset() }),
  ]);
  for (const b of builds) expect(b.code, b.output).toBe(0);
  sites.push(
    { name: 'frozen', base: await serveBuild(builds[0]!.outDir) },
    { name: 'stressed', base: await serveBuild(builds[1]!.outDir) },
    { name: 'stressed and vouched', base: await serveBuild(builds[2]!.outDir) },
    { name: 'new reset', base: await serveBuild(builds[3]!.outDir) },
  );
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

describe.each(['frozen', 'stressed', 'stressed and vouched'] as const)('the %s history', (which) => {
  it.each(LOCALES.flatMap((locale) => VIEWPORTS.map((vp) => ({ locale, ...vp }))))(
    '/$locale at $width×$height: odds, confidence and vouched line on the first screen',
    async ({ locale, name, width, height }) => {
      const base = sites.find((s) => s.name === which)!.base;
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      try {
        const res = await page.goto(`${base}/${locale}`, { waitUntil: 'load' });
        expect(res?.status()).toBe(200);
        const boxes = await Promise.all(ANSWER.map(async (id) => ({ id, box: await page.getByTestId(id).boundingBox() })));
        const below = boxes
          .filter(({ box }) => box === null || box.y + box.height > height)
          .map(({ id, box }) => `${id} bottom ${box ? Math.round(box.y + box.height) : 'none'}`);
        expect(below).toEqual([]);
        // The vouched line says which it is: the warning's class only when the record is not vouched for.
        expect(await page.getByTestId('vouched').getAttribute('class')).toBe(which === 'stressed and vouched' ? null : 'warn');
        if (which !== 'frozen') {
          // What the stress put there is on the page: a one-line mention of the ten grants, the grants themselves and the promise.
          expect(await page.getByTestId('grants-mention').textContent()).toContain('10');
          expect(await page.locator('[data-testid="home-banked"] > li').count()).toBeGreaterThanOrEqual(10);
          expect(await page.locator('[data-testid="home-promises"] > li').count()).toBe(1);
        }
        await page.screenshot({ path: join(SHOTS, `${which.replaceAll(' ', '-')}-${locale.replace('/', '') || 'en'}-${name}.png`) });
      } finally {
        await context.close();
      }
    },
  );
});

describe('a reset recorded an hour ago, the record not checked again (issue 40)', () => {
  it.each(LOCALES)(
    '/%s on a phone: the new reset is on the first screen, under a staleness line it does not contradict',
    async (locale) => {
      const { height } = VIEWPORTS[0];
      const context = await browser.newContext({ viewport: { width: VIEWPORTS[0].width, height } });
      const page = await context.newPage();
      try {
        const res = await page.goto(`${sites.find((s) => s.name === 'new reset')!.base}/${locale}`, { waitUntil: 'load' });
        expect(res?.status()).toBe(200);
        const last = page.getByTestId('last-reset');
        expect(await last.locator('time').first().getAttribute('datetime')).toBe(NEW_RESET_TS);
        const box = await last.boundingBox();
        expect(box, 'the last reset is drawn').not.toBeNull();
        expect(box!.y).toBeLessThan(height);
        // The line says when the record was last checked: before the new reset, which the page shows all the same.
        const note = page.getByTestId('unvouched');
        const checked = await note.locator('time').getAttribute('datetime');
        expect(Date.parse(checked!)).toBeLessThan(Date.parse(NEW_RESET_TS));
        if (locale === '') {
          const text = (await note.textContent())!.replace(/\s+/g, ' ');
          expect(text).toContain('Facts recorded since then are shown');
          expect(text).not.toMatch(/not on this page/);
        }
        await page.screenshot({ path: join(SHOTS, `new-reset-${locale.replace('/', '') || 'en'}-phone.png`) });
      } finally {
        await context.close();
      }
    },
  );
});
