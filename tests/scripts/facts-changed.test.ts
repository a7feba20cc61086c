/**
 * `npm run facts-changed` (scripts/facts-changed.ts) on temp copies of the frozen history, against a real
 * local HTTP server standing in for the deployed site. At the history's clock (2026-11-23T00:00:00Z) its
 * forecast is available false, p24 6, p48 15 (the recency mix of tests/unit/core/forecast, 1,033.7 h after
 * the last reset), and no banked grant is active (the last expired 2026-11-06).
 */
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/core/dataset/index.ts';
import type { StoredEvent } from '../../src/core/schema/index.ts';
import { SITE } from '../../src/core/site.ts';
import { readDataFiles } from '../../src/io/data-folder.ts';
import { createClockPayloadTexts, createPayloads } from '../../src/site/api/payloads.ts';
import { HISTORY_EPOCH, HISTORY_NOW, historyCopy } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { startServer, type FixtureServer, type Reply } from '../support/fixture-server.ts';
import type { JsonOf } from '../support/json.ts';
import { forecastLogLine } from '../support/forecast-log.ts';

const AS_BUILT = { available: false, p24: 6, p48: 15 };
const NO_BUILD =
  'no build: no fact changed, and the forecast, the alerts and the banked grants read as deployed (available false, p24 6, p48 15)\n';
const lines = (out: string): string[] => out.split('\n').filter((l) => l !== '');
let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Deployed = { forecast: Reply; alerts: Reply; banked: Reply; signals: Reply };
const doc = (body: object): Reply => ({ body: JSON.stringify(body) });

/**
 * The site as a build of `dir` at `at` deployed it, its forecast.json saying `numbers` (what the clock does to them is
 * tested elsewhere).
 */
function builtFrom(dir: string, at = HISTORY_NOW, numbers: object = AS_BUILT): Deployed {
  const payloads = createPayloads(parseDataset(readDataFiles(dir), at), at, SITE.url);
  return {
    forecast: doc({ ...payloads.forecast, ...numbers }),
    alerts: doc(payloads.alerts),
    banked: doc(payloads.banked),
    signals: doc(payloads.signals),
  };
}

/**
 * The site as a build of `dir` at `builtAt` deploys it with its timetable (docs/timetable.md), as it answers at
 * `at`: each payload the state for that instant, computed by that build.
 */
function timetableFrom(dir: string, builtAt: Date, at = HISTORY_NOW): Deployed {
  const data = parseDataset(readDataFiles(dir), at);
  const texts = createClockPayloadTexts(data, at, SITE.url, builtAt);
  // signals.json is no clock payload: the build's file, its snapshot the one the states were computed with.
  const signals = doc(createPayloads(data, builtAt, SITE.url).signals);
  return { forecast: { body: texts.forecast }, alerts: { body: texts.alerts }, banked: { body: texts.banked }, signals };
}

/** A local stand-in for the deployed site: its four payloads, anything else 404. */
async function site(deployed: Deployed): Promise<string> {
  const byPath: Record<string, Reply> = {
    '/api/v1/forecast.json': deployed.forecast,
    '/api/v1/alerts.json': deployed.alerts,
    '/api/v1/banked.json': deployed.banked,
    '/api/v1/signals.json': deployed.signals,
  };
  server = await startServer((url) => byPath[url.pathname]);
  return server.url;
}

/** Runs the command with data/ = `after`, data/ before = `before`; returns its output and what it appended to --output. */
async function factsChanged(
  before: string,
  after: string,
  siteUrl: string,
  epoch = HISTORY_EPOCH,
): Promise<{ code: number | null; out: string; output: string }> {
  const output = join(after, 'github-output');
  writeFileSync(output, 'earlier=line\n');
  const r = await runNode(['scripts/facts-changed.ts', '--before', before, '--site', siteUrl, '--output', output], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: after,
    SOURCE_DATE_EPOCH: String(epoch),
    RESETCAST_HTTP_TIMEOUT_MS: '2000',
  });
  return { ...r, output: readFileSync(output, 'utf8') };
}

const editJson = <F extends string>(dir: string, file: F, edit: (doc: JsonOf<F>) => void): void => {
  const doc = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  edit(doc);
  writeFileSync(join(dir, file), `${JSON.stringify(doc, null, 2)}\n`);
};

/**
 * What a pull without news writes: a signals check, a later X check time (still more than 7 days old, so
 * the forecast stays unavailable), one more forecast-log line.
 */
function quietPull(dir: string): void {
  editJson(dir, 'signals.json', (s) => (s.fetched_at = '2026-11-22T23:44:29Z'));
  editJson(dir, 'events.json', (e) => (e.checked_at = '2026-10-12T00:00:00Z'));
  const logLine = forecastLogLine('2026-11-22T23:44:29Z', 6, 15, { available: false, rhythm_model: 'recency-mix', formula_version: '2' });
  appendFileSync(join(dir, 'forecast-log.jsonl'), `${JSON.stringify(logLine)}\n`);
}

/** A grant recorded before the pull (in both copies: no fact changed) that expires at `expiresAt`. */
function grantExpiring(dirs: string[], expiresAt: string): void {
  for (const dir of dirs)
    editJson(dir, 'banked.json', (b) =>
      b.grants.push({ ...b.grants.at(-1)!, id: 'test-grant', granted_at: '2026-11-20T00:00:00Z', expires_at: expiresAt, event_id: null }),
    );
}

/** A new event that leaves the forecast as it was (a boost). */
const BOOST: StoredEvent = {
  id: '2124472963691446272',
  date: '2026-11-22',
  ts: '2026-11-22T12:00:00Z',
  scope: 'plus+pro',
  kind: 'boost',
  source: 'thsottiaux',
  url: 'https://x.com/thsottiaux/status/2124472963691446272',
  summary: 'Limits doubled for the weekend.',
  partial: false,
  global: true,
  origin: 'official_post',
  certainty: 'high',
  uncertain_fields: [],
};

/** A signals check at `at` that finds a major Codex outage and a burst of issues. */
function stormy(dir: string, at: string): void {
  editJson(dir, 'signals.json', (s) => {
    s.fetched_at = at;
    s.status = { indicator: 'major', components: [{ name: 'Codex', status: 'major_outage' }], incidents: [], checked_at: at };
    s.issues = { ...s.issues, recent_count: 60, baseline_per_day: 2, checked_at: at };
  });
}

/** p24 as a build of `dir` at `at` publishes it, with its own signals. */
const p24Of = (dir: string, at: Date): number => createPayloads(parseDataset(readDataFiles(dir), at), at, SITE.url).forecast.p24;

describe('facts-changed', () => {
  it('a pull without news (signals, checked_at, a forecast-log line) and the forecast as deployed: no build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    const r = await factsChanged(before, after, await site(builtFrom(before)));
    expect(r).toEqual({ code: 0, out: NO_BUILD, output: 'earlier=line\nrebuild=false\n' });
    expect(server!.requests.map((q) => q.url.pathname)).toEqual([
      '/api/v1/forecast.json',
      '/api/v1/alerts.json',
      '/api/v1/banked.json',
      '/api/v1/signals.json',
    ]);
  });

  it('a new event (a boost, which leaves the forecast as it was): build, naming events.json and its alert', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    editJson(after, 'events.json', (e) => e.events.push(BOOST));
    const r = await factsChanged(before, after, await site(builtFrom(before)));
    expect(r).toEqual({
      code: 0,
      out: 'data/events.json: facts changed\nalerts: new event:2124472963691446272 (deployed → now)\n',
      output: 'earlier=line\nrebuild=true\n',
    });
  });

  it('an X check that makes the record fresh again makes the forecast available: build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    editJson(after, 'events.json', (e) => (e.checked_at = '2026-11-22T23:44:29Z'));
    const r = await factsChanged(before, after, await site(builtFrom(before)));
    expect([lines(r.out), r.output]).toEqual([['forecast: available false → true (deployed → now)'], 'earlier=line\nrebuild=true\n']);
  });

  it('the deployed forecast is a point higher than the one data/ publishes now: build, saying so', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    const r = await factsChanged(before, after, await site(builtFrom(before, HISTORY_NOW, { ...AS_BUILT, p24: 7 })));
    expect(r).toEqual({ code: 0, out: 'forecast: p24 7 → 6 (deployed → now)\n', output: 'earlier=line\nrebuild=true\n' });
  });

  it('a grant expires between the deployed build (22:45) and the pull (00:00), nothing else changed: build, naming what went', async () => {
    // Expiry 23:30: at 22:45 it was active (45 min left: a reset that soon is far below 50 %, so "use")
    // with its 24 h, 5 h and 1 h reminders (due 23:30 the day before, 18:30, 22:30); at 00:00 all are gone.
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    grantExpiring([before, after], '2026-11-22T23:30:00Z');
    const r = await factsChanged(before, after, await site(builtFrom(before, new Date('2026-11-22T22:45:00Z'))));
    // A site before the timetable: its API shows 22:45, so it says what went.
    const gone = 'alerts: gone grant-expiring:test-grant:1h, grant-expiring:test-grant:5h, grant-expiring:test-grant';
    expect(lines(r.out)).toEqual([`${gone} (deployed → now)`, 'banked: gone test-grant use (deployed → now)']);
    expect([r.code, r.output]).toEqual([0, 'earlier=line\nrebuild=true\n']);
  });

  it("a grant's 5 h reminder comes due between the deployed build (22:45) and the pull (00:00): build", async () => {
    // Expiry 04:00: the 5 h reminder is due at 23:00; the 24 h one (04:00 the day before) was there already.
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    grantExpiring([before, after], '2026-11-23T04:00:00Z');
    const r = await factsChanged(before, after, await site(builtFrom(before, new Date('2026-11-22T22:45:00Z'))));
    expect([lines(r.out), r.output]).toEqual([
      ['alerts: new grant-expiring:test-grant:5h (deployed → now)'],
      'earlier=line\nrebuild=true\n',
    ]);
  });

  it('the same grant expiring, the site serving its timetable (built 22:45, answering at 00:00): already gone there, so no build', async () => {
    // The expiry and the reminders' going are in the deployed timetable: its states at 00:00 (API, pages, feeds
    // and calendar alike: docs/timetable.md) have them gone already. The clock alone never builds.
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    grantExpiring([before, after], '2026-11-22T23:30:00Z');
    quietPull(after);
    const r = await factsChanged(before, after, await site(timetableFrom(before, new Date('2026-11-22T22:45:00Z'))));
    expect(lines(r.out)).toEqual([
      expect.stringMatching(/^no build: no fact changed, and the forecast, the alerts and the banked grants read as deployed \(/),
    ]);
    expect([r.code, r.output]).toEqual([0, 'earlier=line\nrebuild=false\n']);
  });

  it('the site serving its timetable, built 10 minutes before the pull (whose checks come after it), the same figures: no build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    const builtAt = new Date(HISTORY_NOW.getTime() - 10 * 60_000);
    // The pull's signal checks come after the build, as every pull's do.
    editJson(after, 'signals.json', (sig) => {
      sig.fetched_at = '2026-11-22T23:59:00Z';
      if (sig.status.checked_at !== null) sig.status.checked_at = '2026-11-22T23:59:00Z';
      if (sig.issues.checked_at !== null) sig.issues.checked_at = '2026-11-22T23:59:00Z';
    });
    // The case's premise: at the build and at the pull the history publishes the same figures (no alert is due in between).
    const figures = (at: Date) => {
      const p = createPayloads(parseDataset(readDataFiles(before), HISTORY_NOW), at, SITE.url);
      return [p.forecast.available, p.forecast.p24, p.forecast.p48, p.alerts.alerts.length, p.banked.active.length];
    };
    expect(figures(builtAt)).toEqual(figures(HISTORY_NOW));
    const r = await factsChanged(before, after, await site(timetableFrom(before, builtAt)));
    expect([r.code, r.out, r.output]).toEqual([0, NO_BUILD, 'earlier=line\nrebuild=false\n']);
  });

  it('a deployed forecast state begun 4 minutes before the pull, p24 moved since: compared at its start, so the API reads as deployed', async () => {
    // A pull time whose p24 differs from 4 minutes before (the clock alone moved it): compared at the pull's
    // clock, the state the site serves would read as a point behind.
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    const data = parseDataset(readDataFiles(before), HISTORY_NOW);
    const p24 = (t: number): number => createPayloads(data, new Date(t), SITE.url).forecast.p24;
    let pull = HISTORY_NOW.getTime() + 5 * 60_000;
    while (p24(pull) === p24(pull - 4 * 60_000)) pull += 5 * 60_000;
    const start = new Date(pull - 4 * 60_000);
    const r = await factsChanged(before, after, await site(timetableFrom(before, HISTORY_NOW, start)), pull / 1000);
    // The state reads as deployed (no "deployed → now" line): nothing to build.
    expect([lines(r.out).filter((l) => !l.startsWith('no build: ')), r.output]).toEqual([[], 'earlier=line\nrebuild=false\n']);
  });

  it('a signal check that moves the forecast (a major Codex outage, a burst of issues): no build, the signals being run time', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    stormy(after, '2026-11-22T23:44:29Z');
    const deployed = timetableFrom(before, new Date('2026-11-22T22:45:00Z'));
    // The case's premise: with its own signals, data/ publishes other figures than the deployed state.
    expect(p24Of(after, HISTORY_NOW)).toBeGreaterThan(AS_BUILT.p24);
    const r = await factsChanged(before, after, await site(deployed));
    expect([r.code, lines(r.out), r.output]).toEqual([
      0,
      [expect.stringMatching(/^no build: no fact changed, and the forecast, the alerts and the banked grants read as deployed \(/)],
      'earlier=line\nrebuild=false\n',
    ]);
  });

  it('the deployed signals expire (6 h) inside the deployed timetable while the pull keeps fresh ones: no build', async () => {
    // Built at 12:00 with the outage checked then: its states from 18:00 on hold no signal. The pull at 00:00
    // still sees the outage, so data/'s own signals would raise the figures above the state the site serves.
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    stormy(before, '2026-11-22T12:00:00Z');
    stormy(after, '2026-11-22T23:44:29Z');
    const deployed = timetableFrom(before, new Date('2026-11-22T12:00:00Z'));
    expect(p24Of(after, HISTORY_NOW)).toBeGreaterThan(JSON.parse(String(deployed.forecast.body)).p24);
    const r = await factsChanged(before, after, await site(deployed));
    expect([r.code, r.output]).toEqual([0, 'earlier=line\nrebuild=false\n']);
    expect(lines(r.out)).toEqual([expect.stringMatching(/^no build: /)]);
  });

  it('the same expiry with a new event: build, naming the fact (the held signals hide no fact)', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    stormy(before, '2026-11-22T12:00:00Z');
    stormy(after, '2026-11-22T23:44:29Z');
    editJson(after, 'events.json', (e) => e.events.push(BOOST));
    const r = await factsChanged(before, after, await site(timetableFrom(before, new Date('2026-11-22T12:00:00Z'))));
    expect([r.code, lines(r.out), r.output]).toEqual([
      0,
      ['data/events.json: facts changed', 'alerts: new event:2124472963691446272 (deployed → now)'],
      'earlier=line\nrebuild=true\n',
    ]);
  });

  it.each([
    ['runs out in 3 hours: build, saying when', 3, true],
    ['runs out in 7 hours: not yet', 7, false],
  ])('the deployed timetable %s (a week old, what it serves still the state for now)', async (_, hoursLeft, runsOut) => {
    // Built 7 days before its horizon (the record checked before the build): the horizon is built_at + 7 d + 1 s.
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    const builtAt = new Date(HISTORY_NOW.getTime() + hoursLeft * 3_600_000 - 7 * 86_400_000);
    const r = await factsChanged(before, after, await site(timetableFrom(before, builtAt)));
    const horizon = new Date(builtAt.getTime() + 7 * 86_400_000 + 1000).toISOString().replace('.000Z', 'Z');
    expect(lines(r.out).filter((l) => !l.startsWith('no build: '))).toEqual(
      runsOut ? [`the deployed timetable runs out at ${horizon} (now 2026-11-23T00:00:00Z): building a new one`] : [],
    );
    // A week of the clock moved the figures (the hours since the last reset grew), in the timetable's states too.
    expect(r.output).toBe(`earlier=line\nrebuild=${runsOut}\n`);
  });

  it.each([
    ['forecast.json answers 404', 'forecast', { status: 404 }, 'forecast.json: HTTP 404 Not Found'],
    [
      'alerts.json is larger than its cap (4 MiB)',
      'alerts',
      { stream: { bytes: 5_000_000, contentLength: true } },
      'alerts.json: response exceeds 4.2 MB (Content-Length: 5 MB), not read',
    ],
    ['banked.json is not a banked payload', 'banked', { body: '{"error":"not found"}' }, 'banked.json: not a banked payload as published'],
    ['signals.json answers 404', 'signals', { status: 404 }, 'signals.json: HTTP 404 Not Found'],
    ['signals.json is not a signals snapshot', 'signals', { body: '{"status":{}}' }, 'signals.json: not a signals payload as published'],
  ] as const)('the deployed site cannot be read (%s): build', async (_, part, reply, reason) => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    const url = await site({ ...builtFrom(before), [part]: reply });
    const r = await factsChanged(before, after, url);
    expect(r.out).toBe(`the deployed site could not be read (${url}/api/v1/${reason}), so building\n`);
    expect([r.code, r.output]).toEqual([0, 'earlier=line\nrebuild=true\n']);
  });

  it('a fact file absent before (a first pull): build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    const deployed = builtFrom(before);
    rmSync(join(before, 'banked.json'));
    const r = await factsChanged(before, after, await site(deployed));
    expect([r.out, r.output]).toEqual(['data/banked.json: facts changed\n', 'earlier=line\nrebuild=true\n']);
  });

  it.each([
    [[], '--before: required (<dir>)'],
    [['--before', '/nonexistent/before'], '--before "/nonexistent/before": no such folder'],
  ])('%j is refused (exit 1, one line), writing no decision', async (args, message) => {
    const r = await runNode(['scripts/facts-changed.ts', ...args], { PATH: process.env['PATH'] ?? '' });
    expect(r.code).toBe(1);
    expect(r.out).toBe(`facts-changed: ${message}\n`);
  });
});
