/**
 * The watcher's own state, the one thing the deploy cannot tell it, kept in Netlify Blobs next to the
 * shared sent-log: per polled account its X user id, the newest post id read (`since_id`, the cursor)
 * and when it was last asked; and whether a dispatch of the pull is still owed (it failed, or the run
 * that owed it died). Written with compare-and-swap like the sent-log, so overlapping runs merge.
 */
import { z } from 'zod';
import { PostId, Timestamp } from '../../core/schema/scalars.ts';
import { laterPostId } from '../../core/postid.ts';

export const WATCH_STATE_KEY = 'watch-state.json';

export const WatchState = z.strictObject({
  accounts: z.record(z.string(), z.strictObject({ user_id: PostId, since_id: PostId.nullable(), polled_at: Timestamp })),
  /** A dispatch owed: set before dispatching, cleared when GitHub accepted it. */
  dispatch_pending: z.boolean(),
  /** When GitHub last answered a dispatch in a way that may have started the pull (src/jobs/watch/dispatch.ts): none is sent for a while after. */
  dispatch_uncertain_at: Timestamp.optional(),
});
export type WatchState = z.infer<typeof WatchState>;

export const EMPTY_STATE: WatchState = { accounts: {}, dispatch_pending: false };

/** The state as stored, or the empty one and why (an unreadable state only costs a fresh start: the floor in run.ts bounds it). */
export function parseState(text: string | undefined): { state: WatchState; problem: string | null } {
  if (text === undefined) return { state: EMPTY_STATE, problem: null };
  try {
    const parsed = WatchState.safeParse(JSON.parse(text));
    if (parsed.success) return { state: parsed.data, problem: null };
    return { state: EMPTY_STATE, problem: `${WATCH_STATE_KEY}: ${parsed.error.issues[0]?.message ?? 'invalid'}; starting afresh` };
  } catch (e) {
    return { state: EMPTY_STATE, problem: `${WATCH_STATE_KEY}: not valid JSON (${(e as Error).message}); starting afresh` };
  }
}

/** Two runs' states as one: per account the newer cursor and the later poll; a dispatch owed by either stays owed; the later uncertain dispatch. */
export function mergeStates(stored: WatchState, mine: WatchState): WatchState {
  const accounts: WatchState['accounts'] = { ...stored.accounts };
  for (const [name, a] of Object.entries(mine.accounts)) {
    const s = accounts[name];
    accounts[name] = s ? { user_id: a.user_id, since_id: laterPostId(s.since_id, a.since_id), polled_at: s.polled_at > a.polled_at ? s.polled_at : a.polled_at } : a;
  }
  const uncertain = [stored.dispatch_uncertain_at, mine.dispatch_uncertain_at].filter((t) => t !== undefined).sort().at(-1);
  return {
    accounts: Object.fromEntries(Object.entries(accounts).sort(([a], [b]) => a.localeCompare(b))),
    dispatch_pending: stored.dispatch_pending || mine.dispatch_pending,
    ...(uncertain === undefined ? {} : { dispatch_uncertain_at: uncertain }),
  };
}
