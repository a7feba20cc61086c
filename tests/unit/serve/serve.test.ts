/**
 * The local runtime (`npm start`) over real HTTP on 127.0.0.1: static files with netlify.toml's headers
 * as Netlify's parser reads them, the 404 page, /mcp through the handler behind the limiter (shedding
 * with 503 + Retry-After under a tiny limit), and hostile clients that must not stop it answering others.
 * No timing assertions: timeouts are set small so the server acts within the test, and only outcomes are checked.
 */
import { once } from 'node:events';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import type { ServeLimits } from '../../../src/serve/limits.ts';
import { bundleMcpFunction, bundleTimetableFunction } from '../../../scripts/lib/bundle-function.ts';
import { parseDataset } from '../../../src/core/dataset/index.ts';
import { pickState, stateFile, TIMETABLE_DIR, TIMETABLE_INDEX, type TimetableIndex } from '../../../src/core/timetable.ts';
import { computeTimetable, writeTimetable } from '../../../src/site/timetable.ts';
import { MINI_NOW, miniTexts } from '../../support/mini-data.ts';
import { readHeaderRules, readSiteFiles, type Handler } from '../../../src/serve/load.ts';
import { createSiteServer, startSite } from '../../../src/serve/server.ts';
import { miniPublished } from '../../support/published-payloads.ts';
import { raw, REPO, siteFiles, siteRoot } from '../../support/site.ts';
import { waitFor } from '../../support/wait-for.ts';
import { SITE } from '../../../src/core/site.ts';

const FILES = siteFiles();
const ROOT = siteRoot(FILES);
const JSON_TYPE = { 'Content-Type': 'application/json' };
const PING = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
const mini = miniPublished();

let servers: Server[] = [];
afterEach(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
  servers = [];
});

async function serve(o: { handler?: Handler; limits?: Partial<ServeLimits> } = {}): Promise<{ base: string; server: Server }> {
  const server = createSiteServer({
    files: readSiteFiles(join(ROOT, 'dist')),
    rules: await readHeaderRules(join(ROOT, 'netlify.toml')),
    fn: { handler: o.handler ?? createMcpHandler(mini, createToolList(), SITE.url), path: '/mcp' },
    ...(o.limits ? { limits: o.limits } : {}),
    log: () => {},
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { base: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

/** A handler that holds its first call until `open()`, so a test can fill the slots on purpose. */
function heldHandler(): { handler: Handler; entered: Promise<void>; open: () => void } {
  const real = createMcpHandler(mini, createToolList(), SITE.url);
  let open!: () => void;
  let enter!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const entered = new Promise<void>((r) => (enter = r));
  let calls = 0;
  return {
    handler: async (req) => {
      if (calls++ === 0) {
        enter();
        await gate;
      }
      return real(req);
    },
    entered,
    open,
  };
}

const SITE_WIDE = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };
const EDGE = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' };
const PAGE = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate', ...SITE_WIDE };
const POLICY = [
  'content-type',
  'cache-control',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'x-content-type-options',
  'referrer-policy',
];

describe('static files, with the headers netlify.toml gives each kind', () => {
  // Expected values copied by hand from netlify.toml's [[headers]] (and Netlify's default cache policy).
  it.each<[string, string, Record<string, string>]>([
    [
      '/api/v1/forecast.json',
      '/api/v1/forecast.json',
      { 'content-type': 'application/json; charset=utf-8', ...EDGE, 'access-control-allow-methods': 'GET, HEAD, OPTIONS', ...SITE_WIDE },
    ],
    [
      '/api/v1/schema/forecast.json',
      '/api/v1/schema/forecast.json',
      { 'content-type': 'application/json; charset=utf-8', ...EDGE, 'access-control-allow-methods': 'GET, HEAD, OPTIONS', ...SITE_WIDE },
    ],
    ['/feed.xml', '/feed.xml', { 'content-type': 'application/atom+xml; charset=utf-8', ...EDGE, ...SITE_WIDE }],
    ['/calendar.ics', '/calendar.ics', { 'content-type': 'text/calendar; charset=utf-8', ...EDGE, ...SITE_WIDE }],
    [
      '/statusline.sh',
      '/statusline.sh',
      { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=300', ...SITE_WIDE },
    ],
    ['/mcp/server-card', '/mcp/server-card', { 'content-type': 'application/json; charset=utf-8', ...EDGE, ...SITE_WIDE }],
    [
      '/.well-known/mcp/catalog.json',
      '/.well-known/mcp/catalog.json',
      { 'content-type': 'application/json; charset=utf-8', ...EDGE, ...SITE_WIDE },
    ],
    ['/server.json', '/server.json', { 'content-type': 'application/json; charset=utf-8', ...EDGE, ...SITE_WIDE }],
    ['/', '/index.html', PAGE],
    ['/timeline/', '/timeline/index.html', PAGE],
    ['/timeline', '/timeline/index.html', PAGE],
    [
      '/favicon.svg',
      '/favicon.svg',
      { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=0, must-revalidate', ...SITE_WIDE },
    ],
    [
      '/robots.txt',
      '/robots.txt',
      { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=0, must-revalidate', ...SITE_WIDE },
    ],
  ])('GET %s', async (path, file, want) => {
    const { base } = await serve();
    const res = await raw(base, 'GET', path);
    expect(res.status).toBe(200);
    expect(res.body).toBe(FILES[file]);
    expect(Object.fromEntries(POLICY.filter((h) => res.headers[h] !== undefined).map((h) => [h, res.headers[h]]))).toEqual(want);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(FILES[file]!)));
  });

  it('answers an unknown path with the site’s 404.html and status 404', async () => {
    const { base } = await serve();
    for (const path of ['/no-such-page', '/api/v1/nope.json', '/%2e%2e/netlify.toml', '//mcp']) {
      const res = await raw(base, 'GET', path);
      expect([path, res.status, res.body, res.headers['content-type']]).toEqual([
        path,
        404,
        FILES['/404.html'],
        'text/html; charset=utf-8',
      ]);
    }
  });

  it('answers HEAD with the headers only, OPTIONS with 204, and other methods with 405', async () => {
    const { base } = await serve();
    const head = await raw(base, 'HEAD', '/api/v1/forecast.json');
    expect([head.status, head.body, head.headers['content-length'], head.headers['access-control-allow-origin']]).toEqual([
      200,
      '',
      String(Buffer.byteLength(FILES['/api/v1/forecast.json']!)),
      '*',
    ]);
    const options = await raw(base, 'OPTIONS', '/api/v1/forecast.json', {
      Origin: 'https://example.org',
      'Access-Control-Request-Method': 'GET',
    });
    expect([options.status, options.headers['access-control-allow-origin'], options.headers['access-control-allow-methods']]).toEqual([
      204,
      '*',
      'GET, HEAD, OPTIONS',
    ]);
    const post = await raw(base, 'POST', '/api/v1/forecast.json', JSON_TYPE, '{}');
    expect([post.status, post.headers['allow']]).toEqual([405, 'GET, HEAD, OPTIONS']);
  });
});

describe('gzip, negotiated by Accept-Encoding, as Netlify’s CDN compresses text', () => {
  // Files large enough for gzip to pay (the shared mini files are mostly smaller than a gzip header),
  // and a PNG of zeros that gzip would shrink too but that is never compressed, by its type.
  const page = `<!doctype html><title>home</title>${'<p>Codex usage limits were reset.</p>\n'.repeat(40)}`;
  const lost = `<!doctype html><title>not found</title>${'<p>No such page.</p>\n'.repeat(40)}`;
  const png = Buffer.alloc(2048);
  let base: string;
  beforeAll(async () => {
    const root = siteRoot({ ...FILES, '/index.html': page, '/404.html': lost });
    writeFileSync(join(root, 'dist/card.png'), png);
    const server = createSiteServer({
      files: readSiteFiles(join(root, 'dist')),
      rules: await readHeaderRules(join(root, 'netlify.toml')),
      fn: { handler: createMcpHandler(mini, createToolList(), SITE.url), path: '/mcp' },
      log: () => {},
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return () => new Promise<void>((r) => server.close(() => r()));
  });
  const GZIP = { 'Accept-Encoding': 'gzip, deflate, br' };

  it('without Accept-Encoding: the file as it is, and Vary for caches', async () => {
    const res = await raw(base, 'GET', '/');
    expect([res.status, res.body, res.headers['content-encoding'], res.headers['vary'], res.headers['content-length']]).toEqual([
      200,
      page,
      undefined,
      'Accept-Encoding',
      String(Buffer.byteLength(page)),
    ]);
  });

  it.each([
    ['/', page, 200, 'text/html; charset=utf-8'],
    ['/api/v1/timeline.json', FILES['/api/v1/timeline.json']!, 200, 'application/json; charset=utf-8'],
    ['/no-such-page', lost, 404, 'text/html; charset=utf-8'],
  ])('with gzip: %s comes gzipped, decompressing to the file, with its own type and length', async (path, file, status, type) => {
    const res = await raw(base, 'GET', path, GZIP);
    expect([res.status, res.headers['content-encoding'], res.headers['vary'], res.headers['content-type']]).toEqual([
      status,
      'gzip',
      'Accept-Encoding',
      type,
    ]);
    expect(gunzipSync(res.bytes).toString('utf8')).toBe(file);
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
    expect(res.bytes.length).toBeLessThan(Buffer.byteLength(file));
  });

  it('HEAD: the headers GET would send for the same Accept-Encoding, no body', async () => {
    for (const accept of [GZIP, {}]) {
      const [get, head] = await Promise.all([raw(base, 'GET', '/', accept), raw(base, 'HEAD', '/', accept)]);
      expect([head.status, head.bytes.length]).toEqual([200, 0]);
      const { date: _getDate, ...getHeaders } = get.headers;
      const { date: _headDate, ...headHeaders } = head.headers;
      expect(headHeaders).toEqual(getHeaders);
    }
  });

  it.each(['identity', 'br', 'gzip;q=0', 'br, *;q=0'])('Accept-Encoding %j: the file as it is', async (accept) => {
    const res = await raw(base, 'GET', '/', { 'Accept-Encoding': accept });
    expect([res.headers['content-encoding'], res.body]).toEqual([undefined, page]);
  });

  it('never compresses an image, nor a file gzip would not shrink', async () => {
    const image = await raw(base, 'GET', '/card.png', GZIP);
    expect([image.status, image.headers['content-encoding'], image.headers['vary'], image.bytes.equals(png)]).toEqual([
      200,
      undefined,
      undefined,
      true,
    ]);
    const tiny = await raw(base, 'GET', '/robots.txt', GZIP);
    expect([tiny.headers['content-encoding'], tiny.headers['vary'], tiny.body]).toEqual([undefined, undefined, FILES['/robots.txt']]);
  });
});

describe('/mcp', () => {
  it('answers the official SDK client, declaring tools.listChanged false', async () => {
    const { base } = await serve();
    const client = new Client({ name: 'serve-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    const result = await client.callTool({ name: 'list_codex_resets', arguments: { limit: 100 } });
    expect((result.content as { text: string }[])[0]!.text).toBe(mini.timeline.text);
    await client.close();
  });

  it('keeps the handler’s own answers: 405 with Allow on GET, 413 past 1 MiB', async () => {
    const { base } = await serve();
    const get = await raw(base, 'GET', '/mcp');
    expect([get.status, get.headers['allow'], get.headers['cache-control']]).toEqual([405, 'POST, OPTIONS', 'no-store']);
    const big = await raw(
      base,
      'POST',
      '/mcp',
      JSON_TYPE,
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(1_100_000)}"}}`,
    );
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body).error.message).toMatch(/^Payload Too Large/);
  });

  it.each(['TRACE', 'PROPFIND', 'PATCH'])(
    'answers %s /mcp with 405, Allow and a JSON-RPC error (TRACE cannot even be a fetch Request)',
    async (method) => {
      const { base } = await serve();
      const res = await raw(base, method, '/mcp');
      expect([res.status, res.headers['allow'], res.headers['cache-control'], res.headers['access-control-allow-origin']]).toEqual([
        405,
        'POST, OPTIONS',
        'no-store',
        '*',
      ]);
      expect(JSON.parse(res.body)).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: `Method Not Allowed: ${method}. This stateless MCP endpoint answers POST only` },
      });
    },
  );

  it('sheds with 503, Retry-After and the /mcp headers when every slot is taken and the queue is full', async () => {
    const held = heldHandler();
    const { base } = await serve({ handler: held.handler, limits: { mcpConcurrency: 1, mcpQueue: 0 } });
    const first = raw(base, 'POST', '/mcp', JSON_TYPE, PING);
    await held.entered;
    const shed = await raw(base, 'POST', '/mcp', JSON_TYPE, PING);
    expect(shed.status).toBe(503);
    expect(shed.headers).toMatchObject({
      'retry-after': '1',
      'access-control-allow-origin': '*',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-type': 'application/json',
    });
    expect(JSON.parse(shed.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Server busy: too many requests in progress; retry after 1 s' },
    });
    // Static files never wait for /mcp.
    expect((await raw(base, 'GET', '/api/v1/forecast.json')).status).toBe(200);
    held.open();
    expect((await first).status).toBe(200);
    expect((await raw(base, 'POST', '/mcp', JSON_TYPE, PING)).status).toBe(200);
  });

  it('queues within the limit, and sheds a request that waited past mcpQueueWaitMs', async () => {
    const held = heldHandler();
    const { base } = await serve({ handler: held.handler, limits: { mcpConcurrency: 1, mcpQueue: 5, mcpQueueWaitMs: 200 } });
    const first = raw(base, 'POST', '/mcp', JSON_TYPE, PING);
    await held.entered;
    const waited = await raw(base, 'POST', '/mcp', JSON_TYPE, PING);
    expect([waited.status, waited.headers['retry-after']]).toEqual([503, '1']);
    const queued = raw(base, 'POST', '/mcp', JSON_TYPE, PING);
    held.open();
    expect((await first).status).toBe(200);
    expect((await queued).status).toBe(200);
  });

  it('sheds a body that would pass the byte budget, and takes the next once it is returned', async () => {
    const { base } = await serve({ limits: { bodyBudgetBytes: 100 } });
    const over = await raw(
      base,
      'POST',
      '/mcp',
      JSON_TYPE,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100) } }),
    );
    expect([over.status, over.headers['retry-after']]).toEqual([503, '1']);
    for (let i = 0; i < 3; i++) expect((await raw(base, 'POST', '/mcp', JSON_TYPE, PING)).status).toBe(200);
  });
});

/** Resolves once the server holds no connection (so the previous client's departure has been handled). */
async function drained(server: Server): Promise<void> {
  await waitFor(async () => (await new Promise<number>((r) => server.getConnections((_e, c) => r(c)))) === 0, {
    describe: 'the server to hold no connection',
  });
}

async function openSocket(base: string): Promise<Socket> {
  const socket = connect(Number(new URL(base).port), '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

describe('hostile clients do not stop it answering others', () => {
  it('a slow-loris trickling its headers is cut off with 408 while a normal request is answered', async () => {
    const { base } = await serve({ limits: { headersTimeoutMs: 300, timeoutCheckIntervalMs: 50 } });
    const slow = await openSocket(base);
    let received = '';
    slow.on('data', (d) => (received += String(d)));
    // Listening before anything else: the server may cut it off while the normal request is on its way.
    const cut = once(slow, 'close');
    slow.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const drip = setInterval(() => slow.writable && slow.write('a'), 50);
    const normal = await raw(base, 'GET', '/');
    expect(normal.status).toBe(200);
    await cut;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a body trickled past requestTimeoutMs is cut off with 408', async () => {
    const { base } = await serve({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 300, timeoutCheckIntervalMs: 50 } });
    const slow = await openSocket(base);
    let received = '';
    slow.on('data', (d) => (received += String(d)));
    const cut = once(slow, 'close');
    // 100,000 bytes announced, one a tick: the body could never complete within the test.
    slow.write('POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n');
    const drip = setInterval(() => slow.writable && slow.write(' '), 50);
    expect((await raw(base, 'GET', '/')).status).toBe(200);
    await cut;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a header block over maxHeaderBytes gets 431, and the next request is answered', async () => {
    const { base } = await serve({ limits: { maxHeaderBytes: 4096 } });
    await expect(raw(base, 'GET', '/', { 'X-Big': 'x'.repeat(8000) })).resolves.toMatchObject({ status: 431 });
    expect((await raw(base, 'GET', '/')).status).toBe(200);
  });

  it('a slow /mcp body does not hold a slot: another /mcp request is answered meanwhile', async () => {
    const { base } = await serve({ limits: { mcpConcurrency: 1, mcpQueue: 0 } });
    const slow = await openSocket(base);
    slow.write(
      `POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${PING.length}\r\n\r\n${PING.slice(0, 5)}`,
    );
    expect((await raw(base, 'POST', '/mcp', JSON_TYPE, PING)).status).toBe(200);
    slow.destroy();
  });

  it('a client that disconnects mid-body, or before reading its answer, leaves the server answering and the budget whole', async () => {
    const { base, server } = await serve({ limits: { bodyBudgetBytes: 100 } });
    const midBody = await openSocket(base);
    midBody.write(`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(90)}`);
    // The server has read the 90 bytes once they hold the budget: a 40-byte ping is then shed with 503.
    await waitFor(async () => (await raw(base, 'POST', '/mcp', JSON_TYPE, PING)).status === 503, {
      describe: 'the half-sent body to hold the budget',
    });
    midBody.destroy();
    const unread = await openSocket(base);
    unread.write(`POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${PING.length}\r\n\r\n${PING}`);
    unread.destroy();
    await drained(server);
    // 90 bytes still held would leave no room for a 40-byte ping under a 100-byte budget.
    const after = await raw(base, 'POST', '/mcp', JSON_TYPE, PING);
    expect([after.status, JSON.parse(after.body)]).toEqual([200, { jsonrpc: '2.0', id: 1, result: {} }]);
    expect((await raw(base, 'GET', '/')).status).toBe(200);
  });

  it('5 MB bodies in parallel, declared and chunked, each get 413 while others are answered', async () => {
    const { base } = await serve();
    const big = Buffer.alloc(5 * 1024 * 1024, 'x');
    const declared = Array.from({ length: 6 }, () => raw(base, 'POST', '/mcp', { ...JSON_TYPE, 'Content-Length': big.length }, big));
    const chunked = Array.from({ length: 2 }, () => raw(base, 'POST', '/mcp', { ...JSON_TYPE, 'Transfer-Encoding': 'chunked' }, big));
    const others = [raw(base, 'GET', '/api/v1/forecast.json'), raw(base, 'POST', '/mcp', JSON_TYPE, PING)];
    for (const res of await Promise.all([...declared, ...chunked])) {
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).error).toEqual({
        code: -32000,
        message: 'Payload Too Large: request body must not exceed 1048576 bytes (1 MiB)',
      });
    }
    expect((await Promise.all(others)).map((r) => r.status)).toEqual([200, 200]);
    expect((await raw(base, 'POST', '/mcp', JSON_TYPE, PING)).status).toBe(200);
  });
});

/** The mini timetable's forecast states for the instants around a call (one, or two when a state ends between them). */
function forecastStates(): string[] {
  const index = JSON.parse(readFileSync(join(ROOT, 'dist', TIMETABLE_DIR, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
  const starts = index.states['forecast']!;
  const now = Math.floor(Date.now() / 1000);
  return [now - 5, now].map((t) =>
    readFileSync(join(ROOT, 'dist', TIMETABLE_DIR, stateFile('forecast', starts[pickState(starts, t)]!)), 'utf8'),
  );
}

describe('startSite: dist/, netlify.toml and the bundled function under a project root', () => {
  const saved = process.env['RESETCAST_API_DIR'];
  let base: string;
  let site: Server;
  beforeAll(async () => {
    await bundleMcpFunction(REPO, join(ROOT, '.netlify/functions-bundled/mcp.mjs'), { apiDir: join(ROOT, 'dist/api/v1') });
    // The mini record's timetable (docs/timetable.md), and the function that serves it, as `npm run build` writes them.
    // The mini site has none of the pages: the timetable of its payloads alone (an index without paths).
    const timetable = computeTimetable(parseDataset(miniTexts(), MINI_NOW), MINI_NOW, SITE.url);
    writeTimetable(join(ROOT, 'dist'), {
      ...timetable,
      outputs: [],
      paths: {},
      templates: {},
      index: { ...timetable.index, paths: {}, templates: {} },
    });
    await bundleTimetableFunction(REPO, join(ROOT, '.netlify/functions-bundled/timetable.mjs'), join(ROOT, 'dist'));
    const started = await startSite({ root: ROOT, port: 0, host: '127.0.0.1', log: () => {} });
    site = started.server;
    base = started.url;
  }, 120_000);
  afterAll(async () => {
    if (saved === undefined) delete process.env['RESETCAST_API_DIR'];
    else process.env['RESETCAST_API_DIR'] = saved;
    site.closeAllConnections();
    await new Promise((r) => site.close(r));
  });

  it('mounts the bundled function at its config.path, answering from dist/api/v1', async () => {
    const res = await raw(
      base,
      'POST',
      '/mcp',
      JSON_TYPE,
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get_reset_forecast","arguments":{}}}',
    );
    expect(res.status).toBe(200);
    // The forecast tool answers from the timetable too: the forecast state for now (docs/timetable.md).
    expect(forecastStates()).toContain(JSON.parse(res.body).result.content.at(-1).text);
    expect((await raw(base, 'GET', '/feed.xml')).body).toBe(FILES['/feed.xml']);
  });

  it('serves the clock payloads through the bundled timetable function: the state for now, and hides the timetable', async () => {
    const index = JSON.parse(readFileSync(join(ROOT, 'dist', TIMETABLE_DIR, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
    const before = Math.floor(Date.now() / 1000);
    const res = await raw(base, 'GET', '/api/v1/outlook.json');
    const after = Math.floor(Date.now() / 1000);
    const starts = index.states['outlook']!;
    const states = new Set(
      [before, after].map((t) =>
        readFileSync(join(ROOT, 'dist', TIMETABLE_DIR, stateFile('outlook', starts[pickState(starts, t)]!)), 'utf8'),
      ),
    );
    expect(res.status).toBe(200);
    expect(states).toContain(res.body);
    expect(res.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', ...EDGE, ...SITE_WIDE });
    expect(res.headers['netlify-cdn-cache-control']).toMatch(/^public, durable, max-age=\d+$/);
    expect((await raw(base, 'GET', `/${TIMETABLE_DIR}/${TIMETABLE_INDEX}`)).status).toBe(404);
  });

  it('says what to do when there is no build', async () => {
    await expect(startSite({ root: mkdtempSync(join(tmpdir(), 'resetcast-empty-')), port: 0 })).rejects.toThrow(
      /dist does not exist: run `npm run build` first/,
    );
  });
});
