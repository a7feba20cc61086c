/** A local stand-in for X's API v2 as the pull reads it: one account with a timeline, the others empty. */
import { createHmac, randomUUID } from 'node:crypto';
import type { Reply } from './fixture-server.ts';

/** thsottiaux's real user id: the one account whose timeline the stand-in serves. */
export const THS = '1450183340366770177';

export type Post = { id: string; text: string };
/**
 * X: one user, whose timeline holds `posts()` (answered after since_id, as X does); `fail` replaces an
 * answer; `newestId: false` leaves out meta.newest_id, which X does not always send.
 */
export function xApi(posts: () => Post[], fail?: (n: number, url: URL) => Reply | undefined, newestId = true) {
  return (url: URL, n: number): Reply | undefined => {
    // Every account the pull reads (thsottiaux with its real id, the others made up): the pull looks up all three.
    if (url.pathname === '/2/users/by')
      return {
        body: JSON.stringify({
          data: (url.searchParams.get('usernames') ?? '')
            .split(',')
            .map((u, i) => ({ id: u === 'thsottiaux' ? THS : `10000000${i}`, name: u, username: u })),
        }),
      };
    if (url.pathname === `/2/users/${THS}/tweets`) {
      const f = fail?.(n, url);
      if (f) return f;
      const since = BigInt(url.searchParams.get('since_id') ?? '0');
      const data = posts()
        .filter((p) => BigInt(p.id) > since)
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
      return {
        body: JSON.stringify(
          data.length
            ? { data, meta: { result_count: data.length, ...(newestId ? { newest_id: data[0]!.id } : {}) } }
            : { meta: { result_count: 0 } },
        ),
      };
    }
    if (url.pathname.startsWith('/2/users/')) return { body: JSON.stringify({ meta: { result_count: 0 } }) };
    return undefined;
  };
}

/**
 * X's side of the webhook (docs.x.com, "Webhooks" and "X Activity API event payloads", read 2026-11-28):
 * the `post.create` delivery of a post by thsottiaux as X sends it (the envelope, the Post object, the
 * author in `includes.users`), signed as X signs it (`x-twitter-webhooks-signature: sha256=<base64
 * HMAC-SHA256 of the body under the consumer secret>`), and the CRC X runs against a webhook URL.
 * Written from the docs, independently of src/jobs/webhook/, so a test compares the two.
 */
export function xDelivery(post: Post, o: { userId?: string; username?: string | null; eventType?: string } = {}): string {
  const userId = o.userId ?? THS;
  return JSON.stringify({
    data: {
      event_uuid: `${BigInt(post.id) + 7n}`,
      filter: { user_id: userId },
      event_type: o.eventType ?? 'post.create',
      tag: 'resetcast',
      payload: {
        public_metrics: { retweet_count: 0, reply_count: 0, like_count: 0, quote_count: 0 },
        lang: 'en',
        created_at: new Date(Number((BigInt(post.id) >> 22n) + 1288834974657n)).toISOString(),
        author_id: userId,
        id: post.id,
        edit_history_tweet_ids: [post.id],
        conversation_id: post.id,
        text: post.text,
      },
      includes:
        o.username === null ? {} : { users: [{ id: userId, name: o.username ?? 'thsottiaux', username: o.username ?? 'thsottiaux' }] },
    },
  });
}

/** X's signature header of a body under the app's consumer secret. */
export const xSignature = (body: string, secret: string): string =>
  `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('base64')}`;

/** X POSTs a signed delivery to the webhook; resolves to its status (or 'timeout' when X gives up waiting, as after 10 s). */
export async function xDeliver(url: string, body: string, secret: string, timeoutMs = 10_000): Promise<number | 'timeout'> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': xSignature(body, secret) },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.text();
    return res.status;
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') return 'timeout';
    throw e;
  }
}

/** X's CRC against a webhook URL: a fresh token, and whether the answer is the one X expects (200, JSON, response_token). */
export async function xCrc(url: string, secret: string): Promise<boolean> {
  const token = randomUUID();
  const u = new URL(url);
  u.searchParams.set('crc_token', token);
  const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  try {
    return res.status === 200 && (JSON.parse(text) as { response_token?: string }).response_token === xSignature(token, secret);
  } catch {
    return false;
  }
}
