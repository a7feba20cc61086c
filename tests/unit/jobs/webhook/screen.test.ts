/**
 * The webhook's door (src/jobs/webhook/screen.ts, signature.ts, delivery.ts), by tables: the CRC answered
 * as X computes it and refused for a missing or absurd token (never for one that could be a delivery: the
 * signing oracle), every delivery's signature checked (unsigned, forged, another secret, a changed body,
 * a truncated body), oversized bodies refused by their declared length and by their streamed bytes,
 * malformed and stale ones refused, other events and other methods answered, and no answer carrying the
 * secret or the request's words.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import { X_WEBHOOK_PATH } from '../../../../src/core/site.ts';
import { DELIVERY_MAX_BYTES, screen, type Screened } from '../../../../src/jobs/webhook/screen.ts';
import { crcAnswer, signatureMatches, signatureOf } from '../../../../src/jobs/webhook/signature.ts';

const NOW = new Date('2026-11-28T12:00:00Z');
const SECRET = 'consumer-secret-3f9a1c7e5b2d';
const THS = '1450183340366770177';
const HOUR = 3_600_000;
const URL_BASE = 'https://resetcast.example/x/webhook';

/** X's documented computation, written out independently of signature.ts (docs.x.com, "Webhooks" quickstart). */
const xHmac = (message: string, key: string): string => `sha256=${createHmac('sha256', key).update(message, 'utf8').digest('base64')}`;

function delivery(over: { id?: string; type?: string; text?: string; author?: string; users?: unknown } = {}): string {
  const id = over.id ?? postIdAt(new Date(NOW.getTime() - 60_000), 5n);
  return JSON.stringify({
    data: {
      event_uuid: '2080761390344937796',
      filter: { user_id: over.author ?? THS },
      event_type: over.type ?? 'post.create',
      tag: 'resetcast',
      payload: {
        id,
        text: over.text ?? "We've reset Codex rate limits for all Plus and Pro users.",
        author_id: over.author ?? THS,
        lang: 'en',
      },
      includes: { users: over.users ?? [{ id: THS, username: 'thsottiaux', name: 'Tibo' }] },
    },
  });
}

const post = (body: string | Uint8Array<ArrayBuffer>, signature: string | null, headers: Record<string, string> = {}): Request =>
  new Request(URL_BASE, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-twitter-webhooks-signature': signature }),
      ...headers,
    },
  });

const statusOf = (s: Screened): number | 'post' => ('answer' in s ? s.answer.status : 'post');

describe('the CRC', () => {
  it('answers a token with the HMAC-SHA256 of it under the consumer secret, base64, after sha256=', async () => {
    const token = '9b4507b3-9040-4669-9ca3-6b94edb50553';
    const s = await screen(new Request(`${URL_BASE}?crc_token=${token}`), SECRET, NOW);
    expect('answer' in s && s.answer.status).toBe(200);
    if (!('answer' in s)) return;
    expect(JSON.parse(s.answer.body)).toEqual({ response_token: xHmac(token, SECRET) });
    expect(s.answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([
    ['no token', ''],
    ['an empty token', '?crc_token='],
    ['a token of 300 characters', `?crc_token=${'a'.repeat(300)}`],
    ['a token with spaces and quotes', `?crc_token=${encodeURIComponent('a "b" c')}`],
    ['a token with a control character', `?crc_token=${encodeURIComponent('abc\u0000def')}`],
  ])('refuses %s with 400, answering nothing signed', async (_, query) => {
    const s = await screen(new Request(`${URL_BASE}${query}`), SECRET, NOW);
    expect(statusOf(s)).toBe(400);
    expect('answer' in s && s.answer.body).not.toMatch(/sha256=/);
  });

  it('never signs a body: a token that is a delivery is refused, so no CRC answer can be replayed as a signature', async () => {
    const body = delivery();
    expect(crcAnswer(body, SECRET)).toBeNull();
    const s = await screen(new Request(`${URL_BASE}?crc_token=${encodeURIComponent(body)}`), SECRET, NOW);
    expect(statusOf(s)).toBe(400);
  });
});

describe('a delivery', () => {
  it('signed by X, fresh, a post.create: goes on to the intake with the post, its cleaned text and its author', async () => {
    const body = delivery({ text: 'We\u202Ehave reset\u0007 Codex limits' });
    const s = await screen(post(body, xHmac(body, SECRET)), SECRET, NOW);
    expect('post' in s).toBe(true);
    if (!('post' in s)) return;
    expect(s.post).toMatchObject({ kind: 'post', authorId: THS, username: 'thsottiaux' });
    expect(s.post.post.text).toBe('Wehave reset Codex limits');
  });

  it('with no user in its includes: goes on without a username (the intake finds the account by its id)', async () => {
    const body = delivery({ users: [] });
    const s = await screen(post(body, xHmac(body, SECRET)), SECRET, NOW);
    expect('post' in s && s.post.username).toBeNull();
  });

  const body = delivery();
  const good = xHmac(body, SECRET);
  it.each<[string, Request, number]>([
    ['unsigned', post(body, null), 401],
    ['signed with another secret', post(body, xHmac(body, 'another-secret-value')), 401],
    ['a forged signature of the right length', post(body, `sha256=${'A'.repeat(43)}=`), 401],
    ['a signature in hex instead of base64', post(body, `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`), 401],
    ['the signature without its sha256= prefix', post(body, good.slice('sha256='.length)), 401],
    ['a body changed after signing', post(body.replace('Plus', 'Free'), good), 401],
    ['a truncated body (its signature is the whole one)', post(body.slice(0, 80), good), 401],
    ['an oversized body (declared)', post('x', good, { 'content-length': String(DELIVERY_MAX_BYTES + 1) }), 413],
    ['an oversized body (streamed, no length)', post(new Uint8Array(DELIVERY_MAX_BYTES + 10).fill(32), good), 413],
  ])('%s: refused %i before anything reads it', async (_, request, status) => {
    const s = await screen(request, SECRET, NOW);
    expect(statusOf(s)).toBe(status);
    if ('answer' in s) {
      expect(s.answer.body).not.toContain(SECRET);
      expect(s.answer.line).toMatch(/nothing read, nothing sent$/);
    }
  });

  const signedAs = (text: string): Request => post(text, xHmac(text, SECRET));
  it.each<[string, string, number | 'post', RegExp]>([
    ['a truncated body signed as it is', delivery().slice(0, 120), 400, /not JSON/],
    ['a JSON array', '[1,2]', 400, /not a JSON object/],
    ['an envelope with no data', '{"meta":{}}', 400, /data/],
    ['a post.create whose payload is no post', delivery().replace('"author_id"', '"writer"'), 400, /not a post/],
    ['a post id that is no id', delivery({ id: '12ab' }), 400, /id/],
    [
      'a post of 25 hours ago (stale, or replayed)',
      delivery({ id: postIdAt(new Date(NOW.getTime() - 25 * HOUR), 1n) }),
      401,
      /older than 24 h/,
    ],
    ['a post from tomorrow', delivery({ id: postIdAt(new Date(NOW.getTime() + 24 * HOUR), 1n) }), 401, /future/],
    ['a follow event', delivery({ type: 'follow.follow' }), 200, /not a post; ignored/],
    ['a post deleted (any event but post.create)', delivery({ type: 'post.delete' }), 200, /not a post; ignored/],
  ])('%s: %s', async (_, text, status, line) => {
    const s = await screen(signedAs(text), SECRET, NOW);
    expect(statusOf(s)).toBe(status);
    if ('answer' in s) expect(s.answer.line).toMatch(line);
  });

  it('a body that is not UTF-8, signed: 400', async () => {
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const sig = `sha256=${createHmac('sha256', SECRET).update(bytes).digest('base64')}`;
    expect(statusOf(await screen(post(bytes, sig), SECRET, NOW))).toBe(400);
  });

  it.each(['PUT', 'DELETE', 'PATCH'])('%s: 405, GET and POST allowed', async (method) => {
    const s = await screen(new Request(URL_BASE, { method, body: 'x' }), SECRET, NOW);
    expect('answer' in s && [s.answer.status, s.answer.headers['allow']]).toEqual([405, 'GET, POST']);
  });
});

describe('signatureMatches', () => {
  it('is X’s HMAC and nothing else: the right one matches, an empty secret never does', () => {
    const body = new TextEncoder().encode('{"data":{}}');
    expect(signatureMatches(body, signatureOf(body, SECRET), SECRET)).toBe(true);
    expect(signatureMatches(body, xHmac('{"data":{}}', SECRET), SECRET)).toBe(true);
    expect(signatureMatches(body, signatureOf(body, ''), '')).toBe(false);
    expect(signatureMatches(body, null, SECRET)).toBe(false);
  });
});

describe('the function', () => {
  it('listens at X_WEBHOOK_PATH, the path docs/api.md names', async () => {
    const { config } = await import('../../../../netlify/functions/x-webhook.ts');
    expect(config.path).toBe(X_WEBHOOK_PATH);
  });
});
