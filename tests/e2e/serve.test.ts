/**
 * `npm start`'s local runtime against the real local Netlify runtime, both serving the same build (the one
 * the e2e setup made): every kind of page and file answers with the same status, bytes, media type and
 * CORS/security headers, and /mcp gives an SDK client the same tools and answers. Cache-Control is left
 * out: Netlify's local static server always says max-age=0 (tests/unit/serve/serve.test.ts checks ours).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';
import { PAYLOAD_NAMES } from '../../src/site/api/payloads.ts';
import { describeClients } from '../support/mcp-clients.ts';

const { baseUrl: netlify, runtimeRoot: served } = await e2eRuntime();
const root = resolve(import.meta.dirname, '../..');
/** The folder of the build the Netlify runtime serves (the run's own, never the checkout's dist/). */
let ours = '';
let child: ChildProcess | undefined;

beforeAll(async () => {
  // scripts/serve.ts's own serve(), on the folder the Netlify runtime serves.
  const script = `import { serve } from ${JSON.stringify(join(root, 'scripts/serve.ts'))}; await serve(process.argv[1]);`;
  child = spawn(process.execPath, ['--input-type=module', '-e', script, served], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr?.on('data', (d) => (out += String(d)));
  ours = await new Promise<string>((resolveUrl, reject) => {
    child!.stdout?.on('data', (d) => {
      out += String(d);
      const m = /Resetcast on (http:\/\/\S+?) /.exec(out);
      if (m) resolveUrl(m[1]!);
    });
    child!.on('exit', (code) => reject(new Error(`scripts/serve.ts exited with ${code}:\n${out}`)));
  });
}, 60_000);
afterAll(() => {
  child?.kill('SIGTERM');
});

const COMPARED = [
  'content-type',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'x-content-type-options',
  'referrer-policy',
  'content-security-policy',
  'strict-transport-security',
];
const view = (res: Response): Record<string, string | null> =>
  Object.fromEntries(COMPARED.map((h) => [h, res.headers.get(h)?.toLowerCase() ?? null]));
/**
 * netlify.toml's Content-Type for files whose extension alone says something else. Netlify's local static
 * server keeps its own type for these (application/xml, application/x-sh, application/octet-stream), unlike
 * Netlify's CDN, which applies the rule; the local runtime applies it, as production does.
 */
const TOML_TYPES: Record<string, string> = {
  '/feed.xml': 'application/atom+xml; charset=utf-8',
  '/alerts.xml': 'application/atom+xml; charset=utf-8',
  '/alerts/p24-50.xml': 'application/atom+xml; charset=utf-8',
  '/statusline.sh': 'text/plain; charset=utf-8',
  '/mcp/server-card': 'application/json; charset=utf-8',
};

describe('the same build served by both runtimes', () => {
  it.each([
    '/',
    '/timeline/',
    '/banked/',
    '/methodology/',
    '/developers/',
    '/favicon.svg',
    '/robots.txt',
    ...PAYLOAD_NAMES.map((n) => `/api/v1/${n}.json`),
    '/api/v1/schema/forecast.json',
    '/api/v1/openapi.json',
    '/feed.xml',
    '/alerts.xml',
    '/alerts/p24-50.xml',
    '/calendar.ics',
    '/statusline.sh',
    '/mcp/server-card',
    '/.well-known/mcp/catalog.json',
    '/.well-known/ai-catalog.json',
    '/server.json',
    '/no-such-page',
    '/zh/no-such-page',
    '/ko/a/b/',
    '/es/nope.json',
  ])('%s: same status, bytes and headers', async (path) => {
    const [a, b] = await Promise.all([fetch(`${netlify}${path}`), fetch(`${ours}${path}`)]);
    expect(b.status).toBe(a.status);
    // Both bodies are read at once: a body left unread while the other is consumed can pause undici's parser
    // when its server closes the socket, and Node's bundled undici then fails an internal assert (seen once).
    const [netlifyBody, ourBody] = await Promise.all([a.text(), b.text()]);
    expect(ourBody).toBe(netlifyBody);
    const [netlifyView, ourView] = [view(a), view(b)];
    if (TOML_TYPES[path]) {
      expect(ourView['content-type']).toBe(TOML_TYPES[path]);
      netlifyView['content-type'] = ourView['content-type'] = null;
    }
    expect(ourView).toEqual(netlifyView);
  });
});

describe('a missing address answers 404 in the language of its prefix, on both runtimes', () => {
  it.each([
    ['/nope', 'en', 'Page not found'],
    ['/zh/nope', 'zh-Hans', '找不到页面'],
    ['/ja/timeline/1999/', 'ja', null],
    ['/es/nope', 'es', null],
    ['/ko/nope', 'ko', null],
  ])('%s → 404, <html lang="%s">', async (path, lang, title) => {
    for (const base of [netlify, ours]) {
      const res = await fetch(`${base}${path}`);
      const body = await res.text();
      expect([base, res.status]).toEqual([base, 404]);
      expect(body).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${lang}">`));
      // In its language only: the English title appears in no other locale's page.
      if (lang !== 'en') expect(body).not.toContain('Page not found');
      if (title) expect(body).toContain(`<h1>${title}</h1>`);
    }
  });
});

describe('/mcp on both runtimes', () => {
  const connect = async (base: string): Promise<Client> => {
    const client = new Client({ name: 'parity', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    return client;
  };

  it('the same server, tools and answers to an SDK client', async () => {
    const [a, b] = await Promise.all([connect(netlify), connect(ours)]);
    expect(b.getServerVersion()).toEqual(a.getServerVersion());
    expect(b.getServerCapabilities()).toEqual(a.getServerCapabilities());
    const tools = await b.listTools();
    expect(tools).toEqual(await a.listTools());
    for (const { name } of tools.tools)
      expect(await b.callTool({ name, arguments: {} })).toEqual(await a.callTool({ name, arguments: {} }));
    await Promise.all([a.close(), b.close()]);
  });
});

describe("real clients of both eras against npm start's runtime", () => {
  describeClients(() => ours);
});
