/** A local stand-in for X's API v2 as the pull reads it: one account with a timeline, the others empty. */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
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

/** The made-up ids of the other accounts the pull reads, fixed by name (thsottiaux has his real one). */
export const OTHER_IDS: Readonly<Record<string, string>> = { OpenAIDevs: '100000002', OpenAI: '100000003' };

/** One webhook as X holds it, and one X Activity API subscription. */
export interface XWebhook {
  id: string;
  url: string;
  valid: boolean;
}
export interface XSubscription {
  subscription_id: string;
  event_type: string;
  filter: { user_id: string };
  webhook_id: string;
  tag?: string;
}

export interface XWebhooksStandIn {
  url: string;
  webhooks: XWebhook[];
  subscriptions: XSubscription[];
  /** Every request it was sent, as `METHOD /path`. */
  calls: string[];
  /** X sees `post` created by thsottiaux: a signed delivery to each valid webhook subscribed to him; resolves to their statuses. */
  deliver: (post: Post) => Promise<(number | 'timeout')[]>;
  /** X's hourly CRC of each webhook: one that fails is marked invalid (and gets nothing until it passes again). */
  hourlyCrc: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * X's webhook and X Activity API management as documented (docs.x.com, "Webhooks", "X Activity API",
 * read 2026-11-28), with the app's consumer secret: POST /2/webhooks runs the CRC against the URL first
 * and refuses it (400, X's problem body) when the answer is wrong; GET lists; PUT runs the CRC again;
 * DELETE removes. Subscriptions likewise; the users lookup answers every account, thsottiaux by his id,
 * and his timeline holds `posts()` (as xApi serves it: the watcher reads it too).
 * The bearer token must be `token`; anything else is a 401.
 */
export async function startXWebhooks(secret: string, token: string, posts: () => Post[] = () => []): Promise<XWebhooksStandIn> {
  const webhooks: XWebhook[] = [];
  const subscriptions: XSubscription[] = [];
  const calls: string[] = [];
  let next = 1146654567674912769n;
  const newId = (): string => String(next++);
  const problem = (status: number, detail: string): { status: number; body: unknown } => ({
    status,
    body: { title: 'Invalid Request', detail, type: 'https://api.x.com/2/problems/invalid-request', errors: [{ message: detail }] },
  });
  const route = async (method: string, url: URL, body: string): Promise<{ status: number; body: unknown }> => {
    const path = url.pathname;
    if (path === '/2/users/by')
      return {
        status: 200,
        body: {
          data: (url.searchParams.get('usernames') ?? '')
            .split(',')
            .map((u) => ({ id: u === 'thsottiaux' ? THS : (OTHER_IDS[u] ?? '100000009'), name: u, username: u })),
        },
      };
    const timeline = path.endsWith('/tweets') ? xApi(posts)(url, 0) : undefined;
    if (timeline) return { status: timeline.status ?? 200, body: JSON.parse(timeline.body ?? '{}') };
    if (path === '/2/webhooks' && method === 'GET')
      return { status: 200, body: { data: webhooks, meta: { result_count: webhooks.length } } };
    if (path === '/2/webhooks' && method === 'POST') {
      const { url: target } = JSON.parse(body) as { url: string };
      if (webhooks.some((w) => w.url === target)) return problem(400, 'DuplicateUrlFailed: this URL is already registered');
      if (!(await xCrc(target, secret).catch(() => false))) return problem(400, 'CrcValidationFailed: the webhook did not answer the CRC');
      const hook = { id: newId(), url: target, valid: true, created_at: new Date().toISOString() };
      webhooks.push(hook);
      return { status: 200, body: { data: hook } };
    }
    const hook = /^\/2\/webhooks\/(\d+)$/.exec(path);
    if (hook) {
      const w = webhooks.find((h) => h.id === hook[1]);
      if (!w) return problem(404, 'WebhookIdInvalid: no such webhook');
      if (method === 'PUT') {
        w.valid = await xCrc(w.url, secret).catch(() => false);
        return w.valid
          ? { status: 200, body: { data: { valid: true } } }
          : problem(400, 'CrcValidationFailed: the webhook did not answer the CRC');
      }
      if (method === 'DELETE') {
        webhooks.splice(webhooks.indexOf(w), 1);
        return { status: 200, body: { data: { deleted: true } } };
      }
    }
    if (path === '/2/activity/subscriptions' && method === 'GET')
      return { status: 200, body: { data: subscriptions, meta: { total_subscriptions: subscriptions.length } } };
    if (path === '/2/activity/subscriptions' && method === 'POST') {
      const s = JSON.parse(body) as Omit<XSubscription, 'subscription_id'>;
      if (s.webhook_id && !webhooks.some((w) => w.id === s.webhook_id)) return problem(400, 'no such webhook');
      const sub = { ...s, subscription_id: newId(), created_at: new Date().toISOString() };
      subscriptions.push(sub);
      return { status: 200, body: { data: { subscription: sub }, meta: { total_subscriptions: subscriptions.length } } };
    }
    const sub = /^\/2\/activity\/subscriptions\/(\d+)$/.exec(path);
    if (sub && method === 'DELETE') {
      const i = subscriptions.findIndex((s) => s.subscription_id === sub[1]);
      if (i === -1) return problem(404, 'no such subscription');
      subscriptions.splice(i, 1);
      return { status: 200, body: { data: { deleted: true }, meta: { total_subscriptions: subscriptions.length } } };
    }
    return problem(404, 'no such endpoint');
  };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    calls.push(`${req.method} ${url.pathname}`);
    const answer =
      req.headers.authorization === `Bearer ${token}`
        ? await route(req.method ?? 'GET', url, Buffer.concat(chunks).toString('utf8'))
        : { status: 401, body: { title: 'Unauthorized', detail: 'Unauthorized', status: 401 } };
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    webhooks,
    subscriptions,
    calls,
    deliver: async (post) => {
      const body = xDelivery(post);
      const targets = webhooks.filter((w) => w.valid && subscriptions.some((s) => s.webhook_id === w.id && s.filter.user_id === THS));
      return Promise.all(targets.map((w) => xDeliver(w.url, body, secret)));
    },
    hourlyCrc: async () => {
      for (const w of webhooks) w.valid = await xCrc(w.url, secret).catch(() => false);
    },
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
