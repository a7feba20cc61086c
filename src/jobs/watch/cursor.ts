/**
 * The watcher's cursor step: each polled account's cursor moved to the newest post read, one statement
 * per account, forward only. Of two overlapping runs, the one whose write moves a cursor past a new
 * post owes the dispatch of the pull (marked in the database before it is sent).
 */
import { laterPostId } from '../../core/postid.ts';
import { toTimestamp } from '../../core/time.ts';
import type { Post } from '../intake/x.ts';
import type { Stored } from './input.ts';
import type { Polled } from './poll.ts';
import type { WatchState } from './state.ts';

/** Whether this run owes the dispatch, and the owed dispatch as the database then had it. */
export interface Owing {
  owes: boolean;
  generation: number;
  uncertainAt: string | undefined;
  /** Whether this run's writes so far succeeded: when not, a later write failing is the fault already said (start-pull.ts). */
  recorded: boolean;
}

/** The newest id of each account among `posts`. */
function newestByAccount(posts: readonly Post[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of posts) out.set(p.username, laterPostId(out.get(p.username), p.id)!);
  return out;
}

/**
 * Without a database nobody else can know of the news: this run owes the dispatch. A write that fails
 * leaves the cursor, so the next run reads the posts again, but this run cannot know whether another
 * moved past them: news it read owes the dispatch too (the pull records the posts; a second dispatch
 * only queues one more pull), as docs/alerts.md says of a failing database.
 */
export async function moveCursors(stored: Stored | null, polled: Polled, news: boolean, now: Date, lines: string[]): Promise<Owing> {
  const owing: Owing = {
    owes: news && !stored,
    generation: stored?.generation ?? 0,
    uncertainAt: stored?.state.dispatch_uncertain_at,
    recorded: stored !== null,
  };
  if (!stored || Object.keys(polled.next).length === 0) return owing;
  const state = stored.stores.state;
  const mine: WatchState['accounts'] = Object.fromEntries(
    Object.entries(polled.next).map(([name, s]) => [name, { ...s, polled_at: toTimestamp(now) }]),
  );
  try {
    // A cursor X refused is forgotten first, so the start cursor that replaces it may be older (forward-only would keep the refused one).
    for (const [account, id] of polled.refused) await state.forgetCursor(account, id);
    const moved = new Set([...(await state.advance(mine))].map((n) => n.toLowerCase()));
    owing.owes = news && [...newestByAccount(polled.posts).keys()].some((name) => moved.has(name.toLowerCase()));
    if (owing.owes) ({ generation: owing.generation, uncertainAt: owing.uncertainAt } = await state.owe());
  } catch (e) {
    Object.assign(owing, { owes: news, recorded: false });
    const then = news ? 'the pull is started anyway (it records the posts)' : 'the next run reads these posts again';
    lines.push(`❌ database: the state cannot be written (${(e as Error).message}); ${then}`);
  }
  return owing;
}
