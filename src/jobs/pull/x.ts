/**
 * X adapter: reads new posts of the configured accounts (API v2 `GET /2/users/:id/tweets`, since_id
 * paging). Without a bearer token it is skipped, not failed. User ids are looked up once and kept.
 */
import { z } from 'zod';
import type { PullStateFile } from '../../core/schema/index.ts';
import { laterPostId, postIdProblem, postIdToDate } from '../../core/postid.ts';
import { cleanText } from '../../core/sanitize.ts';
import { SOURCES } from '../../core/sources.ts';
import { CLOCK_SKEW_MS } from '../../core/time.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';
import { DriftError, parseOrThrow } from './parse.ts';

export interface Post {
  id: string;
  text: string;
  username: string;
}

export type XState = PullStateFile['x'];

const UsersDoc = z.object({
  data: z.array(z.object({ id: z.string(), username: z.string() })).optional(),
  errors: z.array(z.object({ detail: z.string().optional(), value: z.string().optional() })).optional(),
});

const TweetsDoc = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
  meta: z.object({ result_count: z.int().nonnegative(), newest_id: z.string().optional(), next_token: z.string().optional() }),
});

/** An id from X, checked before it is used or stored: a bad one fails this source with one line (state kept). */
function plausibleId(id: string, latest: Date | null, what: string): string {
  const problem = postIdProblem(id, latest);
  if (problem) throw new DriftError(`${what}: ${problem}`);
  return id;
}

export async function lookUpUsers(http: HttpDeps, base: string, headers: Record<string, string>, names: string[]): Promise<Map<string, string>> {
  const url = new URL('/2/users/by', base);
  url.search = new URLSearchParams({ usernames: names.join(',') }).toString();
  const doc = parseOrThrow(UsersDoc, (await getJson(http, url.toString(), { headers, maxBytes: SOURCES.x.maxBytes })).body, 'X users lookup');
  const ids = new Map((doc.data ?? []).map((u) => [u.username.toLowerCase(), plausibleId(u.id, null, 'X users lookup: user id')]));
  const missing = names.filter((n) => !ids.has(n.toLowerCase()));
  if (missing.length > 0) throw new Error(`X users lookup: no user ${missing.join(', ')}`);
  return ids;
}

/**
 * One account's new posts since `sinceId`, and where the next read starts. A post dated after `now`
 * (its id decodes to its time) is not returned now, and `newest` stops before it, so the next pull
 * reads it again once its time has come (docs/pull.md): the cursor never moves past a skipped post.
 */
async function readTimeline(http: HttpDeps, base: string, headers: Record<string, string>, userId: string, sinceId: string | null, now: Date): Promise<{ posts: { id: string; text: string }[]; newest: string | null; deferred: number }> {
  const posts: { id: string; text: string }[] = [];
  const latest = new Date(now.getTime() + CLOCK_SKEW_MS);
  let newest = sinceId;
  let deferred = 0;
  let token: string | undefined;
  const pages = sinceId === null ? 1 : SOURCES.x.maxPages;
  for (let page = 0; page < pages; page++) {
    const url = new URL(`/2/users/${userId}/tweets`, base);
    const params = new URLSearchParams({ max_results: String(SOURCES.x.pageSize), 'tweet.fields': 'created_at', exclude: 'retweets' });
    if (sinceId) params.set('since_id', sinceId);
    if (token) params.set('pagination_token', token);
    url.search = params.toString();
    const what = `X posts of user ${userId}`;
    const doc = parseOrThrow(TweetsDoc, (await getJson(http, url.toString(), { headers, maxBytes: SOURCES.x.maxBytes })).body, what);
    const answered = (doc.data ?? []).map((p) => ({ id: plausibleId(p.id, null, `${what}: post id`), text: cleanText(p.text, 'postText', { multiline: true }) }));
    const due = answered.filter((p) => postIdToDate(p.id) <= now);
    deferred += answered.length - due.length;
    posts.push(...due);
    const reported = doc.meta.newest_id === undefined ? undefined : plausibleId(doc.meta.newest_id, deferred > 0 ? null : latest, `${what}: meta.newest_id`);
    // With a post held back, the cursor moves only to the newest post taken, never to X's newest_id.
    newest = deferred > 0 ? due.reduce<string | null>((a, p) => laterPostId(a, p.id), newest) : laterPostId(newest, reported);
    token = doc.meta.next_token;
    if (!token) break;
  }
  return { posts, newest, deferred };
}

/** New posts of every account (or of `only`: the watcher's due ones) since the stored since_id, and the state to store after them. */
export async function pullPosts(http: HttpDeps, base: string, token: string, state: XState, now: Date, only?: readonly string[]): Promise<{ posts: Post[]; state: XState; deferred: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const accounts = only ?? (SOURCES.x.accounts as readonly string[]);
  const unknown = accounts.filter((a) => !state[a]);
  const ids = unknown.length > 0 ? await lookUpUsers(http, base, headers, unknown) : new Map<string, string>();
  const next: XState = { ...state };
  const posts: Post[] = [];
  let deferred = 0;
  for (const username of accounts) {
    const userId = state[username]?.user_id ?? ids.get(username.toLowerCase())!;
    const read = await readTimeline(http, base, headers, userId, state[username]?.since_id ?? null, now);
    const { posts: found, newest } = read;
    deferred += read.deferred;
    posts.push(...found.map((p) => ({ ...p, username })));
    next[username] = { user_id: userId, since_id: newest };
  }
  return { posts, deferred, state: Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b))) };
}
