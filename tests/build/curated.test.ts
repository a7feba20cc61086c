/**
 * Facts recorded with the curation commands reach every output with no hand edit: a banked reset
 * recorded two days ago is in banked.json, on the banked page and in the calendar with its reminders;
 * a promise shows its window and the reset that fulfilled it; corrections show beside their event,
 * as Atom entries of their own, and in corrections.json.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { readJson, type BuildResult } from '../support/astro-build.ts';
import { curateAndBuild, curateDir, idOf, RERECORD_STEPS, RERECORDED, xUrl } from '../support/curate-env.ts';

const BANKED = xUrl('thsottiaux', '2026-11-18T09:15:02Z');
const PROMISE = xUrl('thsottiaux', '2026-11-18T08:00:00Z');
const CORRECTED = xUrl('OpenAIDevs', '2026-11-19T21:40:10Z');
const RETRACTED = xUrl('OpenAI', '2026-11-19T10:00:00Z');
const GRANT = `2026-11-18-${idOf(BANKED)}`;
// Issue 21: a kind fixed after the fact, a retracted post recorded again, an only event of a year retracted.
const KIND_FIXED = xUrl('OpenAIDevs', '2026-11-17T10:00:00Z');
/** The synthetic id of 2010-11-05T00:00:00Z: (ms − 1288834974657) << 22. */
const LONE_2010 = '336489477046272';
const LOCALES = ['', 'zh/', 'ja/', 'es/', 'ko/'];

let build: BuildResult;
const page = (path: string): string => readFileSync(join(build.outDir, path), 'utf8');
const YEAR_PAGE = 'timeline/2026/index.html';

beforeAll(async () => {
  const dir = curateDir();
  // A 2010 event written by hand (the commands refuse one), the only event of its year, then retracted.
  const eventsFile = join(dir, 'events.json');
  const events = JSON.parse(readFileSync(eventsFile, 'utf8'));
  events.events.unshift({
    id: LONE_2010,
    date: '2010-11-05',
    ts: '2010-11-05T00:00:00Z',
    scope: 'all',
    kind: 'reset',
    source: 'thsottiaux',
    url: 'https://x.com/thsottiaux/status/336489477046272',
    summary: 'A mistyped post.',
    partial: false,
    global: true,
    origin: 'official_post',
    certainty: 'high',
    uncertain_fields: [],
  });
  writeFileSync(eventsFile, `${JSON.stringify(events, null, 2)}\n`);
  build = await curateAndBuild(dir, [
    ['correct', [LONE_2010, '--retract', '--reason', 'a mistyped post id']],
    ['add-event', [KIND_FIXED, '--kind', 'reset', '--scope', 'plus+pro', '--summary', 'A banked reset for Plus and Pro.']],
    ['correct', [idOf(KIND_FIXED), '--kind', 'banked', '--reason', 'it was a banked reset']],
    ...RERECORD_STEPS,
    ['checked', ['--note', 'Read the official accounts by hand.', '--by', 'Maintainer']],
    ['add-promise', [PROMISE, '--summary', 'Banked resets are coming today.', '--kind', 'banked']],
    ['add-event', [BANKED, '--kind', 'banked', '--scope', 'plus+pro', '--summary', 'One banked reset for every Plus and Pro account.']],
    ['add-event', [CORRECTED, '--kind', 'reset', '--scope', 'all', '--summary', 'Limits reset.']],
    ['correct', [idOf(CORRECTED), '--scope', 'plus+pro', '--reason', 'free accounts were not reset']],
    ['add-event', [RETRACTED, '--kind', 'reset', '--scope', 'all', '--summary', 'Reported reset.']],
    ['correct', [idOf(RETRACTED), '--retract', '--reason', 'the post was about a different product']],
  ]);
}, 240_000);

describe('a banked reset recorded with add-event', () => {
  it('is active in banked.json with its expiry (grant + 30 days) and hours left', () => {
    const active = readJson(build.outDir, 'api/v1/banked.json').active;
    // 2026-11-20T12:00:00Z → 2026-12-18T09:15:02Z: 27 days 21 h 15 min 2 s = 669.2506 h.
    expect(active).toContainEqual(
      expect.objectContaining({
        id: GRANT,
        granted_at: '2026-11-18T09:15:02Z',
        expires_at: '2026-12-18T09:15:02Z',
        hours_left: 669.25,
        scope: 'plus+pro',
      }),
    );
  });
  it('is on the banked page', () => {
    expect(page('banked/index.html')).toContain(`id="g-${GRANT}"`);
  });
  it('has an expiry reminder in the calendar with alarms 24 h, 5 h and 1 h before (issue 24)', () => {
    const cal = new ICAL.Component(ICAL.parse(page('calendar.ics')));
    const reminder = cal
      .getAllSubcomponents('vevent')
      .find((v) => v.getFirstPropertyValue('uid') === `banked-${GRANT}@resetcast.netlify.app`);
    expect(reminder).toBeDefined();
    expect(String(reminder!.getFirstPropertyValue('dtstart'))).toBe('2026-12-18T09:15:02Z');
    expect(reminder!.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger')))).toEqual([
      '-PT24H',
      '-PT5H',
      '-PT1H',
    ]);
  });
});

describe('a promise and the reset that fulfilled it', () => {
  it('promises.json gives the window, the status and the reset', () => {
    const p = readJson(build.outDir, 'api/v1/promises.json').promises[0];
    expect(p).toMatchObject({
      url: PROMISE,
      window_start: '2026-11-18T08:00:00Z',
      window_end: '2026-11-21T08:00:00Z',
      status: 'fulfilled',
      fulfilled_by: idOf(BANKED),
      fulfilled_at: '2026-11-18T09:15:02Z',
    });
  });
  it('the timeline shows the window with the promise and links the two both ways', () => {
    const html = page(YEAR_PAGE);
    const promise = html.slice(html.indexOf(`id="p-${idOf(PROMISE)}"`), html.indexOf('</li>', html.indexOf(`id="p-${idOf(PROMISE)}"`)));
    expect(promise).toContain('datetime="2026-11-18T08:00:00Z"');
    expect(promise).toContain('datetime="2026-11-21T08:00:00Z"');
    expect(promise).toContain(`href="/timeline/2026/#e-${idOf(BANKED)}"`);
    const event = html.slice(html.indexOf(`id="e-${idOf(BANKED)}"`), html.indexOf('</li>', html.indexOf(`id="e-${idOf(BANKED)}"`)));
    expect(event).toContain(`href="/timeline/2026/#p-${idOf(PROMISE)}"`);
  });
});

describe('corrections on the record', () => {
  it('the timeline shows an amendment beside its event, and a retracted event in its own list, anchor kept', () => {
    const html = page(YEAR_PAGE);
    const at = html.indexOf(`id="e-${idOf(CORRECTED)}"`);
    // The page says the scopes in its own words (as everywhere on the page); the reason is quoted as recorded.
    expect(html.slice(at, html.indexOf('</ul>', at))).toMatch(
      /scope: All plans → Plus \+ Pro\. Reason: <span lang="en">free accounts were not reset<\/span>/,
    );
    const retracted = html.slice(html.indexOf('id="retracted-h"'));
    expect(retracted).toContain(`id="e-${idOf(RETRACTED)}"`);
    expect(retracted).toContain('<del><span lang="en">Reported reset.</span></del>');
  });
  it('the Atom feed carries each correction as its own entry, newest first', () => {
    const items = parseFeed(page('feed.xml')).items;
    const ids = items.slice(0, 2).map((i) => i.id);
    expect(ids).toEqual([
      `tag:resetcast.netlify.app,2026:correction:${idOf(RETRACTED)}:2026-11-20T12:00:00Z:retraction`,
      `tag:resetcast.netlify.app,2026:correction:${idOf(CORRECTED)}:2026-11-20T12:00:00Z:scope`,
    ]);
    expect(items[1]!.title).toBe('Correction: Codex limits reset for Plus + Pro (2026-11-19)'); // the event as it now stands
    expect(items[1]!.description).toBe('scope: all users → Plus + Pro. Reason: free accounts were not reset');
    expect(items[0]!.title).toBe('Retracted: Codex limits reset for all users (2026-11-19)');
  });
  it('corrections.json lists them newest first; timeline.json no longer has the retracted event', () => {
    expect(readJson(build.outDir, 'api/v1/corrections.json').corrections.map((c: { what: string }) => c.what)).toEqual([
      'retraction',
      'scope',
      'rerecorded',
      'retraction',
      'kind',
      'retraction',
    ]);
    expect(readJson(build.outDir, 'api/v1/timeline.json').events.map((e: { id: string }) => e.id)).not.toContain(idOf(RETRACTED));
  });
});

describe('issue 21: fixes reach every output', () => {
  it('a reset corrected to banked has its grant on banked.json and the banked page', () => {
    const grant = `2026-11-17-${idOf(KIND_FIXED)}`;
    expect(readJson(build.outDir, 'api/v1/banked.json').active).toContainEqual(expect.objectContaining({ id: grant, scope: 'plus+pro' }));
    expect(page('banked/index.html')).toContain(`id="g-${grant}"`);
  });
  it('a retracted post recorded again is on the timeline, with both steps in the log', () => {
    expect(readJson(build.outDir, 'api/v1/timeline.json').events.map((e: { id: string }) => e.id)).toContain(idOf(RERECORDED));
    const at = page(YEAR_PAGE).indexOf(`id="e-${idOf(RERECORDED)}"`);
    expect(at).toBeGreaterThan(-1);
    // Shown once, live, with the retraction folded under it (issue 32; tests/build/words.test.ts has the rest).
    expect(page(YEAR_PAGE).slice(at, page(YEAR_PAGE).indexOf('</ul>', at))).toMatch(
      /Recorded again <time[^>]*>[^<]*<\/time> after its <a href="#r-/,
    );
  });
  it('no year page for a year whose only event was retracted, in any locale', () => {
    for (const l of LOCALES) expect(existsSync(join(build.outDir, `${l}timeline/2010/index.html`)), `${l}timeline/2010/`).toBe(false);
    expect(existsSync(join(build.outDir, YEAR_PAGE))).toBe(true);
  });
  it('an unknown reach is shown as unknown: no "not global" chip, no "(some accounts)" in the feed or calendar', () => {
    const html = page(YEAR_PAGE);
    const at = html.indexOf(`id="e-${idOf(BANKED)}"`);
    const item = html.slice(at, html.indexOf('</li>', at));
    expect(item).toContain('reach not stated');
    expect(item).not.toContain('not global');
    const entry = parseFeed(page('feed.xml')).items.find((i) => i.url === BANKED); // an event's entry links its post
    expect(entry?.title).toBe('Banked Codex reset granted for Plus + Pro');
    const cal = new ICAL.Component(ICAL.parse(page('calendar.ics')));
    const vevent = cal
      .getAllSubcomponents('vevent')
      .find(
        (v) =>
          String(v.getFirstPropertyValue('uid')).includes(idOf(BANKED)) && !String(v.getFirstPropertyValue('uid')).startsWith('banked-'),
      );
    expect(String(vevent!.getFirstPropertyValue('summary'))).toBe('Banked Codex reset granted for Plus + Pro');
  });
  it('after npm run checked the forecast is available and the home page no longer says recent resets may be missing', () => {
    const forecast = readJson(build.outDir, 'api/v1/forecast.json');
    expect(forecast.available).toBe(true);
    expect(forecast.freshness.events_checked_at).toBe('2026-11-20T12:00:00Z');
    expect(page('index.html')).not.toContain('recent resets may be missing');
  });
  it('the status line reads that forecast as a forecast, not "no forecast"', async () => {
    const body = page('api/v1/hourly-outlook.json'); // what the status line asks for: forecast.json's p24 at 24 h
    const server = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const env = {
        PATH: process.env['PATH'] ?? '',
        RESETCAST_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), 'resetcast-sl-')),
      };
      const out = await new Promise<string>((done, fail) =>
        execFile('sh', ['scripts/statusline.sh'], { env }, (e, stdout) => (e ? fail(e) : done(stdout))),
      );
      expect(out.trim()).toBe(`reset odds 24h: ${readJson(build.outDir, 'api/v1/forecast.json').p24}%`);
    } finally {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    }
  });
});
