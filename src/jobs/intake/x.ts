/**
 * X adapter, shared by the pull and the watcher: reads new posts of the given accounts (API v2
 * `GET /2/users/:id/tweets`, since_id paging). User ids are looked up once and kept by the caller.
 *
 * The cursor an account's read leaves is the newest post it actually read (never X's `meta.newest_id`,
 * which X may omit or set to a post it did not return): a read that returns nothing leaves the cursor
 * where it was, and the next read starts after the last post read, so no post is read twice.
 */
import { z } from 'zod';
import type { PullStateFile } from '../../core/schema/index.ts';
import { laterPostId, postIdProblem, postIdToDate } from '../../core/postid.ts';
import { cleanText } from '../../core/sanitize.ts';
import { SOURCES } from '../../core/sources.ts';
import { CLOCK_SKEW_MS } from '../../core/time.ts';
import { getJson, HttpError, type HttpDeps } from '../../net/http.ts';
import { DriftError, parseOrThrow } from './parse.ts';

export interface Post {
  id: string;
  text: string;
  username: string;
  /** X answered this id again with another text or account: the post goes to review, never straight to an event (onePerId). */
  conflicting?: true;
}

/**
 * One post per id: X may answer an id more than once (a page and the next overlapping when new posts
 * arrive between them). The first copy read is kept: X answers newest first, so it is the one from the
 * earliest request, and a post's text never changes under its id at X (an edit is a new post with a new
 * id). A later copy with another text or account therefore means one of the copies is wrong, and X does
 * not say which: the kept copy is marked `conflicting`, so it is queued for review, never recorded as an
 * event or announced.
 */
export function onePerId(posts: readonly Post[]): Post[] {
  const kept = new Map<string, Post>();
  for (const p of posts) {
    const first = kept.get(p.id);
    if (!first) kept.set(p.id, p);
    else if (first.text !== p.text || first.username !== p.username) kept.set(p.id, { ...first, conflicting: true });
  }
  return [...kept.values()];
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

/**
 * X's problem body (api.x.com/2/problems/…): `errors[].message` says what was wrong, `detail` more generally (`title`
 * only repeats the status).
 */
const XProblem = z
  .object({
    errors: z.array(z.object({ message: z.string().optional() }).loose()).optional(),
    detail: z.string().optional(),
  })
  .loose();

/** X's own words for a refusal ("Invalid 'since_id':'…'. 'since_id' must be …"), cleaned and capped; null when it gave none. */
export function xReason(text: string): string | null {
  try {
    const doc = XProblem.safeParse(JSON.parse(text));
    if (!doc.success) return null;
    const words = doc.data.errors?.find((e) => e.message)?.message ?? doc.data.detail;
    return words ? cleanText(words, 'error') : null;
  } catch {
    return null;
  }
}

/**
 * X refused to read an account's timeline from the cursor it was given (HTTP 400: a since_id X calls
 * invalid or too old). The caller decides where to read from instead; `message` carries X's reason.
 */
export class CursorRefused extends Error {
  readonly account: string;
  readonly sinceId: string;
  constructor(account: string, sinceId: string, message: string) {
    super(message);
    this.name = 'CursorRefused';
    this.account = account;
    this.sinceId = sinceId;
  }
}

/** An id from X, checked before it is used or stored: a bad one fails this source with one line (state kept). */
function plausibleId(id: string, what: string, latest: Date | null = null): string {
  const problem = postIdProblem(id, latest);
  if (problem) throw new DriftError(`${what}: ${problem}`);
  return id;
}

export async function lookUpUsers(
  http: HttpDeps,
  base: string,
  headers: Record<string, string>,
  names: readonly string[],
): Promise<Map<string, string>> {
  const url = new URL('/2/users/by', base);
  url.search = new URLSearchParams({ usernames: names.join(',') }).toString();
  const doc = parseOrThrow(
    UsersDoc,
    (await getJson(http, url.toString(), { headers, maxBytes: SOURCES.x.maxBytes, describeError: xReason })).body,
    'X users lookup',
  );
  const ids = new Map((doc.data ?? []).map((u) => [u.username.toLowerCase(), plausibleId(u.id, 'X users lookup: user id')]));
  const missing = names.filter((n) => !ids.has(n.toLowerCase()));
  if (missing.length > 0) throw new Error(`X users lookup: no user ${missing.join(', ')}`);
  return ids;
}

/**
 * One account's new posts since `sinceId`, and where the next read starts: the newest post taken. A
 * post dated after `now` (its id decodes to its time) is not taken now, so the cursor stays before it
 * and the next read returns it again once its time has come (docs/pull.md).
 */
async function readTimeline(
  http: HttpDeps,
  base: string,
  headers: Record<string, string>,
  account: { username: string; userId: string; sinceId: string | null },
  now: Date,
): Promise<{ posts: { id: string; text: string }[]; newest: string | null; deferred: number }> {
  const { userId, sinceId } = account;
  const posts: { id: string; text: string }[] = [];
  let deferred = 0;
  let token: string | undefined;
  const pages = sinceId === null ? 1 : SOURCES.x.maxPages;
  const what = `X posts of user ${userId}`;
  for (let page = 0; page < pages; page++) {
    const url = new URL(`/2/users/${userId}/tweets`, base);
    const params = new URLSearchParams({ max_results: String(SOURCES.x.pageSize), 'tweet.fields': 'created_at', exclude: 'retweets' });
    if (sinceId) params.set('since_id', sinceId);
    if (token) params.set('pagination_token', token);
    url.search = params.toString();
    let body: unknown;
    try {
      ({ body } = await getJson(http, url.toString(), { headers, maxBytes: SOURCES.x.maxBytes, describeError: xReason }));
    } catch (e) {
      // A 400 to the first page names a parameter we chose; the only one that changes between reads is since_id.
      if (e instanceof HttpError && e.status === 400 && sinceId !== null && page === 0)
        throw new CursorRefused(account.username, sinceId, `${what} since ${sinceId}: ${e.message}`);
      throw e;
    }
    const doc = parseOrThrow(TweetsDoc, body, what);
    const answered = (doc.data ?? []).map((p) => ({
      id: plausibleId(p.id, `${what}: post id`),
      text: cleanText(p.text, 'postText', { multiline: true }),
    }));
    const due = answered.filter((p) => postIdToDate(p.id) <= now);
    deferred += answered.length - due.length;
    posts.push(...due);
    // Never the cursor, but still checked: an answer whose meta is not a plausible X answer is not trusted for its posts either.
    if (doc.meta.newest_id !== undefined)
      plausibleId(doc.meta.newest_id, `${what}: meta.newest_id`, deferred > 0 ? null : new Date(now.getTime() + CLOCK_SKEW_MS));
    token = doc.meta.next_token;
    if (!token) break;
  }
  return { posts, newest: posts.reduce<string | null>((a, p) => laterPostId(a, p.id), sinceId), deferred };
}

/**
 * New posts of `accounts` since each one's since_id in `state` (an account not in `state` is looked
 * up first and read from its newest page), and the state to keep after them. Throws CursorRefused when
 * X refuses an account's cursor, any other error as one line.
 */
export async function readPosts(
  http: HttpDeps,
  base: string,
  token: string,
  state: XState,
  now: Date,
  accounts: readonly string[],
): Promise<{ posts: Post[]; state: XState; deferred: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const unknown = accounts.filter((a) => !state[a]);
  const ids = unknown.length > 0 ? await lookUpUsers(http, base, headers, unknown) : new Map<string, string>();
  const next: XState = { ...state };
  const posts: Post[] = [];
  let deferred = 0;
  // The timelines at once: a run waits for the slowest, not for their sum. A failure still fails the read, and
  // the first in account order is the one thrown, as when they were read one after another.
  const reading = accounts.map(async (username) => {
    const userId = state[username]?.user_id ?? ids.get(username.toLowerCase())!;
    const read = await readTimeline(http, base, headers, { username, userId, sinceId: state[username]?.since_id ?? null }, now);
    return { username, userId, read };
  });
  const failed = (await Promise.allSettled(reading)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  for (const { username, userId, read } of await Promise.all(reading)) {
    deferred += read.deferred;
    posts.push(...read.posts.map((p) => ({ ...p, username })));
    next[username] = { user_id: userId, since_id: read.newest };
  }
  return { posts: onePerId(posts), deferred, state: Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b))) };
}

/** A cursor X refused, and where the account was read from instead. */
export interface Refusal {
  account: string;
  /** The refused since_id. */
  sinceId: string;
  /** One line: the request and X's own reason. */
  reason: string;
  /** Where the account was read from instead (null: its newest page, as on a first read). */
  restart: string | null;
}

/**
 * readPosts that heals a cursor X refuses: the account is read again from `restart(account)` (the
 * watcher's: the site's newest post or the 15-minute floor; the pull's: its newest page), and the state
 * returned holds the cursor that read leaves, so the refused one is replaced. Once per account: a second
 * refusal, or any other failure, throws.
 */
export async function readPostsHealing(
  http: HttpDeps,
  base: string,
  token: string,
  state: XState,
  now: Date,
  accounts: readonly string[],
  restart: (account: string) => Promise<string | null>,
): Promise<{ posts: Post[]; state: XState; deferred: number; refusals: Refusal[] }> {
  const from: XState = { ...state };
  const refusals: Refusal[] = [];
  for (;;) {
    try {
      return { ...(await readPosts(http, base, token, from, now, accounts)), refusals };
    } catch (e) {
      if (!(e instanceof CursorRefused) || refusals.some((r) => r.account === e.account)) throw e;
      const start = await restart(e.account);
      refusals.push({ account: e.account, sinceId: e.sinceId, reason: e.message, restart: start });
      from[e.account] = { ...from[e.account]!, since_id: start };
    }
  }
}
