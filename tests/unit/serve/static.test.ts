import { describe, expect, it } from 'vitest';
import { candidates, contentType, DEFAULT_CACHE_CONTROL, headersFor, staticAnswer, type HeaderRule } from '../../../src/serve/static.ts';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

// Two rules written here by hand, in the shape Netlify's parser gives (anchored, case-insensitive).
const RULES: HeaderRule[] = [
  { forRegExp: /^\/api\/?(.*)\/?$/iu, values: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' } },
  { forRegExp: /^\/?(.*)\/?$/iu, values: { 'X-Content-Type-Options': 'nosniff' } },
  { forRegExp: /^\/api\/(.*)\.json\/?$/iu, values: { 'Content-Type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60' } },
];
const FILES = new Map([
  ['/index.html', bytes('<h1>home</h1>')],
  ['/404.html', bytes('<h1>lost</h1>')],
  ['/timeline/index.html', bytes('<h1>timeline</h1>')],
  ['/about.html', bytes('<h1>about</h1>')],
  ['/api/v1/forecast.json', bytes('{"p24":1}')],
  ['/mcp/server-card', bytes('{}')],
]);

describe('candidates: the files a path may name, as Netlify’s local runtime tries them', () => {
  it.each([
    ['/', ['/index.html']],
    ['/timeline/', ['/timeline.html', '/timeline/index.html']],
    ['/timeline', ['/timeline', '/timeline.html', '/timeline/index.html']],
    ['/api/v1/forecast.json', ['/api/v1/forecast.json', '/api/v1/forecast.json.html', '/api/v1/forecast.json/index.html']],
    ['/favicon.svg', ['/favicon.svg']],
  ])('%s → %j', (path, want) => expect(candidates(path)).toEqual(want));
});

describe('contentType', () => {
  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/api/v1/forecast.json', 'application/json; charset=utf-8'],
    ['/favicon.svg', 'image/svg+xml'],
    ['/robots.txt', 'text/plain; charset=utf-8'],
    ['/calendar.ics', 'text/calendar; charset=utf-8'],
    ['/mcp/server-card', 'application/octet-stream'],
    ['/.well-known/x', 'application/octet-stream'],
  ])('%s → %s', (path, want) => expect(contentType(path)).toBe(want));
});

describe('headersFor', () => {
  it('merges every matching rule in order; a later rule wins a name, whatever its case', () => {
    expect(headersFor(RULES, '/api/v1/forecast.json')).toEqual({
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=60',
    });
    expect(headersFor(RULES, '/')).toEqual({ 'X-Content-Type-Options': 'nosniff' });
  });
});

describe('staticAnswer', () => {
  it('serves a file with its type, the default cache policy and the rules', () => {
    const a = staticAnswer(FILES, RULES, 'GET', '/');
    expect(a.status).toBe(200);
    expect(text(a.body)).toBe('<h1>home</h1>');
    expect(a.headers).toEqual({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': DEFAULT_CACHE_CONTROL, 'X-Content-Type-Options': 'nosniff' });
  });
  it('lets a rule override the type and the cache policy', () => {
    const a = staticAnswer(FILES, RULES, 'GET', '/api/v1/forecast.json');
    expect(a.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff',
    });
  });
  it.each([
    ['/timeline', '<h1>timeline</h1>'],
    ['/timeline/', '<h1>timeline</h1>'],
    ['/about', '<h1>about</h1>'],
    ['/about/', '<h1>about</h1>'],
    ['/%74imeline/', '<h1>timeline</h1>'],
  ])('finds %s', (path, body) => {
    const a = staticAnswer(FILES, RULES, 'GET', path);
    expect([a.status, text(a.body)]).toEqual([200, body]);
  });
  it.each(['/nope', '/api/v1/nope.json', '/../index.html', '/%2e%2e/index.html'])('answers %s with the 404 page, typed as HTML', (path) => {
    const a = staticAnswer(FILES, RULES, 'GET', path);
    expect([a.status, text(a.body), a.headers['Content-Type']]).toEqual([404, '<h1>lost</h1>', 'text/html; charset=utf-8']);
    expect(Object.keys(a.headers).filter((k) => k.toLowerCase() === 'content-type')).toHaveLength(1);
  });
  it('gives the 404 page the other headers of its path', () => {
    expect(staticAnswer(FILES, RULES, 'GET', '/api/v1/nope.json').headers).toEqual({
      'cache-control': 'public, max-age=60', 'Access-Control-Allow-Origin': '*', 'X-Content-Type-Options': 'nosniff', 'Content-Type': 'text/html; charset=utf-8',
    });
  });
  it('answers HEAD like GET (the caller sends no body), OPTIONS with 204 and the rules, POST with 405', () => {
    expect(staticAnswer(FILES, RULES, 'HEAD', '/')).toEqual(staticAnswer(FILES, RULES, 'GET', '/'));
    const options = staticAnswer(FILES, RULES, 'OPTIONS', '/api/v1/forecast.json');
    expect([options.status, options.body.length, options.headers['Access-Control-Allow-Origin'], options.headers['Allow']]).toEqual([204, 0, '*', 'GET, HEAD, OPTIONS']);
    const post = staticAnswer(FILES, RULES, 'POST', '/');
    expect([post.status, post.headers['Allow'], post.body.length]).toEqual([405, 'GET, HEAD, OPTIONS', 0]);
  });
  it.each(['/%E0%A4%A', '/index.html%00'])('refuses %s (undecodable, or a NUL) with 400', (path) => {
    expect(staticAnswer(FILES, RULES, 'GET', path).status).toBe(400);
  });
  it('without a 404.html still answers 404', () => {
    const a = staticAnswer(new Map(), RULES, 'GET', '/x');
    expect([a.status, text(a.body)]).toEqual([404, 'Not Found\n']);
  });
});
