/**
 * The proof of the timetable (issue 37 item 6, docs/timetable.md). One real `npm run build` (astro build,
 * then the functions' bundle) of the frozen history plus a grant that expires and a promise that lapses
 * within the horizon, at the history's clock B, asked to render every human page at some probe instants
 * too (RESETCAST_TIMETABLE_PROBES: boundaries, the last second of page states, random instants). Then, for
 * random instants and every boundary:
 *
 * - the state the timetable function picks (its own code over the build's files, with the instant given)
 *   is byte for byte the pure payload function at the state's start, but for `freshness.built_at`, which says B;
 *   a feed's and the calendar's the pure function at the state's start;
 * - the state's start is never after the instant; a state older than 5 minutes is one whose figures held at
 *   every instant the build checked since (every 5-minute mark and change point): the state equals, but for its
 *   stamps, a fresh computation at the last of them, less than 5 minutes before the instant;
 * - a page's state at a probe instant is byte for byte the page rendered at that instant (what the page shows
 *   held since the state's start), a page that does not move with the clock is its static file at every probe,
 *   and the home page's odds are forecast.json's at the same instant;
 * - fresh builds (SOURCE_DATE_EPOCH = a state's start) publish exactly those bytes, pages, feeds, calendar and
 *   the home page's card included: the pure function and the state route ARE what a build publishes;
 * - `npm start` and the real Netlify runtime (`netlify serve`), each under a fake clock (libfaketime), serve
 *   the state of their instant, payloads and pages, with the static file's headers and an edge cache that ends
 *   with the state, and their /mcp forecast tool answers with the same forecast state;
 * - after the horizon the last state, not vouched for; before the build the first; a missing or corrupt
 *   state file stops the bundle step, naming the file, as does a state published under another address
 *   than the site's (the one /mcp is pinned to).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeProject, startNetlifyServe, type NetlifyServe } from '../../scripts/lib/netlify-serve.ts';
import { BUNDLED_FUNCTIONS_DIR } from '../../scripts/lib/bundle-function.ts';
import { listFunction } from '@netlify/zip-it-and-ship-it';
import { parseDataset, type Dataset } from '../../src/core/dataset/index.ts';
import { timetableHorizon } from '../../src/core/forecast/horizon.ts';
import { postIdAt, xPostUrl } from '../../src/core/postid.ts';
import { SITE } from '../../src/core/site.ts';
import { createTimetableHandler } from '../../src/core/timetable-answer.ts';
import type { PageTemplate } from '../../src/core/page-template.ts';
import {
  pathStateFile,
  pathTemplateFile,
  pickState,
  STEP_SECONDS,
  stateFile,
  TIMETABLE_DIR,
  TIMETABLE_INDEX,
  timetableFile,
  timetableRoutes,
  withoutStamps,
  type TimetableIndex,
} from '../../src/core/timetable.ts';
import { readDataFiles } from '../../src/io/data-folder.ts';
import {
  CLOCK_PAYLOAD_NAMES,
  createClockPayloadTexts,
  payloadsAt,
  SIGNAL_PAYLOAD_NAMES,
  TIMETABLE_PAYLOAD_NAMES,
  sharedWork,
  type PayloadName,
  type SharedWork,
} from '../../src/site/api/payloads.ts';
import { buildOf, type Build } from '../../src/site/data.ts';
import { fillPage } from '../../src/site/slots/index.ts';
import { computeTimetable, probeFile } from '../../src/site/timetable.ts';
import { sitePages, timetablePaths, type PathOutput } from '../../src/site/timetable-paths.ts';
import { astroBuild, buildDir, npmBuild, tempDir } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { snapshotText } from '../support/signals-snapshot.ts';
import { PROJECT_ROOT } from '../support/scratch.ts';
import { waitFor } from '../support/wait-for.ts';
import { startBlobs, type LocalBlobs } from '../support/blobs.ts';
import { snapshot } from '../support/signal-snapshots.ts';
import { stableStringify } from '../../src/core/json.ts';
import { SIGNALS_KEY, SIGNALS_STORE } from '../../src/core/signals/snapshot.ts';
import { createSignalStates } from '../../src/site/live/signal-states.ts';

const B = HISTORY_EPOCH;
const at = (iso: string): number => Date.parse(iso) / 1000;
/** The grant: expires 37.6 hours after the build, at an odd second; its reminders fall due 24, 5 and 1 h before. */
const EXPIRES = '2026-11-24T13:37:11Z';
const GRANT = {
  id: '2026-10-25-timetable-test',
  granted_at: '2026-10-25T13:37:11Z',
  expires_at: EXPIRES,
  scope: 'plus+pro',
  summary: 'A grant that expires within the timetable.',
  url: null,
  event_id: null,
  certainty: 'high',
  uncertain_fields: [],
};
/** The promise: open at the build, its window closes 2 days 9 hours later without a reset, so it lapses. */
const PROMISED_AT = '2026-11-22T09:10:11Z';
const LAPSES = '2026-11-25T09:10:11Z';
const PROMISE_ID = postIdAt(new Date(PROMISED_AT));
const PROMISE = {
  id: PROMISE_ID,
  ts: PROMISED_AT,
  source: 'thsottiaux',
  url: xPostUrl('thsottiaux', PROMISE_ID),
  summary: 'Promised a reset within three days.',
  by: null,
  window_start: PROMISED_AT,
  window_end: LAPSES,
  fulfilled_by: null,
};

const CHECKED_AT = '2026-11-22T23:00:00Z';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
/** The environment of a process whose clock starts at `t` (Unix seconds) and runs on. */
const fakeClock = (t: number): NodeJS.ProcessEnv => ({
  TZ: 'UTC',
  LD_PRELOAD: LIBFAKETIME,
  FAKETIME: `@${new Date(t * 1000).toISOString().replace('T', ' ').slice(0, 19)}`,
});

let dataDir = '';
let data: Dataset;
let dist = '';
let functions = '';
let index: TimetableIndex;
let horizon = 0;
/** The probe instants, each with the last instant the build checked at or before it; the build rendered every page at both. */
let probes = new Map<number, number>();

/** Midnight UTC within the horizon: reset_today flips there. */
const MIDNIGHT = '2026-11-24T00:00:00Z';

/**
 * The probe instants, from the timetable the build will compute (the pure function, run here to choose
 * them): a second before and at each boundary, the last second of some page states (where a page whose key
 * missed a figure would show it), and instants spread over the horizon; all from the build to the horizon,
 * where a page's state must be the page of the instant. Each with the last instant the build checked at or
 * before it (a 5-minute mark or a change point: every forecast state's start), which the state must equal.
 */
function probeInstants(planned: ReturnType<typeof computeTimetable>, last: number): Map<number, number> {
  const boundaries = [at(EXPIRES), at(EXPIRES) - 24 * 3600, at(EXPIRES) - 5 * 3600, at(EXPIRES) - 3600, at(LAPSES), at(MIDNIGHT)];
  const stale = Date.parse(CHECKED_AT) / 1000 + 7 * 24 * 3600 + 1;
  const around = [...boundaries, stale, last].flatMap((b) => [b - 1, b]);
  const ends = ['/', '/banked/', '/methodology/', '/timeline/2026/'].flatMap((p) => {
    const starts = planned.index.paths![p]!;
    return [0.1, 0.4, 0.7].map((q) => starts[Math.max(1, Math.floor(q * starts.length))]! - 1);
  });
  const spread = Array.from({ length: 6 }, (_, i) => B + Math.floor(((i + 0.5) / 6) * (last - B)) + 37 * i);
  const checked = planned.index.states['forecast']!;
  const instants = [B, ...around, ...ends, ...spread].filter((t) => t >= B && t <= last);
  return new Map(instants.sort((a, b) => a - b).map((t) => [t, checked[pickState(checked, t)]!]));
}

beforeAll(async () => {
  dataDir = join(tempDir('timetable-data'), 'data');
  cpSync(HISTORY_DIR, dataDir, { recursive: true });
  const banked = JSON.parse(readFileSync(join(dataDir, 'banked.json'), 'utf8'));
  banked.grants.push(GRANT);
  writeFileSync(join(dataDir, 'banked.json'), `${JSON.stringify(banked, null, 2)}\n`);
  // The record checked an hour before the build: vouched for until it goes stale within the horizon.
  const events = JSON.parse(readFileSync(join(dataDir, 'events.json'), 'utf8'));
  events.checked_at = CHECKED_AT;
  writeFileSync(join(dataDir, 'events.json'), `${JSON.stringify(events, null, 2)}\n`);
  const announcements = JSON.parse(readFileSync(join(dataDir, 'announcements.json'), 'utf8'));
  announcements.announcements.push(PROMISE);
  writeFileSync(join(dataDir, 'announcements.json'), `${JSON.stringify(announcements, null, 2)}\n`);
  data = parseDataset(readDataFiles(dataDir), new Date(B * 1000));
  probes = probeInstants(computeTimetable(data, new Date(B * 1000), SITE.url, shared()), timetableHorizon(new Date(B * 1000), CHECKED_AT));
  dist = buildDir();
  functions = join(dist, '..', 'functions');
  const rendered = [...new Set([...probes.keys(), ...probes.values()])].join(',');
  await npmBuild({ dataDir, epoch: B, outDir: dist, functionsDir: functions, env: { RESETCAST_TIMETABLE_PROBES: rendered } });
  index = JSON.parse(readFileSync(join(dist, TIMETABLE_DIR, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
  horizon = at(index.horizon);
}, 400_000);

/** The dataset's clock-free work, once (the backtest does not depend on the clock; the fresh builds below anchor that). */
let work: SharedWork | undefined;
const shared = (): SharedWork => (work ??= sharedWork(data));

/**
 * What a build at `t` publishes for each clock payload (pure), with forecast.json's built_at set to B as the
 * timetable's; each instant once.
 */
const fresh = new Map<number, Record<PayloadName, string>>();
function freshAt(t: number): Record<PayloadName, string> {
  const kept = fresh.get(t);
  if (kept) return kept;
  const texts = createClockPayloadTexts(data, new Date(t * 1000), SITE.url, new Date(B * 1000), shared());
  fresh.set(t, texts);
  return texts;
}

/** What a build at `t` publishes for each feed and the calendar (pure, src/site/feeds.ts through the timetable's outputs); each instant once. */
let fileOutputs: PathOutput[] | undefined;
const freshFiles = new Map<number, Record<string, string>>();
function freshFilesAt(t: number): Record<string, string> {
  const kept = freshFiles.get(t);
  if (kept) return kept;
  fileOutputs ??= timetablePaths(data).filter((o) => o.text);
  const build = buildOf(data, SITE.url, new Date(t * 1000), payloadsAt(data, new Date(t * 1000), SITE.url, new Date(B * 1000), shared()));
  const texts = Object.fromEntries(fileOutputs.map((o) => [o.path, o.text!(build)]));
  freshFiles.set(t, texts);
  return texts;
}

/** The calendar's advice is dated with the instant it is for ("as of …", in a folded line): its one stamp, besides the payloads'. */
const withoutAsOf = (text: string): string => text.replace(/\r\n[ \t]/g, '').replace(/\(as of [^)]*\)/g, '(as of)');

/** The same, but built_at as a build at `t` itself says it. */
const builtAt = (text: string, t: number): string =>
  text.replace(/"built_at": "[^"]*"/, `"built_at": "${new Date(t * 1000).toISOString().replace('.000Z', 'Z')}"`);

const starts = (name: PayloadName): number[] => index.states[name]!;
const stateText = (name: PayloadName, start: number): string => readFileSync(join(dist, TIMETABLE_DIR, stateFile(name, start)), 'utf8');

/** The timetable function's own code over the build's files, at the instant `t` (seconds): a payload by name, or a public path. */
async function served(name: string, t: number): Promise<{ status: number; text: string; headers: Headers; bytes: Buffer }> {
  const handler = createTimetableHandler({
    files: { index, read: (n, s) => readFileSync(join(dist, TIMETABLE_DIR, timetableFile(n, s))) },
    headers: {},
    now: () => t * 1000,
  });
  const res = await handler(new Request(`http://localhost${name.startsWith('/') ? name : `/api/v1/${name}.json`}`));
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, text: bytes.toString('utf8'), headers: res.headers, bytes };
}

const paths = (): string[] => Object.keys(index.paths ?? {});
const pathStarts = (path: string): number[] => index.paths![path]!;
const pathStateText = (path: string, start: number): string => readFileSync(join(dist, TIMETABLE_DIR, pathStateFile(path, start)), 'utf8');
/** A page's template states: its starts, the template of a start, the template that holds instant `t`. */
const templateStarts = (path: string): number[] => index.templates![path]!;
const templateText = (path: string, start: number): string =>
  readFileSync(join(dist, TIMETABLE_DIR, pathTemplateFile(path, start)), 'utf8');
const templateAt = (path: string, t: number): PageTemplate =>
  JSON.parse(templateText(path, templateStarts(path)[pickState(templateStarts(path), t)]!)) as PageTemplate;
/**
 * The site at `t` as this build's timetable renders it (computed at B; each instant once), or, from another
 * dataset `of`, as a fresh build at `t` renders it: what a template is filled with.
 */
const builds = new Map<number, Build>();
function buildFor(t: number, of: Dataset = data): Build {
  const now = new Date(t * 1000);
  if (of !== data) return buildOf(of, SITE.url, now, payloadsAt(of, now, SITE.url, now, sharedWork(of)));
  const kept = builds.get(t);
  if (kept) return kept;
  const build = buildOf(data, SITE.url, now, payloadsAt(data, now, SITE.url, new Date(B * 1000), shared()));
  builds.set(t, build);
  return build;
}

/** The file a static public path is served from. */
const publicText = (root: string, path: string): string =>
  readFileSync(join(root, path.endsWith('/') ? `${path}index.html` : path), 'utf8');
/** A page's one stamp of its build: the home page's "page built" time (data-built), masked. */
const withoutBuilt = (html: string): string => html.replace(/<time datetime="[^"]*" data-built>[^<]*<\/time>/g, '<time data-built></time>');

/** The last instant at or before `t` the build evaluated: a 5-minute mark after B, or any state's start. */
function lastChecked(t: number): number {
  const mark = Math.max(B, Math.floor(t / STEP_SECONDS) * STEP_SECONDS);
  const change = Math.max(...CLOCK_PAYLOAD_NAMES.map((n) => starts(n)[pickState(starts(n), t)]!));
  return Math.max(mark, change);
}

/** Every claim of the proof at one instant, for every clock payload. */
async function checkInstant(t: number): Promise<void> {
  for (const name of CLOCK_PAYLOAD_NAMES) {
    const got = await served(name, t);
    expect(got.status, `${name} at ${t}`).toBe(200);
    const start = starts(name)[pickState(starts(name), t)]!;
    expect(got.text, `${name} at ${t}: the state of ${start}`).toBe(freshAt(start)[name]);
    if (t < B) {
      expect(start, `${name} before the build: the first state`).toBe(B);
      continue;
    }
    expect(start, `${name} at ${t}`).toBeLessThanOrEqual(t);
    // A state older than 5 minutes held at every instant the build checked since: its figures are those of
    // the last checked instant, less than 5 minutes before t (the last 5-minute mark or change point).
    const checked = lastChecked(Math.min(t, horizon));
    expect(t - checked < STEP_SECONDS || t > horizon, `${name} at ${t}`).toBe(true);
    expect(withoutStamps(got.text), `${name} at ${t}: held since ${start}, checked at ${checked}`).toBe(
      withoutStamps(freshAt(checked)[name]),
    );
  }
  // The feeds and the calendar: the pure function at their state's start; held since, but for the calendar's "as of".
  for (const path of paths().filter((p) => !p.endsWith('/'))) {
    const got = await served(path, t);
    expect(got.status, `${path} at ${t}`).toBe(200);
    const start = pathStarts(path)[pickState(pathStarts(path), t)]!;
    expect(got.text, `${path} at ${t}: the state of ${start}`).toBe(freshFilesAt(start)[path]);
    if (t >= B && t <= horizon)
      expect(withoutAsOf(got.text), `${path} at ${t}: held since ${start}`).toBe(withoutAsOf(freshFilesAt(lastChecked(t))[path]!));
  }
}

describe('the build’s timetable', () => {
  it('runs from the build’s clock to a horizon at least 7 days later, and every payload’s first state is its static file', () => {
    expect(index.built_at).toBe('2026-11-23T00:00:00Z');
    expect(horizon - B).toBeGreaterThanOrEqual(7 * 24 * 3600);
    // The clock payloads, and signals.json: one state, so the function answers it under a newer snapshot.
    expect(Object.keys(index.states)).toEqual([...TIMETABLE_PAYLOAD_NAMES]);
    expect(starts('signals')).toEqual([B]);
    // What a newer snapshot may change: the signal payloads, the calendar's advice and every page (its slots).
    expect(new Set(index.run_time)).toEqual(
      new Set([
        'forecast',
        'outlook',
        'hourly-outlook',
        'badge',
        'signals',
        'banked',
        '/calendar.ics',
        ...paths().filter((p) => p.endsWith('/')),
      ]),
    );
    for (const name of TIMETABLE_PAYLOAD_NAMES) {
      expect(starts(name)[0]).toBe(B);
      expect(stateText(name, B), name).toBe(readFileSync(join(dist, 'api/v1', `${name}.json`), 'utf8'));
    }
  });

  it('has, as every state, the pure payload function at the state’s start (only built_at says the build)', () => {
    for (const name of CLOCK_PAYLOAD_NAMES)
      for (const start of starts(name)) expect(stateText(name, start), `${name}/${start}`).toBe(freshAt(start)[name]);
  }, 300_000);

  it('gives forecast.json a state at least every 5 minutes, and alerts.json only when its alerts change', () => {
    const gaps = starts('forecast')
      .slice(1, -1)
      .map((s, i) => s - starts('forecast')[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(STEP_SECONDS);
    expect(starts('alerts').length).toBeLessThan(10);
  });
});

describe('the state served at an instant', () => {
  it('is, at random instants from a month before the build to a month after the horizon, the fresh state of its start', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: B - 30 * 86_400, max: B + 38 * 86_400 }), (t) => checkInstant(t)),
      { numRuns: 150 },
    );
  }, 120_000);

  const boundaries: [string, () => number][] = [
    ['the grant’s expiry', () => at(EXPIRES)],
    ['its reminder 24 h before', () => at(EXPIRES) - 24 * 3600],
    ['its reminder 5 h before', () => at(EXPIRES) - 5 * 3600],
    ['its reminder 1 h before', () => at(EXPIRES) - 3600],
    ['the promise lapsing', () => at(LAPSES)],
    ['midnight UTC (reset_today)', () => at('2026-11-24T00:00:00Z')],
    ['the record going stale (not vouched for)', () => Date.parse(data.eventsCheckedAt) / 1000 + 7 * 24 * 3600 + 1],
    ['the horizon', () => horizon],
    ['the build', () => B],
  ];
  it.each(boundaries)('is right a second before, at and after %s', async (_, boundary) => {
    for (const t of [boundary() - 1, boundary(), boundary() + 1]) await checkInstant(t);
  });

  it('starts a state of banked.json at the grant’s expiry to the second: active before, gone at it', async () => {
    expect(starts('banked')).toContain(at(EXPIRES));
    expect(starts('forecast')).toContain(at(EXPIRES));
    const before = JSON.parse((await served('banked', at(EXPIRES) - 1)).text);
    const after = JSON.parse((await served('banked', at(EXPIRES))).text);
    expect(before.active.map((g: { id: string }) => g.id)).toContain(GRANT.id);
    expect(after.active.map((g: { id: string }) => g.id)).not.toContain(GRANT.id);
  });

  it('starts a state of promises.json and alerts.json when the promise lapses, to the second', async () => {
    const status = async (t: number): Promise<string> =>
      JSON.parse((await served('promises', t)).text).promises.find((p: { id: string }) => p.id === PROMISE_ID).status;
    expect([await status(at(LAPSES) - 1), await status(at(LAPSES))]).toEqual(['open', 'lapsed']);
    expect(starts('alerts')).toContain(at(LAPSES));
  });

  it('starts a state at each badge colour change (a threshold crossing), to the second', async () => {
    const colours = starts('badge').map((s) => JSON.parse(stateText('badge', s)).color as string);
    const changes = starts('badge').filter((_, i) => i > 0 && colours[i] !== colours[i - 1]);
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) {
      const [a, b] = [await served('badge', c - 1), await served('badge', c)];
      expect(JSON.parse(a.text).color).not.toBe(JSON.parse(b.text).color);
      expect(JSON.parse(b.text).color).toBe(JSON.parse(freshAt(c).badge).color);
      expect(JSON.parse(a.text).color).toBe(JSON.parse(freshAt(c - 1).badge).color);
    }
  });

  it('after the horizon is the last state, not vouched for, and never an error', async () => {
    for (const t of [horizon + 1, horizon + 400 * 86_400, 4_102_444_800, 1e11]) {
      const forecast = await served('forecast', t);
      expect(forecast.status).toBe(200);
      expect(JSON.parse(forecast.text).available).toBe(false);
      expect(JSON.parse((await served('badge', t)).text).message).toMatch(/ \(not vouched for\)$/);
      expect(forecast.headers.get('Netlify-CDN-Cache-Control')).toBe('public, durable, max-age=300');
    }
  });

  it('sets an edge cache that never outlives its state', async () => {
    const s = starts('forecast');
    const got = await served('forecast', s[10]! + 17);
    expect(got.headers.get('Netlify-CDN-Cache-Control')).toBe(`public, durable, max-age=${s[11]! - s[10]! - 17}`);
  });
});

/** The figure a page shows in its element `testid` (a percent, in any locale's writing), as digits. */
const figure = (html: string, testid: string): string | undefined =>
  new RegExp(`data-testid="${testid}">([^<]*)<`).exec(html)?.[1]?.replace(/\D/g, '');
/** The ids of the grants a banked page lists as active. */
const activeOn = (html: string): string[] =>
  [...(/data-testid="active">(.*?)<\/ul>/s.exec(html)?.[1] ?? '').matchAll(/id="g-([^"]+)"/g)].map((m) => m[1]!);

describe('the pages, feeds and calendar as states', () => {
  it('are every page that moves with the clock in every locale, the alert feeds and the calendar, each first state its public file', () => {
    const feeds = ['/alerts.xml', ...['p24-25', 'p24-50', 'p24-75', 'p48-25', 'p48-50', 'p48-75'].map((f) => `/alerts/${f}.xml`)];
    expect(paths()).toEqual([
      ...sitePages(data)
        .filter((p) => p.clock)
        .map((p) => p.path),
      ...feeds,
      '/calendar.ics',
    ]);
    expect(paths()).toEqual(expect.arrayContaining(['/', '/zh/', '/ja/banked/', '/ko/methodology/', '/es/timeline/2026/']));
    for (const path of paths()) {
      expect(pathStarts(path)[0], path).toBe(B);
      expect(pathStateText(path, B), path).toBe(publicText(dist, path));
    }
  });

  it('keep a page in one state for as long as what it shows holds, the same states in every locale', () => {
    for (const page of ['/', '/banked/', '/methodology/']) {
      expect(pathStarts(page).length, page).toBeLessThan(starts('forecast').length / 4);
      for (const l of ['zh', 'ja', 'es', 'ko']) expect(pathStarts(`/${l}${page}`), `${l} ${page}`).toEqual(pathStarts(page));
    }
  });

  it('keep a page’s template (the page outside its slots) in one state at least as long as the page, the same in every locale', () => {
    const pages = paths().filter((p) => p.endsWith('/'));
    expect(Object.keys(index.templates ?? {})).toEqual(pages);
    for (const page of pages) {
      expect(templateStarts(page)[0], page).toBe(B);
      for (const s of templateStarts(page)) expect(pathStarts(page), page).toContain(s);
    }
    for (const page of ['/', '/methodology/']) expect(templateStarts(page).length, page).toBeLessThan(pathStarts(page).length / 2);
    for (const page of ['/', '/banked/', '/methodology/'])
      for (const l of ['zh', 'ja', 'es', 'ko']) expect(templateStarts(`/${l}${page}`), `${l} ${page}`).toEqual(templateStarts(page));
  });

  it('are, at every page state’s start, its template filled with the site there; the first, filled at the build, the public page', () => {
    let filled = 0;
    for (const page of paths().filter((p) => p.endsWith('/')))
      for (const start of pathStarts(page)) {
        expect(fillPage(templateAt(page, start), buildFor(start)), `${page} at ${start}`).toBe(pathStateText(page, start));
        filled++;
      }
    expect(filled).toBeGreaterThan(1_000);
    const home = templateAt('/', B);
    expect(home.slots).toEqual(
      expect.arrayContaining(['home-odds', 'home-confidence', 'home-fresh', 'home-outlook', `grant-advice:${GRANT.id}`]),
    );
    expect(templateAt('/ko/methodology/', B).slots).toEqual(['method-today', 'method-checks']);
    expect(fillPage(home, buildFor(B))).toBe(publicText(dist, '/'));
    const count = (of: Record<string, number[]>): number =>
      Object.entries(of).reduce((n, [path, starts]) => n + (path.endsWith('/') ? starts.length : 0), 0);
    // What the lead asked to measure: page states against template states, in this build.
    console.log(`timetable: ${count(index.paths!)} page states, ${count(index.templates!)} template states`);
  }, 120_000);

  it('serve at every probe instant each page as rendered at the last instant checked (a 5-minute mark or change point); still pages static', async () => {
    expect(probes.size).toBeGreaterThan(20);
    const pages = sitePages(data);
    expect(pages.filter((p) => !p.clock).map((p) => p.view)).toEqual(expect.arrayContaining(['alerts', 'developers', 'notFound']));
    const probe = (path: string, t: number): string => readFileSync(join(dist, TIMETABLE_DIR, probeFile(path, t)), 'utf8');
    for (const [t, checked] of probes) {
      expect(t - checked, `${t}`).toBeLessThan(STEP_SECONDS);
      for (const page of pages) {
        if (page.clock) {
          expect((await served(page.path, t)).text, `${page.path} at ${t} (checked at ${checked})`).toBe(probe(page.path, checked));
          // The template of the last checked instant filled with the site there: the page a build renders then, to
          // the byte. (In between, the slots are exact to the second; the template's figures, a time left, to 5 minutes.)
          expect(fillPage(templateAt(page.path, checked), buildFor(checked)), `${page.path}'s template at ${checked}`).toBe(
            probe(page.path, checked),
          );
        } else expect(probe(page.path, t), `${page.path} at ${t}`).toBe(publicText(dist, page.path));
      }
    }
  }, 300_000);

  it('show on the home page the odds forecast.json has at the same instant, on the banked page the grants banked.json lists', async () => {
    const instants = [...probes.keys(), B - 86_400, horizon + 86_400, ...Array.from({ length: 40 }, (_, i) => B + i * 15_013)];
    for (const t of instants) {
      const forecast = JSON.parse((await served('forecast', t)).text);
      const banked = JSON.parse((await served('banked', t)).text);
      for (const l of ['', '/zh', '/ja', '/es', '/ko']) {
        const home = (await served(`${l}/`, t)).text;
        expect([figure(home, 'p24'), figure(home, 'p48')], `${l}/ at ${t}`).toEqual([String(forecast.p24), String(forecast.p48)]);
        expect(home.includes('data-testid="unvouched"'), `${l}/ at ${t}`).toBe(!forecast.available);
        expect(activeOn((await served(`${l}/banked/`, t)).text), `${l}/banked/ at ${t}`).toEqual(
          banked.active.map((g: { id: string }) => g.id),
        );
      }
    }
  }, 120_000);

  it('name, on each home state, a social card the build drew; one PNG per distinct card', () => {
    const cards = new Set<string>();
    for (const l of ['', '/zh', '/ja', '/es', '/ko'])
      for (const start of pathStarts(`${l}/`)) {
        const url = /property="og:image" content="([^"]+)"/.exec(pathStateText(`${l}/`, start))?.[1];
        expect(url, `${l}/ at ${start}`).toMatch(/\/og\/(en|zh|ja|es|ko)\/home-[0-9a-f]{16}\.png$/);
        cards.add(new URL(url!).pathname);
      }
    for (const card of cards) expect(existsSync(join(dist, card)), card).toBe(true);
    expect(cards.size).toBeLessThan(
      paths()
        .filter((p) => /^\/([a-z]{2}\/)?$/.test(p))
        .reduce((n, p) => n + pathStarts(p).length, 0),
    );
  });

  it('after the horizon serve the last state of every page, not vouched for, never an error; before the build the first', async () => {
    for (const path of paths()) {
      const last = pathStarts(path).at(-1)!;
      for (const t of [horizon + 1, horizon + 400 * 86_400, 1e11]) {
        const got = await served(path, t);
        expect(got.status, path).toBe(200);
        expect(got.text, `${path} at ${t}`).toBe(pathStateText(path, last));
        // A snapshot may change a page or the calendar (5 minutes at most); the feeds only a deploy (a day).
        const kept = path.endsWith('/') || path === '/calendar.ics' ? 300 : 86_400;
        expect(got.headers.get('Netlify-CDN-Cache-Control'), path).toBe(`public, durable, max-age=${kept}`);
      }
      expect((await served(path, B - 30 * 86_400)).text, path).toBe(pathStateText(path, B));
    }
    expect((await served('/', horizon + 1)).text).toContain('data-testid="unvouched"');
  });
});

describe('fresh builds at state starts', () => {
  const instants: [string, () => number][] = [
    ['the grant’s expiry', () => at(EXPIRES)],
    ['the record going stale', () => at(CHECKED_AT) + 7 * 24 * 3600 + 1],
    ['a random forecast state', () => starts('forecast')[1 + Math.floor(Math.random() * (starts('forecast').length - 2))]!],
  ];
  it.each(instants)(
    'publish the served states byte for byte at %s, pages and cards included, but for built_at (a state begun before: all but its stamps)',
    async (_, instant) => {
      const t = instant();
      const fresh = await astroBuild({ epoch: t, dataDir });
      expect(fresh.code, fresh.output).toBe(0);
      const begun = CLOCK_PAYLOAD_NAMES.filter((n) => starts(n).includes(t));
      expect(begun).toContain('forecast');
      for (const name of CLOCK_PAYLOAD_NAMES) {
        const published = readFileSync(join(fresh.outDir, 'api/v1', `${name}.json`), 'utf8');
        const got = (await served(name, t)).text;
        if (begun.includes(name)) expect(builtAt(got, t), `${name} at ${t}`).toBe(published);
        else expect(withoutStamps(got), `${name} at ${t}: held`).toBe(withoutStamps(published));
      }
      // Every page, feed and the calendar: the served state is the fresh build's file, but for the page's "built"
      // time and the calendar's "as of" (a state begun before says its start).
      for (const path of paths()) {
        const published = publicText(fresh.outDir, path);
        const got = (await served(path, t)).text;
        if (path.endsWith('/')) expect(withoutBuilt(got), `${path} at ${t}`).toBe(withoutBuilt(published));
        else if (pathStarts(path).includes(t)) expect(got, `${path} at ${t}`).toBe(published);
        else expect(withoutAsOf(got), `${path} at ${t}: held`).toBe(withoutAsOf(published));
      }
      for (const page of sitePages(data).filter((p) => !p.clock))
        expect(publicText(fresh.outDir, page.path), page.path).toBe(publicText(dist, page.path));
      // The home card each locale's state names is the one the fresh build draws, byte for byte.
      for (const l of ['', '/zh', '/ko']) {
        const card = new URL(/property="og:image" content="([^"]+)"/.exec((await served(`${l}/`, t)).text)![1]!).pathname;
        expect(readFileSync(join(dist, card)).equals(readFileSync(join(fresh.outDir, card))), card).toBe(true);
      }
    },
    300_000,
  );
});

describe('a fresh build with another signals snapshot', () => {
  it('publishes every page as this build’s template filled with that snapshot’s site, and the same templates', async () => {
    // Two hours into the build's timetable, 17 s past a 5-minute mark: the snapshot's status check (an hour
    // before the build) still counts and its incident moves the odds; its issues check is stale.
    const t = B + 2 * 3600 + 17;
    const snapDir = join(tempDir('timetable-snapshot'), 'data');
    cpSync(dataDir, snapDir, { recursive: true });
    writeFileSync(join(snapDir, 'signals.json'), snapshotText());
    const snap = parseDataset(readDataFiles(snapDir), new Date(t * 1000));
    const fresh = await astroBuild({ epoch: t, dataDir: snapDir });
    expect(fresh.code, fresh.output).toBe(0);
    const moved = buildFor(t, snap);
    expect(moved.payloads.forecast.p24).not.toBe(buildFor(t).payloads.forecast.p24);
    expect(moved.payloads.forecast.inputs.S).toBeGreaterThan(buildFor(t).payloads.forecast.inputs.S);
    const built = (root: string, path: string): string => readFileSync(join(root, TIMETABLE_DIR, pathTemplateFile(path, t)), 'utf8');
    for (const page of paths().filter((p) => p.endsWith('/'))) {
      // The function's answer with this snapshot: this build's template of the instant, filled from the snapshot.
      expect(fillPage(templateAt(page, t), moved), `${page} at ${t}`).toBe(publicText(fresh.outDir, page));
      // The template does not depend on the signals: the snapshot build's own first template is this build's of the instant.
      expect(JSON.parse(built(fresh.outDir, page)), page).toEqual(templateAt(page, t));
    }
    expect(publicText(fresh.outDir, '/')).toContain(`data-testid="p24">${moved.payloads.forecast.p24}%<`);
    // The function's JSON and calendar under that snapshot, for a state starting at t (a deploy boundary there):
    // the fresh build's files, but for built_at, which says the deploy.
    const state = createSignalStates({ data, base: SITE.url, builtAt: B, horizon }, undefined, [t])(snap.signals, 'snap', t)!;
    expect(state.start).toBe(t);
    for (const name of SIGNAL_PAYLOAD_NAMES)
      expect(builtAt(state.text(name), t), name).toBe(readFileSync(join(fresh.outDir, 'api/v1', `${name}.json`), 'utf8'));
    const calendar = timetablePaths(snap).find((o) => o.path === '/calendar.ics')!;
    expect(calendar.text!(state.build)).toBe(publicText(fresh.outDir, '/calendar.ics'));
  }, 300_000);
});

/** A project folder outside the checkout serving this build: netlify.toml, dist/ and the bundled functions. */
function project(prefix: string): string {
  const dir = runtimeProject(PROJECT_ROOT, prefix);
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  cpSync(functions, join(dir, BUNDLED_FUNCTIONS_DIR), { recursive: true });
  return dir;
}

/** An instant 100 s into a forecast state that lasts 5 minutes, with no other payload's, page's, feed's or calendar's state starting in it. */
function quietInstant(after: number): number {
  const all = [...CLOCK_PAYLOAD_NAMES.flatMap(starts), ...paths().flatMap(pathStarts)];
  const s = starts('forecast').find(
    (x, i) => x > after && starts('forecast')[i + 1]! - x === STEP_SECONDS && !all.some((y) => y > x && y < x + STEP_SECONDS),
  )!;
  return s + 100;
}

/** The payloads a newer signals snapshot may change: their edge copies last 5 minutes at most, the others' a day. */
const SNAPSHOT_MOVES = new Set<string>(['forecast', 'outlook', 'hourly-outlook', 'badge', 'signals', 'banked']);

/** GETs every clock payload, some pages, a feed and the calendar from `base` and checks each is the state of the instant `t`. */
async function checkRuntime(base: string, t: number): Promise<void> {
  for (const name of CLOCK_PAYLOAD_NAMES) {
    const res = await fetch(`${base}/api/v1/${name}.json`);
    expect(res.status, name).toBe(200);
    const start = starts(name)[pickState(starts(name), t)]!;
    expect(await res.text(), name).toBe(freshAt(start)[name]);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const cdn = Number(/max-age=(\d+)/.exec(res.headers.get('netlify-cdn-cache-control') ?? '')?.[1]);
    expect(cdn).toBeGreaterThan(0);
    expect(cdn, name).toBeLessThanOrEqual(SNAPSHOT_MOVES.has(name) ? STEP_SECONDS : 86_400);
  }
  // Pages (a folder's path with and without its slash), feeds and the calendar: the state of the instant, with the
  // headers the static file gets; the home page's odds are forecast.json's.
  const forecastNow = JSON.parse(freshAt(starts('forecast')[pickState(starts('forecast'), t)]!).forecast);
  for (const [path, state, type] of [
    ['/', '/', 'text/html; charset=utf-8'],
    ['/ja/', '/ja/', 'text/html; charset=utf-8'],
    ['/zh/banked', '/zh/banked/', 'text/html; charset=utf-8'],
    ['/methodology/', '/methodology/', 'text/html; charset=utf-8'],
    ['/alerts.xml', '/alerts.xml', 'application/atom+xml; charset=utf-8'],
    ['/calendar.ics', '/calendar.ics', 'text/calendar; charset=utf-8'],
  ] as const) {
    const res = await fetch(`${base}${path}`);
    expect(res.status, path).toBe(200);
    const text = await res.text();
    expect(text, path).toBe(pathStateText(state, pathStarts(state)[pickState(pathStarts(state), t)]!));
    expect(res.headers.get('content-type'), path).toBe(type);
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('etag'), path).toMatch(/^"[0-9a-f]{32}"$/);
    if (type.startsWith('text/html')) expect(res.headers.get('content-security-policy'), path).toContain("default-src 'none'");
    else expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    const cdn = Number(/max-age=(\d+)/.exec(res.headers.get('netlify-cdn-cache-control') ?? '')?.[1]);
    expect(cdn, path).toBeGreaterThan(0);
    // Pages and the calendar move with a snapshot (5 minutes at most); the feed only with the clock (a day at most).
    expect(cdn, path).toBeLessThanOrEqual(state === '/alerts.xml' ? 86_400 : STEP_SECONDS);
    if (state === '/') expect(figure(text, 'p24'), 'the home page’s odds').toBe(String(forecastNow.p24));
  }
  const hidden = await fetch(`${base}/${TIMETABLE_DIR}/${TIMETABLE_INDEX}`);
  expect(hidden.status).toBe(404);
  expect((await fetch(`${base}/${TIMETABLE_DIR}/${pathStateFile('/', B)}`)).status).toBe(404);
  // The /mcp forecast tool answers from the same timetable: the forecast state of the instant.
  const call = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_reset_forecast","arguments":{}}}',
  });
  expect(call.status).toBe(200);
  const forecast = starts('forecast')[pickState(starts('forecast'), t)]!;
  expect((await call.json()).result.content.at(-1).text).toBe(freshAt(forecast).forecast);
}

/**
 * A snapshot stored after the build (no deploy: docs/timetable.md, "Signals at run time"), stored by `store`:
 * every signal payload the runtime at `base` then serves is what a build with it in data/ publishes at the
 * state's start (its generated_at: never before the snapshot's check, within 5 minutes of the runtime's clock),
 * but for built_at; the calendar too; and the /mcp tools answer the same forecast and signals.
 */
async function checkSnapshotServed(base: string, t: number, store: (text: string) => Promise<void>): Promise<void> {
  const snap = snapshot({ checkedAt: new Date((t - 60) * 1000), incident: 'open', recent: 14, baseline: 3 });
  await store(stableStringify(snap));
  const withSnap = { ...data, signals: snap };
  const get = async (path: string) => (await fetch(`${base}${path}`)).text();
  const forecast = await waitFor(
    async () => {
      const text = await get('/api/v1/forecast.json');
      return JSON.parse(text).freshness.signals_fetched_at === snap.fetched_at ? text : undefined;
    },
    { describe: 'forecast.json under the stored snapshot', deadlineMs: 30_000 },
  );
  const asBuilt = (at: number, path: string): void => {
    expect(at, `${path} starts at or after the check`).toBeGreaterThanOrEqual(t - 60);
    expect(at, `${path} starts within 5 minutes of the runtime's clock`).toBeGreaterThan(t - STEP_SECONDS);
  };
  const start = at(JSON.parse(forecast).generated_at);
  asBuilt(start, 'forecast.json');
  const built = payloadsAt(withSnap, new Date(start * 1000), SITE.url, new Date(B * 1000), shared());
  expect(forecast).toBe(built.text('forecast'));
  expect(JSON.parse(forecast).inputs.status_signal).toBeGreaterThan(0);
  for (const name of SIGNAL_PAYLOAD_NAMES.filter((n) => n !== 'forecast')) {
    const text = await get(`/api/v1/${name}.json`);
    const s = at(JSON.parse(text).generated_at);
    asBuilt(s, name);
    expect(text, name).toBe(payloadsAt(withSnap, new Date(s * 1000), SITE.url, new Date(B * 1000), shared()).text(name));
  }
  const calendar = await get('/calendar.ics');
  const calendarFile = timetablePaths(withSnap).find((o) => o.path === '/calendar.ics')!;
  const states = createSignalStates({ data, base: SITE.url, builtAt: B, horizon });
  const state = states(snap, 'check', start)!;
  expect(calendar).toBe(calendarFile.text!(state.build));
  // The pages: the template of the state's start, its slots filled under the snapshot (byte for byte what a
  // build with it renders: the proof's snapshot build above); the home page's odds are forecast.json's.
  for (const page of ['/', '/ja/', '/methodology/', '/banked/']) {
    const html = await get(page);
    expect(html, page).toBe(fillPage(templateAt(page, start), state.build));
    if (page === '/') expect(figure(html, 'p24'), 'the home page’s odds under the snapshot').toBe(String(JSON.parse(forecast).p24));
  }
  const tool = async (name: string) => {
    const call = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: {} } }),
    });
    return (await call.json()).result.content.at(-1).text as string;
  };
  // /mcp reuses a read of the store for a few seconds: wait for it to have read this snapshot.
  const mcpSignals = await waitFor(
    async () => ((await tool('get_status_signals')).includes(snap.fetched_at) ? tool('get_status_signals') : undefined),
    {
      describe: '/mcp under the stored snapshot',
      deadlineMs: 60_000,
    },
  );
  expect(JSON.parse(mcpSignals)).toMatchObject({ fetched_at: snap.fetched_at, status: snap.status, issues: snap.issues });
  expect(JSON.parse(await tool('get_reset_forecast')).freshness.signals_fetched_at).toBe(snap.fetched_at);
}

describe('through npm start’s runtime, under a fake clock', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  let blobs: LocalBlobs | undefined;
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) process.kill(child.pid);
    if (dir) rmSync(dir, { recursive: true, force: true });
    await blobs?.close();
  });
  it('serves the state of its instant (100 s into a state, well before its end)', async () => {
    dir = project('resetcast-timetable-serve-');
    const t = quietInstant(at(EXPIRES));
    blobs = await startBlobs();
    const script = `import { serve } from ${JSON.stringify(join(PROJECT_ROOT, 'scripts/serve.ts'))}; await serve(process.argv[1]);`;
    child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NETLIFY_BLOBS_CONTEXT: blobs.context(), ...fakeClock(t) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout?.on('data', (d) => (out += String(d)));
    child.stderr?.on('data', (d) => (out += String(d)));
    const base = await waitFor(() => /Resetcast on (http:\/\/\S+?) /.exec(out)?.[1], {
      describe: 'npm start’s runtime to listen',
      deadlineMs: 60_000,
      seen: () => out,
    });
    await checkRuntime(base, t);
    await checkSnapshotServed(base, t, (text) => blobs!.poke(SIGNALS_STORE, SIGNALS_KEY, text));
  }, 150_000);
});

/** The runtime's token for the pull's POST /signals. */
const SIGNALS_TOKEN = 'signalsTok3n-runtime-abcdefghij';

describe('through the Netlify runtime, under a fake clock', () => {
  let dir = '';
  let runtime: NetlifyServe | undefined;
  afterAll(async () => {
    await runtime?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  it('serves the state of its instant with the static file’s headers, and hides the timetable', async () => {
    dir = project('resetcast-timetable-netlify-');
    const t = quietInstant(at(LAPSES));
    runtime = await startNetlifyServe({
      cwd: dir,
      env: () => ({ ...process.env, RESETCAST_SIGNALS_TOKEN: SIGNALS_TOKEN, ...fakeClock(t) }),
      readyPath: '/feed.xml',
      startMs: 200_000,
    });
    await checkRuntime(runtime.url, t);
    // The pull's way in: POST /signals stores it in the runtime's own Blobs, and no deploy follows.
    const base = runtime.url;
    await checkSnapshotServed(base, t, async (text) => {
      const res = await fetch(`${base}/signals`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${SIGNALS_TOKEN}`, 'Content-Type': 'application/json' },
        body: text,
      });
      expect(res.status, await res.text()).toBe(204);
    });
  }, 300_000);
});

describe('a timetable the bundle step refuses', () => {
  it('names the missing and the corrupt state files, payloads, pages and templates alike, and writes no function', async () => {
    const copy = join(mkdtempSync(join(tempDir('timetable-bad'), 'x-')), 'dist');
    cpSync(dist, copy, { recursive: true });
    const s = starts('forecast');
    unlinkSync(join(copy, TIMETABLE_DIR, stateFile('forecast', s[3]!)));
    writeFileSync(join(copy, TIMETABLE_DIR, stateFile('badge', starts('badge')[0]!)), '{"schema_version": 1');
    const page = pathStarts('/ja/')[1]!;
    unlinkSync(join(copy, TIMETABLE_DIR, pathStateFile('/ja/', page)));
    writeFileSync(join(copy, TIMETABLE_DIR, pathStateFile('/calendar.ics', B)), 'not a calendar');
    writeFileSync(join(copy, TIMETABLE_DIR, pathTemplateFile('/zh/', B)), '{"locale":"zh"}');
    unlinkSync(join(copy, TIMETABLE_DIR, pathTemplateFile('/banked/', templateStarts('/banked/').at(-1)!)));
    const outFn = join(copy, '..', 'fn', 'mcp.mjs');
    const { code, out } = await runNode(
      ['scripts/bundle-functions.ts'],
      { ...process.env, RESETCAST_OUT_DIR: copy, RESETCAST_FUNCTION_OUT: outFn },
      PROJECT_ROOT,
    );
    expect(code, out).toBe(1);
    expect(out).toContain(`${TIMETABLE_DIR}/forecast/${s[3]}.json: missing`);
    expect(out).toContain(`${TIMETABLE_DIR}/badge/${starts('badge')[0]}.json: not JSON`);
    expect(out).toContain(`${TIMETABLE_DIR}/at/${page}/ja/index.html: missing`);
    expect(out).toContain(`${TIMETABLE_DIR}/at/${B}/calendar.ics: not a calendar`);
    expect(out).toContain(`${TIMETABLE_DIR}/at/${B}/zh/index.template.json: not a page template: parts not a list of texts`);
    expect(out).toContain(`${TIMETABLE_DIR}/at/${templateStarts('/banked/').at(-1)}/banked/index.template.json: missing`);
    expect(existsSync(outFn)).toBe(false);
    expect(existsSync(join(outFn, '..', 'timetable.mjs'))).toBe(false);
  }, 120_000);

  it('names a state published under another address than the one /mcp would be pinned to, and writes no function', async () => {
    const outFn = join(mkdtempSync(join(tempDir('timetable-address'), 'x-')), 'fn', 'mcp.mjs');
    const fork = 'https://odds.example.org';
    const { code, out } = await runNode(
      ['scripts/bundle-functions.ts'],
      { ...process.env, RESETCAST_OUT_DIR: dist, RESETCAST_FUNCTION_OUT: outFn, RESETCAST_SITE_URL: fork },
      PROJECT_ROOT,
    );
    expect(code, out).toBe(1);
    expect(out).toContain(`${TIMETABLE_DIR}/forecast/${starts('forecast')[0]}.json: source ${SITE.url}, not the site's address ${fork}`);
    expect(existsSync(outFn)).toBe(false);
    expect(existsSync(join(outFn, '..', 'timetable.mjs'))).toBe(false);
  }, 120_000);
});

describe('the timetable function', () => {
  it('serves every route of the index, a literal Netlify reads from the bundle without running it', async () => {
    const fn = await listFunction(join(functions, 'timetable.mjs'), { parseISC: true });
    const routes = (fn?.routes ?? []).map((r) => ('literal' in r ? r.literal : r.pattern));
    expect(routes).toEqual(timetableRoutes(index));
    expect(routes).toEqual(
      expect.arrayContaining([...CLOCK_PAYLOAD_NAMES.map((n) => `/api/v1/${n}.json`), '/', '/zh/', '/zh', '/calendar.ics']),
    );
  });
});
