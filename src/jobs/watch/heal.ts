/**
 * The watcher's stored state made usable again, by pure rules over the state and the clock
 * (docs/alerts.md, "The watcher", "Healing"). A state the watcher wrote can still be wrong (a clock
 * that ran ahead on one instance, a hand edit, a post id X no longer accepts), and a wrong value must
 * never stick: each rule here turns it into what the first run would have had, so the run that reads it
 * polls as normal and writes the healed value back. Applied to every state read and written back
 * (state.ts `heal`), since the store moves a cursor and an uncertain dispatch only forward and would
 * keep a bad one; a cursor X refuses is forgotten by the store (`forgetCursor`).
 */
import { laterPostId, postIdAt, postIdProblem } from '../../core/postid.ts';
import { CLOCK_SKEW_MS } from '../../core/time.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { WatchState } from './state.ts';

/**
 * With no cursor for an account (the first run, a lost or healed state) the watcher looks this far back, no further:
 * older posts are the scheduled pull's.
 */
export const FIRST_LOOK_MS = 15 * MINUTE_MS;
export interface Healed {
  state: WatchState;
  /** One line per value healed, for the function log. */
  lines: string[];
}

/**
 * The stored state with every value that cannot be true at `now` replaced: a `since_id` above the
 * largest post id possible at now plus the clock skew (which would make X skip every post until then)
 * is dropped, so the account is read as on a first run; a `dispatch_uncertain_at` in the future (which
 * would hold back every dispatch) is dropped. (When an account is asked is not stored but follows from
 * the clock, config.ts dueAccounts: nothing there can stick.)
 */
export function healState(state: WatchState, now: Date): Healed {
  const lines: string[] = [];
  const latest = new Date(now.getTime() + CLOCK_SKEW_MS);
  const accounts: WatchState['accounts'] = {};
  for (const [name, a] of Object.entries(state.accounts)) {
    let { since_id } = a;
    const problem = since_id === null ? null : postIdProblem(since_id, latest);
    if (problem) {
      lines.push(`⚠️ state: ${name}'s cursor ${problem}: dropped, read as on a first run`);
      since_id = null;
    }
    accounts[name] = { ...a, since_id };
  }
  const { dispatch_uncertain_at: uncertain, ...rest } = state;
  const keepUncertain = uncertain !== undefined && Date.parse(uncertain) <= now.getTime() + CLOCK_SKEW_MS;
  if (uncertain !== undefined && !keepUncertain) lines.push(`⚠️ state: a dispatch answered at ${uncertain}, after now: forgotten`);
  return { state: { ...rest, accounts, ...(keepUncertain ? { dispatch_uncertain_at: uncertain } : {}) }, lines };
}

/**
 * Where an account without a usable cursor is read from: after the newest post the deployed site has
 * by it (`siteNewest`, a real post id, never a synthetic one), and never before FIRST_LOOK_MS ago.
 */
export function startCursor(siteNewest: string | undefined, now: Date): string {
  return laterPostId(siteNewest, postIdAt(new Date(now.getTime() - FIRST_LOOK_MS)))!;
}
