/**
 * Headers of SPEC §4 rule 1: CORS on, the right content types, and a 5-minute cache.
 * The real local Netlify runtime shows CORS and content types; its static server always answers
 * `max-age=0` (a dev-only override), so the cache rule is read back with Netlify's own headers parser.
 * And the headers a careful site sends (docs/security.md): a strict Content-Security-Policy with
 * frame-ancestors 'none', HSTS, nosniff and a referrer policy on every kind of page and file, from the
 * Netlify runtime and from `npm start`'s runtime (src/serve/) serving the same build.
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';
import { startSite } from '../../src/serve/server.ts';
import { netlifyHeadersFor } from '../support/netlify-headers.ts';

const { baseUrl, runtimeRoot } = await e2eRuntime();

describe('served by the local Netlify runtime', () => {
  it.each([
    ['/api/v1/forecast.json', /^application\/json; charset=utf-8$/],
    ['/api/v1/timeline.json', /^application\/json; charset=utf-8$/],
    ['/api/v1/signals.json', /^application\/json; charset=utf-8$/],
    ['/api/v1/banked.json', /^application\/json; charset=utf-8$/],
    ['/api/v1/schema/forecast.json', /^application\/json; charset=utf-8$/],
  ])('%s: CORS * and %s', async (path, type) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { Origin: 'https://example.org' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toMatch(type);
    expect(JSON.parse(await res.text())).toBeTypeOf('object');
  });
});

describe('netlify.toml, as Netlify parses it', () => {
  it.each([
    ['/api/v1/forecast.json', 'application/json; charset=utf-8'],
    ['/api/v1/schema/banked.json', 'application/json; charset=utf-8'],
    ['/feed.xml', 'application/atom+xml; charset=utf-8'],
    ['/alerts.xml', 'application/atom+xml; charset=utf-8'],
    ['/alerts/p24-50.xml', 'application/atom+xml; charset=utf-8'],
    ['/api/v1/alerts.json', 'application/json; charset=utf-8'],
    ['/calendar.ics', 'text/calendar; charset=utf-8'],
  ])('%s gets CORS *, Cache-Control public, max-age=300 and %s', async (path, type) => {
    const { errors, merged } = await netlifyHeadersFor(path);
    expect(errors).toEqual([]);
    expect(merged).toMatchObject({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300', 'content-type': type });
  });
});

/** What netlify.toml promises every static answer, written out here rather than read from it. */
const CAREFUL = {
  'content-security-policy':
    "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};
const EVERY_KIND = [
  '/',
  '/zh/',
  '/timeline/',
  '/timeline/2026/',
  '/banked/',
  '/methodology/',
  '/developers/',
  '/no-such-page/',
  '/favicon.svg',
  '/api/v1/forecast.json',
  '/api/v1/badge.json',
  '/feed.xml',
  '/feed.json',
  '/calendar.ics',
  '/alerts.xml',
  '/statusline.sh',
  '/llms.txt',
];

describe('the headers a careful site sends, from both runtimes', () => {
  let local: Server;
  let localUrl = '';
  beforeAll(async () => {
    const started = await startSite({ root: runtimeRoot, port: 0, log: () => {} });
    local = started.server;
    localUrl = started.url;
  }, 60_000);
  afterAll(async () => {
    local?.closeAllConnections();
    await new Promise((r) => local?.close(r));
  });

  it.each(EVERY_KIND)('%s', async (path) => {
    for (const base of [baseUrl, localUrl]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, `${base}${path}`).toBe(path === '/no-such-page/' ? 404 : 200);
      const got = Object.fromEntries(Object.keys(CAREFUL).map((h) => [h, res.headers.get(h)]));
      expect(got, `${base}${path}`).toEqual(CAREFUL);
      await res.arrayBuffer();
    }
  });

  it("every page also carries Astro's <meta> policy naming the hash of each of its inline <style> blocks", async () => {
    const { createHash } = await import('node:crypto');
    for (const path of EVERY_KIND.filter((p) => p.endsWith('/'))) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
      expect(meta, path).toBeDefined();
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles.length, path).toBeGreaterThan(0);
      for (const css of styles) expect(meta, path).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      expect(meta, path).not.toContain('unsafe-inline');
    }
  });
});
