/**
 * What a post X pushed to the webhook becomes (docs/alerts.md, "X's webhook"): the same intake as the
 * poller's fast path, step for step, with the post given instead of read. Reached only for a delivery
 * screen.ts let through (signed by X, fresh, a post.create):
 *
 * 1. The author must be a watched account (RESETCAST_WATCH_ACCOUNTS): by the username X included, else by
 *    the user id the poller stored for the account, and the post must say something the classifier acts on
 *    (mayMatter). Anything else is ignored; the binding asks both before it reads anything.
 * 2. The watcher's state read and healed (read-state.ts: Netlify Blobs, no database), the post classified,
 *    its alerts claimed and sent through the ledger (announcePosts: the very steps the poller's fast path
 *    runs), so the webhook and the poller derive the same alert ids and the ledger sends each once,
 *    whichever comes first. Alerts the state knows every outlet has (X's retry, a late duplicate) are not
 *    claimed again: the database is opened only for an alert still owed.
 * 3. A post that is news for the pull (to record or to review) owes the dispatch, which is sent by the
 *    watcher's rule (start-pull.ts: none again soon after an answer that may have started the pull).
 *
 * The cursor is never moved here: the poller's cursor says what the poller read, and a post the webhook
 * saw before an older one it missed must not hide that one. So the poller reads this post too, finds its
 * alerts finished on every outlet (the state; else the ledger) and may dispatch the pull once more, which
 * records nothing twice.
 */
import type { Alert } from '../../core/schema/index.ts';
import type { HttpDeps } from '../../net/http.ts';
import type { OutletUrls } from '../broadcast/outlets/index.ts';
import { announcePosts } from '../watch/announce.ts';
import type { PolledAccount } from '../watch/config.ts';
import type { Owing } from '../watch/cursor.ts';
import type { DispatchTarget } from '../watch/dispatch.ts';
import type { Stored, WatchStores } from '../watch/input.ts';
import { siteReader } from '../watch/poll.ts';
import { readState } from '../watch/read-state.ts';
import { startPull } from '../watch/start-pull.ts';
import type { WatchState } from '../watch/state.ts';
import { classifyPost } from '../intake/classify.ts';
import type { Delivery } from './delivery.ts';

export type PostDelivery = Extract<Delivery, { kind: 'post' }>;

export interface WebhookInput {
  now: Date;
  http: HttpDeps;
  post: PostDelivery;
  accounts: readonly PolledAccount[];
  /** The watcher's state (Netlify Blobs) and the ledger, its database opened only to claim. */
  stores: WatchStores;
  /** The deployed site to read what it knows from (its URL). */
  deploy: string;
  /** The site's address alert ids and links are built on (siteAddress), as every sender's. */
  siteBase: string;
  urls: OutletUrls;
  dispatch: DispatchTarget;
  /** Each send's own deadline (shorter than a scheduled run's: X waits 10 s for the answer). */
  sendMs?: number;
  /** Called as each phase ends (the latency bench times them); no effect on the result. */
  onPhase?: (phase: 'polled' | 'classified' | 'sent' | 'dispatched' | 'deployed') => void;
}

export interface WebhookOutput {
  lines: string[];
  alerts: Alert[];
  dispatched: boolean;
}

/**
 * The watched account that wrote the post, by the username X included: its name as RESETCAST_WATCH_ACCOUNTS
 * spells it, `null` when the author is not watched, `undefined` when X included no username (the stored
 * user ids decide: watchedById).
 */
export function watchedByName(post: PostDelivery, accounts: readonly PolledAccount[]): string | null | undefined {
  if (post.username === null) return undefined;
  return accounts.find((a) => a.name.toLowerCase() === post.username!.toLowerCase())?.name ?? null;
}

/**
 * Whether the post says anything the intake acts on (the classifier's first question, on its text alone):
 * most posts of the watched accounts are about other things, and those are answered without waking the
 * database. The poller reads them too and skips them the same way (classifyPosts).
 */
export const mayMatter = (post: PostDelivery): boolean => classifyPost(post.post.text) !== null;

/** The watched account whose stored user id wrote the post, or null. */
function watchedById(post: PostDelivery, accounts: readonly PolledAccount[], state: WatchState | undefined): string | null {
  return accounts.find((a) => state?.accounts[a.name]?.user_id === post.authorId)?.name ?? null;
}

export const unrelated = (post: PostDelivery): string => `⏭️ post ${post.post.id}: nothing about a reset, a grant or a promise; ignored`;

const notWatched = (post: PostDelivery): string =>
  `⏭️ post ${post.post.id}: its author (user ${post.authorId}) is not a watched account; ignored`;

/** One delivered post through the shared intake; every step says ✅/❌ in its own line and none stops the others. */
export async function receivePost(input: WebhookInput): Promise<WebhookOutput> {
  const lines: string[] = [];
  const none: WebhookOutput = { lines, alerts: [], dispatched: false };
  const byName = watchedByName(input.post, input.accounts);
  if (byName === null) return { ...none, lines: [notWatched(input.post)] };
  if (!mayMatter(input.post)) return { ...none, lines: [unrelated(input.post)] };
  const stored = await readState(input, lines);
  const name = byName ?? watchedById(input.post, input.accounts, stored?.state);
  if (name === null) return { ...none, lines: [...lines, notWatched(input.post)] };
  lines.push(`✅ x: post ${input.post.post.id} by ${name}, pushed${input.post.eventId ? ` (event ${input.post.eventId})` : ''}`);
  input.onPhase?.('polled');

  const site = siteReader(input.http, input.deploy, lines);
  const { alerts, news } = await announcePosts([{ ...input.post.post, username: name }], site, stored, input, lines);
  const dispatched = news ? await startPull(stored, await owe(stored, lines), input, lines) : false;
  input.onPhase?.('dispatched');
  return { lines, alerts, dispatched };
}

/**
 * The dispatch marked owed before it is sent (as the poller's cursor step does); without the state, or
 * when the mark fails (said in one ⚠️ line), this run owes it alone and sends it anyway.
 */
async function owe(stored: Stored | null, lines: string[]): Promise<Owing> {
  const alone: Owing = { owes: true, generation: 0, uncertainAt: stored?.state.dispatch_uncertain_at, recorded: false };
  if (!stored) return alone;
  try {
    return { owes: true, recorded: true, ...(await stored.store.owe()) };
  } catch (e) {
    lines.push(`⚠️ state: the dispatch cannot be marked owed (${(e as Error).message}); it is sent anyway`);
    return alone;
  }
}
