/**
 * `npm start` serves the build just made (docs/serve.md, "A new build"): the local runtime, running as its
 * own process, and a real `npm run build` of the frozen history into its project root at a later clock.
 * The new payloads and the /mcp function's answers are served without a restart, once the build has marked
 * itself whole; every answer while the build writes is a whole file of the one build or the other.
 */
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDir } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';
import { runCommand } from '../support/run-node.ts';
import { raw, REPO, serveProcess, type ServeProcess } from '../support/site.ts';
import { joinedRegExp } from '../support/regexp.ts';
import { waitFor } from '../support/wait-for.ts';

/** `npm run build` into `root`/dist (and its function), as a maintainer runs it, at the clock `epoch`. */
function npmBuild(root: string, epoch: number): Promise<{ code: number | null; out: string }> {
  const env = {
    ...process.env,
    ASTRO_TELEMETRY_DISABLED: '1',
    SOURCE_DATE_EPOCH: String(epoch),
    RESETCAST_DATA_DIR: HISTORY_DIR,
    RESETCAST_OUT_DIR: join(root, 'dist'),
    RESETCAST_FUNCTION_OUT: join(root, '.netlify/functions-bundled/mcp.mjs'),
  };
  return runCommand('npm', ['run', 'build'], env, REPO);
}

/**
 * The build a forecast.json answer is from: its `freshness.built_at`. forecast.json is a clock payload, served
 * from the build's timetable (docs/timetable.md) as the state for the wall clock, whose `generated_at` is that
 * state's instant, not the build's; `built_at` is the build's clock in every state.
 */
const builtAtOf = (body: string): string => (JSON.parse(body) as { freshness: { built_at: string } }).freshness.built_at;

const builtAt = async (url: string): Promise<string> => {
  const res = await raw(url, 'GET', '/api/v1/forecast.json');
  expect(res.status).toBe(200);
  return builtAtOf(res.body);
};

const mcpForecast = async (url: string): Promise<string> => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } });
  const res = await raw(url, 'POST', '/mcp', { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body);
  return (JSON.parse(res.body) as { result: { content: { text: string }[] } }).result.content.at(-1)!.text;
};

describe('npm start and a new npm run build', () => {
  const root = dirname(buildDir());
  let server: ServeProcess | undefined;
  let url = '';
  const log = (): string => server?.log() ?? '';
  beforeAll(async () => {
    copyFileSync(join(REPO, 'netlify.toml'), join(root, 'netlify.toml'));
    const first = await npmBuild(root, HISTORY_EPOCH);
    expect(first.code, first.out).toBe(0);
    // What `npm start -- --no-build` runs, on this root.
    server = await serveProcess(root, { ...process.env, PORT: '0', HOST: '127.0.0.1' });
    url = server.url;
  }, 240_000);
  afterAll(() => {
    server?.child.kill('SIGTERM');
  });

  it('says at start that a new build is served without a restart', () => {
    expect(log()).toMatch(
      joinedRegExp(
        /Resetcast on http:\/\/127\.0\.0\.1:\d+ \(site, API and \/mcp, from dist\/; /,
        /each new `npm run build` is served once it completes, no restart; Ctrl-C stops\)/,
      ),
    );
  });

  it('serves the rebuilt payloads and /mcp answers without a restart, never a half-written file', async () => {
    const before = await builtAt(url);
    const beforeMcp = await mcpForecast(url);
    const later = HISTORY_EPOCH + 3600;
    const after = new Date(later * 1000).toISOString().replace(/\.000Z$/, 'Z');
    expect(before).not.toBe(after);

    // While the build runs, every answer is one build's whole file: the old one until the mark, then the new.
    const seen = new Set<string>();
    const pages = new Set<number>();
    let building = true;
    const watching = (async () => {
      while (building) {
        const res = await raw(url, 'GET', '/api/v1/forecast.json');
        seen.add(res.status === 200 ? builtAtOf(res.body) : `status ${res.status}`);
        pages.add((await raw(url, 'GET', '/')).status);
      }
    })();
    const rebuilt = await npmBuild(root, later);
    building = false;
    await watching;
    expect(rebuilt.code, rebuilt.out).toBe(0);
    expect([...seen].filter((g) => g !== before && g !== after)).toEqual([]);
    expect([...pages]).toEqual([200]);

    await waitFor(async () => (await builtAt(url)) === after, {
      describe: 'forecast.json of the new build',
      deadlineMs: 60_000,
      seen: log,
    });
    const file = await raw(url, 'GET', '/api/v1/forecast.json');
    const nowMcp = await mcpForecast(url);
    expect(nowMcp).toBe(file.body);
    expect(nowMcp).not.toBe(beforeMcp);
    expect(log()).toMatch(/\[serve\] serving the new build \(\d+ files, marked \S+ [0-9a-f]{16}\)/);
  }, 300_000);
});
