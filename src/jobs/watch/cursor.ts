/**
 * The watcher's cursor step: each polled account's cursor moved to the newest post read, forward only, in
 * the state (state.ts). Of two overlapping runs, the one whose write moves a cursor past a new post owes
 * the dispatch of the pull (marked in the state before it is sent). A post whose alerts could not be
 * claimed (no database) leaves its account's cursor where it was, so the next run reads it again.
 */
import { laterPostId } from '../../core/postid.ts';
import type { Post } from '../intake/x.ts';
import type { Stored } from './input.ts';
import type { Polled } from './poll.ts';
import { advanced, type Cursors, type WatchState } from './state.ts';

/** Whether this run owes the dispatch, and the owed dispatch as the state then had it. */
export interface Owing {
  owes: boolean;
  generation: number;
  uncertainAt: string | undefined;
  /** Whether this run's writes so far succeeded: when not, a later write failing is the fault already said (start-pull.ts). */
  recorded: boolean;
}

/** The newest id of each account among `posts`, by the account's name in lower case. */
function newestByAccount(posts: readonly Post[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of posts) out.set(p.username.toLowerCase(), laterPostId(out.get(p.username.toLowerCase()), p.id)!);
  return out;
}

/**
 * Without a state nobody else can know of the news: this run owes the dispatch. A write that fails
 * leaves the cursor, so the next run reads the posts again, but this run cannot know whether another
 * moved past them: news it read owes the dispatch too (the pull records the posts; a second dispatch
 * only queues one more pull), as docs/alerts.md says of a failing store. `claimable`: the posts' alerts
 * went to the ledger; when not, the accounts with new posts keep their cursors and the news owes the dispatch.
 */
export async function moveCursors(
  stored: Stored | null,
  polled: Polled,
  news: boolean,
  claimable: boolean,
  lines: string[],
): Promise<Owing> {
  const owing: Owing = {
    owes: news && !stored,
    generation: stored?.generation ?? 0,
    uncertainAt: stored?.state.dispatch_uncertain_at,
    recorded: stored !== null,
  };
  if (!stored || Object.keys(polled.next).length === 0) return owing;
  const store = stored.store;
  const newest = newestByAccount(polled.posts);
  const cursors = Object.fromEntries(Object.entries(polled.next).filter(([name]) => claimable || !newest.has(name.toLowerCase())));
  try {
    // A cursor X refused is forgotten first, so the start cursor that replaces it may be older (forward-only would keep the refused one).
    for (const [account, id] of polled.refused) await store.forgetCursor(account, id);
    const moved = new Set([...(await advancing(stored.state, cursors, polled.refused.size > 0, store))].map((n) => n.toLowerCase()));
    owing.owes = news && (!claimable || [...newest.keys()].some((name) => moved.has(name)));
    if (owing.owes) ({ generation: owing.generation, uncertainAt: owing.uncertainAt } = await store.owe());
  } catch (e) {
    Object.assign(owing, { owes: news, recorded: false });
    const then = news ? 'the pull is started anyway (it records the posts)' : 'the next run reads these posts again';
    lines.push(`❌ state: the state cannot be written (${(e as Error).message}); ${then}`);
  }
  return owing;
}

/**
 * The cursors written forward, unless the state as this run read it shows that nothing would move (a quiet
 * run: X returned nothing new): cursors only move forward, so the stored ones are at least those read,
 * and the store is not asked again. After a refused cursor was forgotten the read state is behind: written.
 */
async function advancing(read: WatchState, cursors: Cursors, forgot: boolean, store: Stored['store']): Promise<Set<string>> {
  const unchanged = !forgot && advanced(cursors)({ version: 1, state: read, generation: 0, finished: null }).next === null;
  return unchanged ? new Set() : store.advance(cursors);
}
