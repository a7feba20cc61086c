/**
 * The proof of the timetable (issue 37 item 6, docs/timetable.md). One real `npm run build` (astro build,
 * then the functions' bundle) of the frozen history plus a grant that expires and a promise that lapses
 * within the horizon, at the history's clock B. Then, for random instants and every boundary:
 *
 * - the state the timetable function picks (its own code over the build's files, with the instant given)
 *   is byte for byte the pure payload function at the state's start, but for `freshness.built_at`, which says B;
 * - the state's start is never after the instant; a state older than 5 minutes is one whose figures held at
 *   every instant the build checked since (every 5-minute mark and change point): the state equals, but for its
 *   stamps, a fresh computation at the last of them, less than 5 minutes before the instant;
 * - fresh builds (SOURCE_DATE_EPOCH = a state's start) publish exactly those bytes: the pure function IS
 *   what a build publishes;
 * - `npm start` and the real Netlify runtime (`netlify serve`), each under a fake clock (libfaketime), serve
 *   the state of their instant with the static file's headers and an edge cache that ends with the state,
 *   and their /mcp forecast tool answers with the same forecast state;
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
import { parseDataset, type Dataset } from '../../src/core/dataset/index.ts';
import { evaluate, type Evaluation } from '../../src/core/forecast/evaluate.ts';
import { postIdAt, xPostUrl } from '../../src/core/postid.ts';
import { SITE } from '../../src/core/site.ts';
import { createTimetableHandler } from '../../src/core/timetable-answer.ts';
import {
  pickState,
  STEP_SECONDS,
  stateFile,
  TIMETABLE_DIR,
  TIMETABLE_INDEX,
  withoutStamps,
  type TimetableIndex,
} from '../../src/core/timetable.ts';
import { readDataFiles } from '../../src/io/data-folder.ts';
import { CLOCK_PAYLOAD_NAMES, createClockPayloadTexts, type PayloadName } from '../../src/site/api/payloads.ts';
import { astroBuild, buildDir, npmBuild, tempDir } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { PROJECT_ROOT } from '../support/scratch.ts';
import { waitFor } from '../support/wait-for.ts';

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
  dist = buildDir();
  functions = join(dist, '..', 'functions');
  await npmBuild({ dataDir, epoch: B, outDir: dist, functionsDir: functions });
  index = JSON.parse(readFileSync(join(dist, TIMETABLE_DIR, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
  horizon = at(index.horizon);
}, 400_000);

/**
 * What a build at `t` publishes for each clock payload (pure), with forecast.json's built_at set to B as the
 * timetable's; the record's backtest computed once (it does not depend on the clock; the fresh builds below
 * anchor that), and each instant once.
 */
const fresh = new Map<number, Record<PayloadName, string>>();
let evaluation: Evaluation | undefined;
function freshAt(t: number): Record<PayloadName, string> {
  const kept = fresh.get(t);
  if (kept) return kept;
  evaluation ??= evaluate(data.events, data.announcements);
  const texts = createClockPayloadTexts(data, new Date(t * 1000), SITE.url, new Date(B * 1000), () => evaluation!);
  fresh.set(t, texts);
  return texts;
}
/** The same, but built_at as a build at `t` itself says it. */
const builtAt = (text: string, t: number): string =>
  text.replace(/"built_at": "[^"]*"/, `"built_at": "${new Date(t * 1000).toISOString().replace('.000Z', 'Z')}"`);

const starts = (name: PayloadName): number[] => index.states[name]!;
const stateText = (name: PayloadName, start: number): string => readFileSync(join(dist, TIMETABLE_DIR, stateFile(name, start)), 'utf8');

/** The timetable function's own code over the build's files, at the instant `t` (seconds). */
async function served(name: PayloadName, t: number): Promise<{ status: number; text: string; headers: Headers }> {
  const handler = createTimetableHandler({
    files: { index, read: (n, s) => readFileSync(join(dist, TIMETABLE_DIR, stateFile(n, s))) },
    headers: {},
    now: () => t * 1000,
  });
  const res = await handler(new Request(`http://localhost/api/v1/${name}.json`));
  return { status: res.status, text: await res.text(), headers: res.headers };
}

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
}

describe('the build’s timetable', () => {
  it('runs from the build’s clock to a horizon at least 7 days later, and every payload’s first state is its static file', () => {
    expect(index.built_at).toBe('2026-11-23T00:00:00Z');
    expect(horizon - B).toBeGreaterThanOrEqual(7 * 24 * 3600);
    expect(Object.keys(index.states)).toEqual([...CLOCK_PAYLOAD_NAMES]);
    for (const name of CLOCK_PAYLOAD_NAMES) {
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
      expect(forecast.headers.get('Netlify-CDN-Cache-Control')).toBe('public, max-age=300');
    }
  });

  it('sets an edge cache that never outlives its state', async () => {
    const s = starts('forecast');
    const got = await served('forecast', s[10]! + 17);
    expect(got.headers.get('Netlify-CDN-Cache-Control')).toBe(`public, max-age=${s[11]! - s[10]! - 17}`);
  });
});

describe('fresh builds at state starts', () => {
  const instants: [string, () => number][] = [
    ['the grant’s expiry', () => at(EXPIRES)],
    ['the record going stale', () => at(CHECKED_AT) + 7 * 24 * 3600 + 1],
    ['a random forecast state', () => starts('forecast')[1 + Math.floor(Math.random() * (starts('forecast').length - 2))]!],
  ];
  it.each(instants)(
    'publish the served state byte for byte at %s, but for built_at (a state begun before: all but its stamps)',
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
    },
    300_000,
  );
});

/** A project folder outside the checkout serving this build: netlify.toml, dist/ and the bundled functions. */
function project(prefix: string): string {
  const dir = runtimeProject(PROJECT_ROOT, prefix);
  cpSync(dist, join(dir, 'dist'), { recursive: true });
  cpSync(functions, join(dir, BUNDLED_FUNCTIONS_DIR), { recursive: true });
  return dir;
}

/** An instant 100 s into a forecast state that lasts 5 minutes, with no other payload's state starting in it. */
function quietInstant(after: number): number {
  const all = CLOCK_PAYLOAD_NAMES.flatMap(starts);
  const s = starts('forecast').find(
    (x, i) => x > after && starts('forecast')[i + 1]! - x === STEP_SECONDS && !all.some((y) => y > x && y < x + STEP_SECONDS),
  )!;
  return s + 100;
}

/** GETs every clock payload from `base` and checks each is the state of an instant in [t, now on that clock]. */
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
    expect(cdn).toBeLessThanOrEqual(STEP_SECONDS);
  }
  const hidden = await fetch(`${base}/${TIMETABLE_DIR}/${TIMETABLE_INDEX}`);
  expect(hidden.status).toBe(404);
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

describe('through npm start’s runtime, under a fake clock', () => {
  let dir = '';
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child?.pid && child.exitCode === null) process.kill(child.pid);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  it('serves the state of its instant (100 s into a state, well before its end)', async () => {
    dir = project('resetcast-timetable-serve-');
    const t = quietInstant(at(EXPIRES));
    const script = `import { serve } from ${JSON.stringify(join(PROJECT_ROOT, 'scripts/serve.ts'))}; await serve(process.argv[1]);`;
    child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...fakeClock(t) },
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
  }, 90_000);
});

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
      env: () => ({ ...process.env, ...fakeClock(t) }),
      readyPath: '/feed.xml',
      startMs: 200_000,
    });
    await checkRuntime(runtime.url, t);
  }, 300_000);
});

describe('a timetable the bundle step refuses', () => {
  it('names the missing and the corrupt state file, and writes no function', async () => {
    const copy = join(mkdtempSync(join(tempDir('timetable-bad'), 'x-')), 'dist');
    cpSync(dist, copy, { recursive: true });
    const s = starts('forecast');
    unlinkSync(join(copy, TIMETABLE_DIR, stateFile('forecast', s[3]!)));
    writeFileSync(join(copy, TIMETABLE_DIR, stateFile('badge', starts('badge')[0]!)), '{"schema_version": 1');
    const outFn = join(copy, '..', 'fn', 'mcp.mjs');
    const { code, out } = await runNode(
      ['scripts/bundle-functions.ts'],
      { ...process.env, RESETCAST_OUT_DIR: copy, RESETCAST_FUNCTION_OUT: outFn },
      PROJECT_ROOT,
    );
    expect(code, out).toBe(1);
    expect(out).toContain(`${TIMETABLE_DIR}/forecast/${s[3]}.json: missing`);
    expect(out).toContain(`${TIMETABLE_DIR}/badge/${starts('badge')[0]}.json: not JSON`);
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
  it('serves exactly the clock payloads’ paths', async () => {
    const src = readFileSync(join(PROJECT_ROOT, 'netlify/functions/timetable.ts'), 'utf8');
    const paths = [...src.matchAll(/'(\/api\/v1\/[a-z-]+\.json)'/g)].map((m) => m[1]);
    expect(paths).toEqual(CLOCK_PAYLOAD_NAMES.map((n) => `/api/v1/${n}.json`));
  });
});
