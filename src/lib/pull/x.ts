/**
 * X adapter: reads new posts of the configured accounts (API v2 `GET /2/users/:id/tweets`, since_id
 * paging). Without a bearer token it is skipped, not failed. User ids are looked up once and kept.
 */
import { z } from 'zod';
import type { PullStateFile } from '../schema.ts';
import { SOURCES } from '../sources.ts';
import { getJson, type HttpDeps } from './http.ts';
import { parseOrThrow } from './parse.ts';

export interface Post {
  id: string;
  text: string;
  username: string;
}

export type XState = PullStateFile['x'];

const UsersDoc = z.object({
  data: z.array(z.object({ id: z.string().regex(/^\d+$/), username: z.string() })).optional(),
  errors: z.array(z.object({ detail: z.string().optional(), value: z.string().optional() })).optional(),
});

const TweetsDoc = z.object({
  data: z.array(z.object({ id: z.string().regex(/^\d{1,20}$/), text: z.string() })).optional(),
  meta: z.object({ result_count: z.int().nonnegative(), newest_id: z.string().optional(), next_token: z.string().optional() }),
});

const newer = (a: string | null, b: string | undefined): string | null =>
  b === undefined ? a : a === null || BigInt(b) > BigInt(a) ? b : a;

async function lookUpUsers(http: HttpDeps, base: string, headers: Record<string, string>, names: string[]): Promise<Map<string, string>> {
  const url = new URL('/2/users/by', base);
  url.search = new URLSearchParams({ usernames: names.join(',') }).toString();
  const doc = parseOrThrow(UsersDoc, (await getJson(http, url.toString(), { headers, maxBytes: SOURCES.x.maxBytes })).body, 'X users lookup');
  const ids = new Map((doc.data ?? []).map((u) => [u.username.toLowerCase(), u.id]));
  const missing = names.filter((n) => !ids.has(n.toLowerCase()));
  if (missing.length > 0) throw new Error(`X users lookup: no user ${missing.join(', ')}`);
  return ids;
}

async function readTimeline(http: HttpDeps, base: string, headers: Record<string, string>, userId: string, sinceId: string | null): Promise<{ posts: { id: string; text: string }[]; newest: string | null }> {
  const posts: { id: string; text: string }[] = [];
  let newest = sinceId;
  let token: string | undefined;
  const pages = sinceId === null ? 1 : SOURCES.x.maxPages;
  for (let page = 0; page < pages; page++) {
    const url = new URL(`/2/users/${userId}/tweets`, base);
    const params = new URLSearchParams({ max_results: String(SOURCES.x.pageSize), 'tweet.fields': 'created_at', exclude: 'retweets' });
    if (sinceId) params.set('since_id', sinceId);
    if (token) params.set('pagination_token', token);
    url.search = params.toString();
    const doc = parseOrThrow(TweetsDoc, (await getJson(http, url.toString(), { headers, maxBytes: SOURCES.x.maxBytes })).body, `X posts of user ${userId}`);
    posts.push(...(doc.data ?? []));
    newest = newer(newest, doc.meta.newest_id);
    token = doc.meta.next_token;
    if (!token) break;
  }
  return { posts, newest };
}

/** New posts of every account since the stored since_id, and the state to store after them. */
export async function pullPosts(http: HttpDeps, base: string, token: string, state: XState): Promise<{ posts: Post[]; state: XState }> {
  const headers = { Authorization: `Bearer ${token}` };
  const accounts = SOURCES.x.accounts as readonly string[];
  const unknown = accounts.filter((a) => !state[a]);
  const ids = unknown.length > 0 ? await lookUpUsers(http, base, headers, unknown) : new Map<string, string>();
  const next: XState = { ...state };
  const posts: Post[] = [];
  for (const username of accounts) {
    const userId = state[username]?.user_id ?? ids.get(username.toLowerCase())!;
    const { posts: found, newest } = await readTimeline(http, base, headers, userId, state[username]?.since_id ?? null);
    posts.push(...found.map((p) => ({ ...p, username })));
    next[username] = { user_id: userId, since_id: newest };
  }
  return { posts, state: Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b))) };
}
