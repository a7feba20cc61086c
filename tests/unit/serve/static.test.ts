import { describe, expect, it } from 'vitest';
import {
  acceptsGzip,
  candidates,
  compressible,
  contentType,
  DEFAULT_CACHE_CONTROL,
  headersFor,
  staticAnswer,
  type HeaderRule,
} from '../../../src/serve/static.ts';

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

// Two rules written here by hand, in the shape Netlify's parser gives (anchored, case-insensitive).
const RULES: HeaderRule[] = [
  { forRegExp: /^\/api\/?(.*)\/?$/iu, values: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' } },
  { forRegExp: /^\/?(.*)\/?$/iu, values: { 'X-Content-Type-Options': 'nosniff' } },
  {
    forRegExp: /^\/api\/(.*)\.json\/?$/iu,
    values: { 'Content-Type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60' },
  },
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
    expect(a.headers).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': DEFAULT_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    });
  });
  it('lets a rule override the type and the cache policy', () => {
    const a = staticAnswer(FILES, RULES, 'GET', '/api/v1/forecast.json');
    expect(a.headers).toEqual({
      'Content-Type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=60',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
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
      'cache-control': 'public, max-age=60',
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'text/html; charset=utf-8',
    });
  });
  it('answers HEAD like GET (the caller sends no body), OPTIONS with 204 and the rules, POST with 405', () => {
    expect(staticAnswer(FILES, RULES, 'HEAD', '/')).toEqual(staticAnswer(FILES, RULES, 'GET', '/'));
    const options = staticAnswer(FILES, RULES, 'OPTIONS', '/api/v1/forecast.json');
    expect([options.status, options.body.length, options.headers['Access-Control-Allow-Origin'], options.headers['Allow']]).toEqual([
      204,
      0,
      '*',
      'GET, HEAD, OPTIONS',
    ]);
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

describe('compressible: text and structured text, never images, fonts or unknown bytes', () => {
  it.each([
    ['text/html; charset=utf-8', true],
    ['text/calendar; charset=utf-8', true],
    ['application/json; charset=utf-8', true],
    ['application/atom+xml; charset=utf-8', true],
    ['application/xml', true],
    ['application/manifest+json', true],
    ['application/problem+json', true],
    ['image/svg+xml', true],
    ['TEXT/PLAIN', true],
    ['image/png', false],
    ['image/webp', false],
    ['font/woff2', false],
    ['application/octet-stream', false],
    ['application/jsonx', false],
    ['', false],
  ])('%j → %s', (type, want) => expect(compressible(type)).toBe(want));
});

describe('acceptsGzip (RFC 9110 §12.5.3; the first five are the RFC’s own examples)', () => {
  it.each<[string | undefined, boolean]>([
    ['compress, gzip', true],
    ['', false],
    ['*', true],
    ['compress;q=0.5, gzip;q=1.0', true],
    ['gzip;q=1.0, identity; q=0.5, *;q=0', true],
    [undefined, false],
    ['gzip, deflate, br, zstd', true],
    ['br', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip; q=0.000', false],
    ['br;q=1, gzip;q=0.001', true],
    ['X-GZIP', true],
    ['*;q=0', false],
    ['br, *;q=0', false],
    ['gzip;q=0, *', false],
    ['deflate, *;q=0.1', true],
  ])('%j → %s', (header, want) => expect(acceptsGzip(header)).toBe(want));
});

describe('staticAnswer with gzip variants', () => {
  // Stand-in variant bytes: staticAnswer only chooses between the forms it is given (load.ts makes the real ones).
  const gzipped = new Map([
    ['/index.html', bytes('gz:home')],
    ['/404.html', bytes('gz:lost')],
    ['/mcp/server-card', bytes('gz:card')],
  ]);
  const gzip = { accept: 'gzip, deflate, br', gzipped };

  it('sends the gzip form with Content-Encoding and Vary to a client that accepts gzip', () => {
    const a = staticAnswer(FILES, RULES, 'GET', '/', gzip);
    expect([a.status, text(a.body)]).toEqual([200, 'gz:home']);
    expect(a.headers).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': DEFAULT_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      'Content-Encoding': 'gzip',
    });
  });
  it.each([undefined, 'identity', 'br', 'gzip;q=0'])('sends the bytes as they are, with Vary, to Accept-Encoding %j', (accept) => {
    const a = staticAnswer(FILES, RULES, 'GET', '/', { accept, gzipped });
    expect([a.status, text(a.body)]).toEqual([200, '<h1>home</h1>']);
    expect(a.headers).toEqual({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': DEFAULT_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
    });
  });
  it('compresses the 404 page too, keeping its status', () => {
    const a = staticAnswer(FILES, RULES, 'GET', '/api/v1/nope.json', gzip);
    expect([a.status, text(a.body), a.headers['Content-Encoding'], a.headers['Vary']]).toEqual([404, 'gz:lost', 'gzip', 'Accept-Encoding']);
  });
  it('leaves a file without a variant as it is, with no Vary', () => {
    expect(staticAnswer(FILES, RULES, 'GET', '/about', gzip)).toEqual(staticAnswer(FILES, RULES, 'GET', '/about'));
  });
  it('never sends a variant under a type that is not compressible', () => {
    // No rule types /mcp/server-card here, so it is application/octet-stream.
    expect(staticAnswer(FILES, RULES, 'GET', '/mcp/server-card', gzip)).toEqual(staticAnswer(FILES, RULES, 'GET', '/mcp/server-card'));
  });
  it('adds Accept-Encoding to a Vary a rule already set', () => {
    const rules = [...RULES, { forRegExp: /^\/?(.*)\/?$/iu, values: { vary: 'Origin' } }];
    expect(staticAnswer(FILES, rules, 'GET', '/', gzip).headers['Vary']).toBe('Origin, Accept-Encoding');
  });
  it('answers HEAD like GET; OPTIONS and 405 carry no encoding', () => {
    expect(staticAnswer(FILES, RULES, 'HEAD', '/', gzip)).toEqual(staticAnswer(FILES, RULES, 'GET', '/', gzip));
    expect(staticAnswer(FILES, RULES, 'OPTIONS', '/', gzip)).toEqual(staticAnswer(FILES, RULES, 'OPTIONS', '/'));
    expect(staticAnswer(FILES, RULES, 'POST', '/', gzip)).toEqual(staticAnswer(FILES, RULES, 'POST', '/'));
  });
});
