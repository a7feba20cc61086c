/**
 * Headers of SPEC §4 rule 1: CORS on, the right content types, and a 5-minute cache.
 * The real local Netlify runtime shows CORS and content types; its static server always answers
 * `max-age=0` (a dev-only override), so the cache rule is read back with Netlify's own headers parser.
 */
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');

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
    const { headers, errors } = await parseAllHeaders({ netlifyConfigPath: 'netlify.toml', headersFiles: [], configHeaders: undefined, minimal: false });
    expect(errors).toEqual([]);
    // Later rules win on Netlify where keys collide; merge in file order.
    const merged: Record<string, string> = {};
    for (const rule of headers as Header[]) if (rule.forRegExp.test(path)) Object.assign(merged, Object.fromEntries(Object.entries(rule.values).map(([k, v]) => [k.toLowerCase(), String(v)])));
    expect(merged).toMatchObject({ 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300', 'content-type': type });
  });
});
