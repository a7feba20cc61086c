/**
 * The one capped body reader (src/core/capped-body.ts), as its two users hand it bodies: a Request (the
 * /mcp guards) and a Response (the jobs' HTTP client, whose messages tests/unit/net/http.test.ts checks
 * against a real server). The same bytes under the same cap are read or refused the same way for both.
 */
import { describe, expect, it } from 'vitest';
import { readCappedBody, type BodyMessage, type CappedBody } from '../../../src/core/capped-body.ts';
import { MAX_BODY_BYTES } from '../../../src/mcp/endpoint.ts';
import { guardPost } from '../../../src/mcp/guards.ts';

const CHUNK = 100;

/** A stream of `bytes` bytes of 'x' in chunks of CHUNK, counting the chunks read and noting a cancel. */
function counted(bytes: number) {
  const seen = { chunks: 0, cancelled: false };
  let left = bytes;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (left === 0) return controller.close();
        const n = Math.min(CHUNK, left);
        left -= n;
        seen.chunks++;
        controller.enqueue(new Uint8Array(n).fill(0x78));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  ); // no chunk made before one is read
  return { stream, seen };
}

const asRequest = (body: ReadableStream<Uint8Array>, headers: Record<string, string>): BodyMessage =>
  new Request('http://127.0.0.1/mcp', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
const asResponse = (body: ReadableStream<Uint8Array>, headers: Record<string, string>): BodyMessage => new Response(body, { headers });

const summary = (r: CappedBody): string => ('tooLarge' in r ? `too large (${r.tooLarge})` : `${r.bytes.byteLength} bytes`);

describe('readCappedBody', () => {
  it.each([
    ['a Request', asRequest],
    ['a Response', asResponse],
  ])('%s: the cap is read, one byte more is cut off at once, a declared length over the cap is not read', async (_, as) => {
    const cap = 1000;
    const exact = counted(cap);
    const at = await readCappedBody(as(exact.stream, {}), cap);
    expect(summary(at)).toBe('1000 bytes');
    expect('bytes' in at && new TextDecoder().decode(at.bytes)).toBe('x'.repeat(cap));

    // 1001 bytes: refused on the chunk that passes the cap (the 11th of 100 bytes), and the stream cancelled.
    const over = counted(cap + 1);
    expect(summary(await readCappedBody(as(over.stream, {}), cap))).toBe('too large (streamed)');
    expect(over.seen).toEqual({ chunks: 11, cancelled: true });

    // A 60 MB stream stops as early: never more than the cap plus one chunk is held.
    const huge = counted(60_000_000);
    expect(summary(await readCappedBody(as(huge.stream, {}), cap))).toBe('too large (streamed)');
    expect(huge.seen.chunks).toBeLessThanOrEqual(cap / CHUNK + 3); // + the stream's own read-ahead

    const declared = counted(cap + 1);
    expect(await readCappedBody(as(declared.stream, { 'content-length': String(cap + 1) }), cap)).toEqual({
      tooLarge: 'declared',
      declared: cap + 1,
    });
    // Nothing read; the caller decides whether to cancel (the HTTP client does, a server's request is left to it).
    expect(declared.seen).toEqual({ chunks: 0, cancelled: false });
  });

  it('an empty body is zero bytes', async () => {
    expect(summary(await readCappedBody(new Response(null), 10))).toBe('0 bytes');
    expect(summary(await readCappedBody(new Request('http://127.0.0.1/', { method: 'POST' }), 10))).toBe('0 bytes');
  });
});

describe('the /mcp guard reads through it', () => {
  const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
    guardPost(asRequest(body, { 'content-type': 'application/json', ...headers }) as Request);
  const errorOf = async (g: Awaited<ReturnType<typeof guardPost>>) =>
    'response' in g
      ? { status: g.response.status, message: ((await g.response.json()) as { error: { message: string } }).error.message }
      : null;
  const TOO_LARGE = { status: 413, message: 'Payload Too Large: request body must not exceed 1048576 bytes (1 MiB)' };

  it('a streamed body one byte over 1 MiB: 413, the stream cancelled', async () => {
    const over = counted(MAX_BODY_BYTES + 1);
    expect(await errorOf(await post(over.stream))).toEqual(TOO_LARGE);
    expect(over.seen.cancelled).toBe(true);
  });

  it('a declared length over 1 MiB: 413 before reading', async () => {
    const declared = counted(MAX_BODY_BYTES + 1);
    expect(await errorOf(await post(declared.stream, { 'content-length': String(MAX_BODY_BYTES + 1) }))).toEqual(TOO_LARGE);
    expect(declared.seen.chunks).toBe(0);
  });

  it('exactly 1 MiB is read (and then refused as JSON, not for its size)', async () => {
    const exact = counted(MAX_BODY_BYTES);
    expect(await errorOf(await post(exact.stream))).toEqual({
      status: 400,
      message: expect.stringMatching(/^Parse error: request body is not valid JSON/),
    });
    expect(exact.seen.cancelled).toBe(false);
  });
});
