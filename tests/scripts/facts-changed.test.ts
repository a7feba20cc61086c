/**
 * `npm run facts-changed` (scripts/facts-changed.ts) on temp copies of the frozen history, against a real
 * local HTTP server standing in for the deployed site. At the history's clock its forecast is
 * available false, p24 6, p48 15 (the recency mix of tests/unit/forecast, 1,033.7 h after the last reset).
 */
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_EPOCH, historyCopy } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { startServer, type FixtureServer } from './support/fixture-server.ts';

const AS_BUILT = { available: false, p24: 6, p48: 15 };
let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A deployed site whose forecast.json says `numbers` (or answers `status` with no forecast). */
async function site(numbers: object | null, status = 200): Promise<string> {
  server = await startServer((url) => (url.pathname === '/api/v1/forecast.json' && numbers ? { status, body: JSON.stringify({ schema_version: '1', ...numbers, confidence: 'low' }) } : undefined));
  return server.url;
}

/** Runs the command with data/ = `after`, data/ before = `before`; returns its output and what it appended to --output. */
async function factsChanged(before: string, after: string, siteUrl: string): Promise<{ code: number | null; out: string; output: string }> {
  const output = join(after, 'github-output');
  writeFileSync(output, 'earlier=line\n');
  const r = await runNode(['scripts/facts-changed.ts', '--before', before, '--site', siteUrl, '--output', output], {
    PATH: process.env['PATH'] ?? '', RESETCAST_DATA_DIR: after, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH), RESETCAST_HTTP_TIMEOUT_MS: '2000',
  });
  return { ...r, output: readFileSync(output, 'utf8') };
}

const editJson = (dir: string, file: string, edit: (doc: any) => void): void => {
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
  appendFileSync(join(dir, 'forecast-log.jsonl'), `${JSON.stringify({ issued_at: '2026-11-22T23:44:29Z', available: false, p24: 6, p48: 15, rhythm_model: 'recency-mix', S: 0, official_signal: 0, status_signal: 0, issues_signal: 0, formula_version: '2' })}\n`);
}

describe('facts-changed', () => {
  it('a pull without news (signals, checked_at, a forecast-log line) and the forecast as deployed: no build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    const r = await factsChanged(before, after, await site(AS_BUILT));
    expect(r).toEqual({ code: 0, out: 'no build: no fact changed and the forecast reads as deployed (available false, p24 6, p48 15)\n', output: 'earlier=line\nrebuild=false\n' });
    expect(server!.requests.map((q) => q.url.pathname)).toEqual(['/api/v1/forecast.json']);
  });

  it('a new event (a boost, which leaves the forecast as it was): build, naming events.json', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    quietPull(after);
    editJson(after, 'events.json', (e) =>
      e.events.push({
        id: '2124472963691446272', date: '2026-11-22', ts: '2026-11-22T12:00:00Z', scope: 'plus+pro', kind: 'boost', source: 'thsottiaux',
        url: 'https://x.com/thsottiaux/status/2124472963691446272', summary: 'Limits doubled for the weekend.', partial: false, global: true,
        origin: 'official_post', certainty: 'high', uncertain_fields: [],
      }),
    );
    const r = await factsChanged(before, after, await site(AS_BUILT));
    expect(r).toEqual({ code: 0, out: 'data/events.json: facts changed\n', output: 'earlier=line\nrebuild=true\n' });
  });

  it('an X check that makes the record fresh again makes the forecast available: build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    editJson(after, 'events.json', (e) => (e.checked_at = '2026-11-22T23:44:29Z'));
    const r = await factsChanged(before, after, await site(AS_BUILT));
    expect([r.out, r.output]).toEqual(['forecast: available false → true (deployed → now)\n', 'earlier=line\nrebuild=true\n']);
  });

  it('the deployed forecast is a point higher than the one data/ publishes now: build, saying so', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    const r = await factsChanged(before, after, await site({ ...AS_BUILT, p24: 7 }));
    expect(r).toEqual({ code: 0, out: 'forecast: p24 7 → 6 (deployed → now)\n', output: 'earlier=line\nrebuild=true\n' });
  });

  it('the deployed site has no forecast.json (404): build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    const url = await site(null);
    const r = await factsChanged(before, after, url);
    expect(r.out).toBe(`forecast: the deployed forecast could not be read (${url}/api/v1/forecast.json: HTTP 404 Not Found), so building\n`);
    expect([r.code, r.output]).toEqual([0, 'earlier=line\nrebuild=true\n']);
  });

  it('a fact file absent before (a first pull): build', async () => {
    const [before, after] = [historyCopy('before'), historyCopy('after')];
    rmSync(join(before, 'banked.json'));
    const r = await factsChanged(before, after, await site(AS_BUILT));
    expect([r.out, r.output]).toEqual(['data/banked.json: facts changed\n', 'earlier=line\nrebuild=true\n']);
  });

  it.each([
    [[], '--before <dir> is required'],
    [['--before', '/nonexistent/before'], '--before "/nonexistent/before": no such folder'],
  ])('%j is refused (exit 2), writing no decision', async (args, message) => {
    const r = await runNode(['scripts/facts-changed.ts', ...args], { PATH: process.env['PATH'] ?? '' });
    expect(r.code).toBe(2);
    expect(r.out).toContain(`facts-changed: ${message}\nusage: npm run facts-changed`);
  });
});
