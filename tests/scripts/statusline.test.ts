/**
 * The reference status-line client (SPEC.md §4.2), run for real with each POSIX shell present
 * against HTTP servers on 127.0.0.1 that count the requests they receive.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ForecastPayload } from '../../src/core/schema/index.ts';
import { DISCLAIMER, SITE } from '../../src/core/site.ts';
import { GET as servedScript } from '../../src/pages/statusline.sh.ts';
import { waitFor } from '../support/wait-for.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/statusline.sh', import.meta.url));
const PATH = process.env['PATH'] ?? '/usr/bin:/bin';
const MINUTE = 60_000;

/** A real forecast payload (checked against the schema) with the given p24 and availability. */
function forecast(p24: number, available = true): Record<string, unknown> {
  const ts = '2026-10-12T09:00:00Z';
  return ForecastPayload.parse({
    schema_version: 1,
    generated_at: ts,
    source: SITE.url,
    available,
    reset_today: false,
    p24,
    p48: Math.max(p24, 30),
    confidence: 'low',
    // A reason that quotes another figure: the script must read the key, not text inside a string.
    confidence_reasons: ['few events; last week "p24": 99, was an outlier'],
    inputs: {
      avg_gap_hours: 120.5,
      hours_since_last: 40,
      B: 0.2,
      C: null,
      cad24: 0.18,
      official_signal: 0,
      status_signal: 0,
      issues_signal: 0,
      S: 0,
      global: true,
      rhythm_model: 'memoryless',
    },
    formula_version: '2',
    disclaimer: DISCLAIMER,
    freshness: { events_checked_at: ts, signals_fetched_at: ts, built_at: ts },
  });
}
/** The published file is 2-space pretty JSON, like src/core/json.ts writes it. */
const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

interface Reply {
  status: number;
  body: string;
}
interface Server {
  url: string;
  paths: string[];
  reply: Reply | null;
  close(): Promise<void>;
}

/** A local server that records request paths and answers with `reply`, or never answers when it is null. */
async function startServer(reply: Reply | null): Promise<Server> {
  const paths: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    paths.push(req.url ?? '');
    if (!state.reply) return; // hold the connection open: a server that never answers
    res.writeHead(state.reply.status, { 'Content-Type': 'application/json' }).end(state.reply.body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const state: Server = {
    url: `http://127.0.0.1:${port}`,
    paths,
    reply,
    close: () => {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
  return state;
}

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs the script with a clean environment (no proxies, no user curlrc) plus `env`. */
function runScript(shell: string, env: Record<string, string>): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(shell, [SCRIPT], { env: { PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ stdout, stderr, code }));
  });
}

/** Every distinct POSIX shell installed here (sh is often dash or bash; each runs once). */
function shells(): string[] {
  const seen = new Map<string, string>();
  for (const name of ['sh', 'dash', 'bash']) {
    const found = PATH.split(delimiter)
      .map((d) => join(d, name))
      .find((p) => existsSync(p));
    if (found && !seen.has(realpathSync(found))) seen.set(realpathSync(found), found);
  }
  return [...seen.values()];
}

const setBack = (file: string, ms: number): void => {
  const t = new Date(Date.now() - ms);
  utimesSync(file, t, t);
};

describe.each(shells())('statusline.sh under %s', (shell) => {
  let home: string;
  let cacheHome: string;
  let cacheFile: string;
  let server: Server | undefined;
  const serve = async (reply: Reply | null): Promise<Server> => (server = await startServer(reply));
  const run = (url: string, extra: Record<string, string> = {}): Promise<Run> =>
    runScript(shell, { HOME: home, XDG_CACHE_HOME: cacheHome, RESETCAST_URL: url, ...extra });

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'resetcast-statusline-'));
    cacheHome = join(home, 'xdg-cache');
    cacheFile = join(cacheHome, 'resetcast', 'forecast.json');
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(home, { recursive: true, force: true });
  });

  it.each([
    ['pretty-printed (as published)', pretty(forecast(15))],
    ['compact', JSON.stringify(forecast(15))],
    ['pretty with CRLF line ends', pretty(forecast(15)).replaceAll('\n', '\r\n')],
  ])('prints the figure from a %s payload and caches the body', async (_, body) => {
    const { url, paths } = await serve({ status: 200, body });
    const r = await run(url);
    expect(r).toMatchObject({ stdout: 'reset odds 24h: 15%\n', stderr: '', code: 0 });
    expect(paths).toEqual(['/api/v1/forecast.json']);
    expect(readFileSync(cacheFile, 'utf8')).toBe(body);
    expect(existsSync(join(cacheHome, 'resetcast', 'last-failure'))).toBe(false);
  });

  it.each([0, 100])('prints the boundary figure p24 = %i', async (p24) => {
    const { url } = await serve({ status: 200, body: pretty(forecast(p24)) });
    expect((await run(url)).stdout).toBe(`reset odds 24h: ${p24}%\n`);
  });

  it('marks the figure "not vouched for" when the forecast says available: false, as the pages do (issue 32)', async () => {
    const { url } = await serve({ status: 200, body: pretty(forecast(7, false)) });
    expect(await run(url)).toMatchObject({ stdout: 'reset odds 24h: 7% (not vouched for)\n', stderr: '', code: 0 });
  });

  it('answers a second call within 10 minutes from the cache, without a request', async () => {
    const s = await serve({ status: 200, body: pretty(forecast(15)) });
    await run(s.url);
    s.reply = { status: 200, body: pretty(forecast(40)) };
    setBack(cacheFile, 9 * MINUTE + 30_000); // 9.5 minutes old: still fresh
    expect((await run(s.url)).stdout).toBe('reset odds 24h: 15%\n');
    expect(s.paths).toHaveLength(1);
  });

  it('refreshes a cache older than 10 minutes, atomically replacing it', async () => {
    const s = await serve({ status: 200, body: pretty(forecast(15)) });
    await run(s.url);
    s.reply = { status: 200, body: pretty(forecast(40)) };
    setBack(cacheFile, 10 * MINUTE + 30_000);
    const stale = statSync(cacheFile).mtimeMs;
    expect((await run(s.url)).stdout).toBe('reset odds 24h: 40%\n');
    expect(s.paths).toHaveLength(2);
    expect(readFileSync(cacheFile, 'utf8')).toBe(pretty(forecast(40)));
    expect(statSync(cacheFile).mtimeMs).toBeGreaterThan(stale); // written by this run (the old one was set back 10.5 minutes)
  });

  it('refetches when a fresh cache file is not a usable forecast', async () => {
    const s = await serve({ status: 200, body: pretty(forecast(22)) });
    mkdirSync(join(cacheHome, 'resetcast'), { recursive: true });
    writeFileSync(cacheFile, '{"p24": 9'); // truncated by a crash or an editor
    expect((await run(s.url)).stdout).toBe('reset odds 24h: 22%\n');
    expect(s.paths).toHaveLength(1);
  });

  it('gives up on a server that never answers: no figure, exit 0', async () => {
    const s = await serve(null);
    // The server holds the request open for good: the script ends only because its own timeout gives up.
    const r = await run(s.url);
    expect(r).toMatchObject({ stdout: '', stderr: '', code: 0 });
    // It did ask (the server's record of it may come after the script's exit).
    await waitFor(() => s.paths.length > 0, { describe: 'the request at the server' });
    expect(s.paths).toHaveLength(1);
    expect(existsSync(cacheFile)).toBe(false);
  });

  it('prints nothing when nothing listens on the port', async () => {
    const s = await serve(null);
    await s.close();
    expect(await run(s.url)).toMatchObject({ stdout: '', stderr: '', code: 0 });
  });

  const good = forecast(15);
  it.each<[string, Reply]>([
    ['a 500 (even with a forecast body)', { status: 500, body: pretty(forecast(80)) }],
    ['a 404', { status: 404, body: 'Not Found' }],
    ['an HTML page', { status: 200, body: '<!doctype html><p>"p24": 80,</p>' }],
    ['an empty body', { status: 200, body: '' }],
    ['a truncated body', { status: 200, body: pretty(forecast(80)).slice(0, 120) }],
    ['a body without p24', { status: 200, body: pretty({ ...good, p24: undefined }) }],
    ['p24 as a string', { status: 200, body: pretty({ ...good, p24: '80' }) }],
    ['p24 above 100', { status: 200, body: pretty({ ...good, p24: 101 }) }],
    ['a negative p24', { status: 200, body: pretty({ ...good, p24: -1 }) }],
    ['a fractional p24', { status: 200, body: pretty({ ...good, p24: 15.5 }) }],
    ['p24 null', { status: 200, body: pretty({ ...good, p24: null }) }],
    ['a body without available', { status: 200, body: pretty({ ...good, available: undefined }) }],
    ['a JSON array', { status: 200, body: '[{"available": true, "p24": 80}]' }],
  ])('%s: no figure, and the old cache is left untouched', async (_, reply) => {
    const stale = pretty(forecast(5));
    mkdirSync(join(cacheHome, 'resetcast'), { recursive: true });
    writeFileSync(cacheFile, stale);
    setBack(cacheFile, 30 * MINUTE);
    const mtimeBefore = statSync(cacheFile).mtimeMs;
    const s = await serve(reply);
    expect(await run(s.url)).toMatchObject({ stdout: '', stderr: '', code: 0 });
    expect(s.paths).toHaveLength(1);
    expect(readFileSync(cacheFile, 'utf8')).toBe(stale);
    expect(statSync(cacheFile).mtimeMs).toBe(mtimeBefore);
  });

  it('after a failure waits a minute before asking again, then recovers', async () => {
    const s = await serve({ status: 503, body: '' });
    await run(s.url);
    s.reply = { status: 200, body: pretty(forecast(33)) };
    expect((await run(s.url)).stdout).toBe(''); // within the minute: no request
    expect(s.paths).toHaveLength(1);
    setBack(join(cacheHome, 'resetcast', 'last-failure'), MINUTE + 5_000);
    expect((await run(s.url)).stdout).toBe('reset odds 24h: 33%\n');
    expect(s.paths).toHaveLength(2);
    expect(existsSync(join(cacheHome, 'resetcast', 'last-failure'))).toBe(false);
  });

  it.each([
    ['XDG_CACHE_HOME when it is absolute', (h: string) => join(h, 'xdg-cache'), (h: string) => join(h, 'xdg-cache')],
    ['~/.cache when XDG_CACHE_HOME is empty', () => '', (h: string) => join(h, '.cache')],
    ['~/.cache when XDG_CACHE_HOME is relative (the XDG spec says ignore it)', () => 'rel/cache', (h: string) => join(h, '.cache')],
  ])('caches under %s', async (_, xdg, root) => {
    const { url } = await serve({ status: 200, body: pretty(forecast(15)) });
    await run(url, { XDG_CACHE_HOME: xdg(home) });
    expect(readFileSync(join(root(home), 'resetcast', 'forecast.json'), 'utf8')).toBe(pretty(forecast(15)));
  });

  it('reads RESETCAST_URL, including a path prefix and a trailing slash', async () => {
    const { url, paths } = await serve({ status: 200, body: pretty(forecast(15)) });
    expect((await run(`${url}/mirror/`)).stdout).toBe('reset odds 24h: 15%\n');
    expect(paths).toEqual(['/mirror/api/v1/forecast.json']);
  });
});

describe('statusline.sh source', () => {
  it('defaults to the site URL of src/core/site.ts', () => {
    const match = /^RESETCAST_DEFAULT_URL='([^']+)'$/m.exec(readFileSync(SCRIPT, 'utf8'));
    expect(match?.[1]).toBe(SITE.url);
  });
  it('is served verbatim at /statusline.sh as text', async () => {
    const res = servedScript();
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(readFileSync(SCRIPT, 'utf8'));
  });
});
