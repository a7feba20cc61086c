/**
 * `POST /signals`: the door (src/db/signals-door.ts) called with real Requests over the real local Blobs
 * server behind its failing pass-through (tests/support/blobs.ts), on frozen snapshots with their own
 * clock: each refusal answered before anything it would need is read (405, 503 unconfigured, 401, 415,
 * 413, 422), then 204 written, 200 kept, 503 when the store failed, left it unknown or stalled past the
 * call's deadline, and the stored text checked past the pass-through each time. Then the function itself
 * (netlify/functions/signals.ts), as the platform calls it, for what does not depend on the clock: its
 * path, its refusals, its one line when unconfigured, its lines redacted.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNALS_PATH } from '../../../src/core/site.ts';
import { SIGNALS_KEY, SIGNALS_STORE, SNAPSHOT_MAX_BYTES } from '../../../src/core/signals/snapshot.ts';
import { storedText } from '../../../src/db/signal-snapshot-store.ts';
import { answerSignals, type SignalsDoor } from '../../../src/db/signals-door.ts';
import { BLOBS_TOKEN, type BlobFault, type BlobRequest, startBlobs, type LocalBlobs } from '../../support/blobs.ts';
import { SNAPSHOT_NOW, SNAPSHOT_SECRET, snapshot } from '../../support/signal-snapshot.ts';

const TOKEN = 'signalsTokenS3cret-0123456789abcdef';
const URL_ = `https://resetcast.example${SIGNALS_PATH}`;
const OLDER = snapshot('2026-06-01T11:07:00Z');
const NEWER = snapshot('2026-06-01T11:37:00Z');

let open: LocalBlobs[] = [];
afterEach(async () => {
  await Promise.all(open.map((b) => b.close()));
  open = [];
});

async function blobs(stored?: string): Promise<LocalBlobs> {
  const b = await startBlobs();
  open.push(b);
  if (stored !== undefined) await b.poke(SIGNALS_STORE, SIGNALS_KEY, stored);
  return b;
}

function door(b: LocalBlobs, o: Partial<SignalsDoor> = {}): SignalsDoor {
  return {
    token: TOKEN,
    store: b.store(SIGNALS_STORE, { timeoutMs: 300 }),
    now: () => SNAPSHOT_NOW,
    secrets: [TOKEN, SNAPSHOT_SECRET],
    deadlineMs: 2_000,
    ...o,
  };
}

/** A handover as the pull's curl makes it; `init` changes any part. */
function post(body: BodyInit | null, init: { headers?: Record<string, string>; method?: string } = {}): Request {
  const headers = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json', ...init.headers };
  for (const [k, v] of Object.entries(headers)) if (v === '') delete headers[k as keyof typeof headers];
  return new Request(URL_, { method: init.method ?? 'POST', headers, body, duplex: 'half' } as RequestInit);
}
const json = (s: unknown): string => JSON.stringify(s);

describe('the door refuses before it reads what it would need', () => {
  it.each([
    ['GET', post(null, { method: 'GET' }), 405, 'POST only'],
    ['PUT', post(json(NEWER), { method: 'PUT' }), 405, 'POST only'],
    ['no token', post(json(NEWER), { headers: { authorization: '' } }), 401, 'no bearer token'],
    ['a wrong token', post(json(NEWER), { headers: { authorization: 'Bearer wrong' } }), 401, 'the token does not match'],
    [
      'the token with one more character',
      post(json(NEWER), { headers: { authorization: `Bearer ${TOKEN}x` } }),
      401,
      'the token does not match',
    ],
    [
      'the token under another scheme',
      post(json(NEWER), { headers: { authorization: `token ${TOKEN}` } }),
      401,
      'the token does not match',
    ],
    [
      'no content type',
      post(new Uint8Array(Buffer.from(json(NEWER))), { headers: { 'content-type': '' } }),
      415,
      'the body must be application/json',
    ],
    [
      'a form',
      post(json(NEWER), { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      415,
      'the body must be application/json',
    ],
    [
      'too large, declared',
      post('x'.repeat(SNAPSHOT_MAX_BYTES + 1), { headers: { 'content-length': String(SNAPSHOT_MAX_BYTES + 1) } }),
      413,
      `a snapshot is at most ${SNAPSHOT_MAX_BYTES} bytes`,
    ],
    [
      'too large, streamed without a length',
      post(new Blob(['x'.repeat(SNAPSHOT_MAX_BYTES + 1)]).stream()),
      413,
      `a snapshot is at most ${SNAPSHOT_MAX_BYTES} bytes`,
    ],
    ['not UTF-8', post(new Uint8Array([0x7b, 0xff, 0x7d])), 422, 'the body is not UTF-8'],
  ])('%s: %i, the store not asked', async (_, request, status, body) => {
    const b = await blobs(storedText(OLDER));
    const asked = b.requests.length;
    const { response, line } = await answerSignals(request, door(b));
    expect([response.status, (await response.text()).trim()]).toEqual([status, body]);
    expect(line).toBe(`❌ ${status}: ${body}`);
    expect(b.requests.length).toBe(asked);
    if (status === 405) expect(response.headers.get('allow')).toBe('POST');
    if (status === 401) expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('no token configured: 503 for everyone, the variable named in the line only', async () => {
    const b = await blobs();
    const { response, line } = await answerSignals(post(json(NEWER)), door(b, { token: undefined }));
    expect([response.status, (await response.text()).trim()]).toEqual([503, 'not configured']);
    expect(line).toMatch(/^❌ 503: RESETCAST_SIGNALS_TOKEN is not set/);
    expect(b.requests).toEqual([]);
  });

  it.each([
    ['not JSON', '{"fetched_at":', /^the snapshot is not JSON$/],
    [
      'a check from the future',
      json(snapshot('2026-06-01T13:00:00Z')),
      /^fetched_at 2026-06-01T13:00:00Z is more than 5 minutes after the clock/,
    ],
    [
      'our own token in it',
      json(snapshot(undefined, (s) => (s.status.components[0]!.name = TOKEN))),
      /^status\.components\[0\]\.name holds a secret; nothing kept$/,
    ],
  ])('refused by the boundary (%s): 422 with the why, the store byte-identical and unasked', async (_, body, why) => {
    const before = `${storedText(OLDER)} `;
    const b = await blobs(before);
    const asked = b.requests.length;
    const { response, line } = await answerSignals(post(body), door(b));
    const text = await response.text();
    expect(response.status).toBe(422);
    expect(text.trim()).toMatch(why);
    expect(`${text}${line}`).not.toContain(TOKEN);
    expect(b.requests.length).toBe(asked);
    expect(await b.peek(SIGNALS_STORE, SIGNALS_KEY)).toBe(before);
  });
});

describe('the door keeps the newer check', () => {
  it('nothing stored: 204, stored', async () => {
    const b = await blobs();
    const { response, line } = await answerSignals(
      post(json(NEWER), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
      door(b),
    );
    expect([response.status, await response.text()]).toEqual([204, '']);
    expect(line).toBe('✅ 204: stored');
    expect(await b.peek(SIGNALS_STORE, SIGNALS_KEY)).toBe(storedText(NEWER));
  });

  it('an older check stored: 204, replaced', async () => {
    const b = await blobs(storedText(OLDER));
    expect((await answerSignals(post(json(NEWER)), door(b))).response.status).toBe(204);
    expect(await b.peek(SIGNALS_STORE, SIGNALS_KEY)).toBe(storedText(NEWER));
  });

  it.each([
    ['an older check', OLDER],
    ['the same check', NEWER],
  ])('%s than the stored one: 200 with one line, the stored one kept', async (_, given) => {
    const b = await blobs(storedText(NEWER));
    const { response } = await answerSignals(post(json(given)), door(b));
    expect([response.status, await response.text()]).toEqual([200, 'kept: the stored snapshot is as new or newer\n']);
    expect(await b.peek(SIGNALS_STORE, SIGNALS_KEY)).toBe(storedText(NEWER));
  });
});

describe('the door when the store fails: 503, worded, no credential', () => {
  it.each<[string, (r: BlobRequest) => BlobFault | undefined, RegExp]>([
    ['down', () => ({ status: 503 }), /^the store failed: Netlify Blobs store resetcast-signals: read latest: HTTP 503$/],
    ['hung past its request limit', () => ({ hang: true }), /^the store failed: .*read latest: no answer within 0\.3 s$/],
    [
      'answering a write unclearly',
      (r) => (r.method === 'PUT' ? { status: 500 } : undefined),
      /^not known to be stored: .*write latest: HTTP 500; not written$/,
    ],
  ])('%s', async (_, fault, words) => {
    const b = await blobs(storedText(OLDER));
    b.fault(fault);
    const { response, line } = await answerSignals(post(json(NEWER)), door(b));
    const text = (await response.text()).trim();
    expect(response.status).toBe(503);
    expect(text).toMatch(words);
    expect(line).toBe(`❌ 503: ${text}`);
    expect(`${text}${line}`).not.toContain(BLOBS_TOKEN);
    b.fault(null);
    expect(await b.peek(SIGNALS_STORE, SIGNALS_KEY)).toBe(storedText(OLDER));
  });

  it('a caller that never finishes its body: 503 at the call’s deadline, nothing asked of the store', async () => {
    const b = await blobs();
    const stalled = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"fetched_at":')) });
    const { response } = await answerSignals(post(stalled), door(b, { deadlineMs: 200 }));
    expect([response.status, (await response.text()).trim()]).toEqual([503, 'no answer within 0.2 s']);
    expect(b.requests).toEqual([]);
  });

  it('a store that stalls longer than the call may wait: 503 at the call’s deadline', async () => {
    const b = await blobs();
    b.fault(() => ({ hang: true }));
    const { response } = await answerSignals(
      post(json(NEWER)),
      door(b, { store: b.store(SIGNALS_STORE, { timeoutMs: 60_000 }), deadlineMs: 200 }),
    );
    expect([response.status, (await response.text()).trim()]).toEqual([503, 'no answer within 0.2 s']);
  });
});

describe('netlify/functions/signals.ts, as the platform calls it', () => {
  /** The function with `env` added to the process's environment: its answer and what it logged. */
  async function call(request: Request, env: Record<string, string | undefined>): Promise<{ status: number; body: string; out: string[] }> {
    const saved = { ...process.env };
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    const out: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void out.push(a.join(' ')));
    try {
      const fn = (await import('../../../netlify/functions/signals.ts')).default;
      const response = await fn(request);
      return { status: response.status, body: (await response.text()).trim(), out };
    } finally {
      spy.mockRestore();
      process.env = saved;
    }
  }

  it('listens at SIGNALS_PATH, the path docs/api.md names', async () => {
    const { config } = await import('../../../netlify/functions/signals.ts');
    expect(config.path).toBe(SIGNALS_PATH);
  });

  it('without its token: 503 every time, said once per instance', async () => {
    const b = await blobs();
    const env = { RESETCAST_SIGNALS_TOKEN: undefined, NETLIFY_BLOBS_CONTEXT: b.context() };
    const first = await call(post(json(NEWER)), env);
    const second = await call(post(json(NEWER)), env);
    expect([first.status, second.status]).toEqual([503, 503]);
    expect(first.out).toEqual([expect.stringMatching(/^\[signals\] ❌ 503: RESETCAST_SIGNALS_TOKEN is not set; nothing read/)]);
    expect(second.out).toEqual([]);
  });

  it.each([
    ['a GET', post(null, { method: 'GET' }), 405, 'POST only'],
    ['a wrong token', post(json(NEWER), { headers: { authorization: 'Bearer wrong' } }), 401, 'the token does not match'],
    ['a body that is not JSON', post('{"fetched_at":'), 422, 'the snapshot is not JSON'],
  ])('%s: %i, one line logged', async (_, request, status, body) => {
    const b = await blobs();
    const got = await call(request, { RESETCAST_SIGNALS_TOKEN: TOKEN, NETLIFY_BLOBS_CONTEXT: b.context() });
    expect([got.status, got.body]).toEqual([status, body]);
    expect(got.out).toEqual([expect.stringMatching(new RegExp(`^\\[signals\\] ❌ ${status}: ${body} \\(\\d+ ms\\)$`))]);
  });

  it('a snapshot holding its own token: 422, and neither the answer nor the line shows the token', async () => {
    const b = await blobs();
    const got = await call(post(json(snapshot(undefined, (s) => (s.status.components[0]!.name = TOKEN)))), {
      RESETCAST_SIGNALS_TOKEN: TOKEN,
      NETLIFY_BLOBS_CONTEXT: b.context(),
    });
    expect([got.status, got.body]).toEqual([422, 'status.components[0].name holds a secret; nothing kept']);
    expect(got.out).toHaveLength(1);
    expect(got.out.join('\n')).not.toContain(TOKEN);
  });
});
