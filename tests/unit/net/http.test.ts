import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes, getJson, requestedDelayMs, sendJson, type HttpError } from '../../../src/net/http.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { USER_AGENT } from '../../../src/core/sources.ts';
import { startServer, type FixtureServer, type Reply } from '../../support/fixture-server.ts';
import { httpDeps, NOW } from '../../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

const OK: Reply = { body: '{"ok":true}' };

/** Generous for the small replies of these tables; the cap itself is tested below. */
const MAX_BYTES = 4_000_000;

async function get(
  replies: Reply[],
  maxBytes = MAX_BYTES,
): Promise<{ result: unknown; error: string | null; sleeps: number[]; count: number }> {
  server = await startServer((_u, n) => replies[Math.min(n, replies.length - 1)]);
  const sleeps: number[] = [];
  try {
    const { body } = await getJson(httpDeps(sleeps), `${server.url}/x`, { maxBytes });
    return { result: body, error: null, sleeps, count: server.requests.length };
  } catch (e) {
    return { result: null, error: (e as Error).message, sleeps, count: server.requests.length };
  }
}

describe('getJson against a real local server', () => {
  it('names the project in the User-Agent and asks for JSON', async () => {
    const r = await get([OK]);
    expect(r.result).toEqual({ ok: true });
    expect(server!.requests[0]!.headers['user-agent']).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Resetcast\/\S+ \(\+https:\/\/\S+\)$/);
    expect(server!.requests[0]!.headers['accept']).toBe('application/json');
  });

  // backoffMs is 10 in httpDeps: waits double per attempt unless the server says how long.
  it.each<[string, Reply[], { ok: boolean; sleeps: number[]; count: number; error?: RegExp }]>([
    ['500, 502, then 200: retried with backoff', [{ status: 500 }, { status: 502 }, OK], { ok: true, sleeps: [10, 20], count: 3 }],
    ['408 then 200', [{ status: 408 }, OK], { ok: true, sleeps: [10], count: 2 }],
    ['429 with Retry-After seconds', [{ status: 429, headers: { 'Retry-After': '3' } }, OK], { ok: true, sleeps: [3000], count: 2 }],
    [
      '429 with Retry-After as an HTTP date',
      [{ status: 429, headers: { 'Retry-After': new Date(NOW.getTime() + 5000).toUTCString() } }, OK],
      { ok: true, sleeps: [5000], count: 2 },
    ],
    [
      '403 with GitHub rate limit exhausted and a reset epoch',
      [{ status: 403, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW.getTime() / 1000 + 7) } }, OK],
      { ok: true, sleeps: [7000], count: 2 },
    ],
    [
      '429 asking for longer than the pull waits',
      [{ status: 429, headers: { 'Retry-After': '120' } }, OK],
      { ok: false, sleeps: [], count: 1, error: /retry after 120 s/ },
    ],
    ['404 is not retried', [{ status: 404 }, OK], { ok: false, sleeps: [], count: 1, error: /^HTTP 404/ }],
    ['500 every time', [{ status: 500 }], { ok: false, sleeps: [10, 20], count: 3, error: /HTTP 500 .*after 3 attempts/ }],
    [
      'a server that never answers is not retried',
      [{ hang: true }],
      { ok: false, sleeps: [], count: 1, error: /no answer within the timeout/ },
    ],
    [
      'a truncated body, then a whole one',
      [{ body: '{"ok":true,"pad":"xxxxxxxxxxxxxxxx"}', truncate: true }, OK],
      { ok: true, sleeps: [10], count: 2 },
    ],
    [
      'a truncated body every time',
      [{ body: '{"ok":true,"pad":"xxxxxxxxxxxxxxxx"}', truncate: true }],
      { ok: false, sleeps: [10, 20], count: 3, error: /cut off/ },
    ],
    ['malformed JSON', [{ body: '{"ok": tru' }], { ok: false, sleeps: [], count: 1, error: /malformed JSON \(10 bytes\)/ }],
  ])('%s', async (_name, replies, want) => {
    const r = await get(replies);
    expect(r.error === null).toBe(want.ok);
    if (want.error) expect(r.error).toMatch(want.error);
    expect(r.sleeps).toEqual(want.sleeps);
    expect(r.count).toBe(want.count);
  });
});

describe('a response body bigger than the source allows', () => {
  const SIXTY_MB = 60_000_000;
  // The server hands over at most what the client reads plus the socket buffers: far below 60 MB when
  // the client stops at 4 MB. (Loopback buffers are a few MB at most.)
  const READ_WELL_BELOW = 30_000_000;

  it.each([
    ['chunked, no Content-Length', false, /^response exceeds 4 MB, cut off$/],
    ['with a Content-Length', true, /^response exceeds 4 MB \(Content-Length: 60 MB\), not read$/],
  ])('60 MB %s: refused with a one-line reason, not retried, not read to the end', async (_label, contentLength, error) => {
    const r = await get([{ stream: { bytes: SIXTY_MB, contentLength } }], 4_000_000);
    expect(r.error).toMatch(error);
    expect(r.count).toBe(1);
    expect(r.sleeps).toEqual([]);
    expect(server!.requests[0]!.sent).toBeGreaterThan(0);
    expect(server!.requests[0]!.sent).toBeLessThan(READ_WELL_BELOW);
  });

  it.each([
    [1000, 1000, true],
    [1001, 1000, false],
  ])('a body of %i bytes under a cap of %i bytes: read %s', async (bytes, cap, ok) => {
    const r = await get([{ stream: { bytes, contentLength: false } }], cap);
    if (ok) expect(r.result).toEqual({ pad: 'x'.repeat(bytes - 10) });
    else expect(r.error).toBe('response exceeds 1000 bytes, cut off');
  });

  it.each([
    [999, '999 bytes'],
    [1_000_000, '1 MB'],
    [1_500_000, '1.5 MB'],
    [4_000_000, '4 MB'],
    [62_914_560, '62.9 MB'],
  ])('formatBytes(%i) = %s', (n, text) => expect(formatBytes(n)).toBe(text));
});

describe('sendJson against a real local server', () => {
  it('POSTs the value as JSON with the project User-Agent, retries a 503 and returns the answer text', async () => {
    server = await startServer((_u, n) => (n === 0 ? { status: 503 } : { status: 200, body: 'ok' }));
    const sleeps: number[] = [];
    const answer = await sendJson(
      httpDeps(sleeps),
      `${server.url}/hook`,
      { text: 'Reset announced' },
      { headers: { Authorization: 'Bearer t' }, maxBytes: 1000 },
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('ok');
    expect(sleeps).toEqual([10]);
    expect(server.requests).toHaveLength(2);
    for (const q of server.requests) {
      expect(q.method).toBe('POST');
      expect(q.body).toBe('{"text":"Reset announced"}');
      expect(q.headers['content-type']).toBe('application/json');
      expect(q.headers['authorization']).toBe('Bearer t');
      expect(q.headers['user-agent']).toBe(USER_AGENT);
    }
  });

  it('caps the answer like any other', async () => {
    server = await startServer(() => ({ stream: { bytes: 60_000_000, contentLength: false } }));
    await expect(sendJson(httpDeps(), `${server.url}/hook`, {}, { maxBytes: 1_000_000 })).rejects.toThrow(
      /^response exceeds 1 MB, cut off$/,
    );
  });
});

describe('sendJson with retryUncertain: false (how outlets send)', () => {
  /** One POST; what it threw (message, status, uncertain) or 'ok', and how many requests the server saw. */
  async function once(
    reply: (n: number) => Reply,
    url?: string,
  ): Promise<{ outcome: string | { message: string; status: number | null; uncertain: boolean }; count: number; sleeps: number[] }> {
    server = await startServer((_u, n) => reply(n));
    const sleeps: number[] = [];
    try {
      await sendJson(httpDeps(sleeps), url ?? `${server.url}/hook`, { text: 'x' }, { maxBytes: 1000, retryUncertain: false });
      return { outcome: 'ok', count: server.requests.length, sleeps };
    } catch (e) {
      const err = e as HttpError;
      return { outcome: { message: err.message, status: err.status, uncertain: err.uncertain }, count: server.requests.length, sleeps };
    }
  }

  it.each<[string, (n: number) => Reply, { message: RegExp; status: number | null }]>([
    ['a 503 (it may have been accepted)', () => ({ status: 503 }), { message: /^HTTP 503 Service Unavailable$/, status: 503 }],
    ['no answer', () => ({ hang: true }), { message: /^no answer within the timeout$/, status: null }],
    ['the connection closed after the request', () => ({ reset: true }), { message: /^fetch failed/, status: null }],
    ['a 200 whose body never ends', () => ({ status: 200, drip: 200 }), { message: /^HTTP 200, then response body cut off/, status: 200 }],
  ])('%s: one request, not retried, thrown as uncertain', async (_name, reply, want) => {
    const r = await once(reply);
    expect(r.count).toBe(1);
    expect(r.sleeps).toEqual([]);
    expect(r.outcome).toEqual({ message: expect.stringMatching(want.message), status: want.status, uncertain: true });
  });

  it('what surely did not arrive is still retried: 408, 429, then 200', async () => {
    const r = await once((n) => [{ status: 408 }, { status: 429, headers: { 'Retry-After': '1' } }, { status: 200, body: 'ok' }][n]!);
    expect([r.outcome, r.count, r.sleeps]).toEqual(['ok', 3, [10, 1000]]);
  });

  it('a connection refused (nothing sent) is retried and, failing, is not uncertain', async () => {
    const r = await once(() => ({ status: 200 }), `http://127.0.0.1:${await freePort()}/hook`);
    expect(r.outcome).toEqual({ message: expect.stringMatching(/ECONNREFUSED.*\(after 3 attempts\)$/), status: null, uncertain: false });
    expect(r.sleeps).toEqual([10, 20]);
  });

  it("describeError: an error answer's body, in the service's words, follows the status; the body of a success is not its business", async () => {
    const describeError = (text: string): string | null => (JSON.parse(text) as { description?: string }).description ?? null;
    server = await startServer((_u, n) =>
      n === 0
        ? { status: 403, body: '{"ok":false,"error_code":403,"description":"bot was kicked from the channel chat"}' }
        : { status: 200, body: '{"ok":true}' },
    );
    const refused = await sendJson(httpDeps(), `${server.url}/hook`, {}, { maxBytes: 1000, retryUncertain: false, describeError }).catch(
      (e: HttpError) => e,
    );
    expect(refused).toMatchObject({ message: 'HTTP 403 Forbidden: bot was kicked from the channel chat', status: 403, uncertain: false });
    const ok = await sendJson(httpDeps(), `${server.url}/hook`, {}, { maxBytes: 1000, retryUncertain: false, describeError });
    expect(ok.text).toBe('{"ok":true}');
    expect(server.requests).toHaveLength(2);
  });
});

describe('requestedDelayMs', () => {
  it.each<[Record<string, string>, number | null]>([
    [{ 'retry-after': '0' }, 0],
    [{ 'retry-after': '12' }, 12_000],
    [{ 'retry-after': 'Fri, 20 Nov 2026 12:00:30 GMT' }, 30_000],
    [{ 'retry-after': 'Fri, 20 Nov 2026 11:00:00 GMT' }, 0], // a date in the past means now
    [{ 'retry-after': 'soon' }, null],
    [{ 'x-rate-limit-reset': String(NOW.getTime() / 1000 + 60) }, 60_000], // X
    [{ 'x-ratelimit-reset': String(NOW.getTime() / 1000 + 2) }, 2_000], // GitHub
    [{}, null],
  ])('%j → %s', (headers, want) => {
    expect(requestedDelayMs(new Headers(headers), NOW)).toBe(want);
  });
});
