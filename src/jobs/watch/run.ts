/**
 * One run of the watcher (netlify/functions/watch.ts, every 5 minutes), pure apart from the HTTP and the
 * stores passed in (docs/alerts.md, "The watcher"):
 *
 * 1. Reads its state (cursor per account) from the database and heals it (read-state.ts, heal.ts: a
 *    value that cannot be true at now is replaced, and written back, so no stored state sticks), and asks
 *    X, through the intake the pull uses (src/jobs/intake/x.ts), for the posts of the accounts due this
 *    minute newer than the cursor (or, with none, than the newest post the deployed site has by that
 *    account, and at most FIRST_LOOK_MS back) (poll.ts). A cursor X refuses (HTTP 400) is replaced by
 *    that start, with X's reason in the line.
 * 2. Classifies new posts through the same intake, skipping what the site publishes; confident resets and
 *    banked grants become the alerts the pull's broadcast will derive (alerts.ts), sent at once to the
 *    configured outlets through the alert ledger (announce.ts; claim before sending: exactly once with every sender).
 * 3. Moves the cursor to the newest post read (cursor.ts; one statement per account, forward only: of two
 *    overlapping runs, the one whose write moves it past a post owes the dispatch), then starts the pull
 *    (start-pull.ts, workflow_dispatch) so data/ records the posts and the site rebuilds; posts for review
 *    only start the pull. A dispatch GitHub refused stays owed and is sent again next run; one that may
 *    have started the pull is never repeated (dispatch.ts): none is sent for DISPATCH_QUIET_MS, and the
 *    scheduled pull records the posts.
 *
 * Every failure is one line and ends the part it stops, never the others: a bad entry of
 * RESETCAST_WATCH_ACCOUNTS stops that account; X failing sends nothing and moves nothing; the database
 * failing sends nothing (nothing can be claimed) but still starts the pull, which announces what the
 * watcher could not, and so does a cursor write the database refuses (the run cannot know whether another
 * moved past the posts).
 */
import { sendDeployedAlerts } from './deployed-alerts.ts';
import { announcePosts } from './announce.ts';
import { dueAccounts, type PolledAccount } from './config.ts';
import { moveCursors } from './cursor.ts';
import type { Stored, WatchInput, WatchOutput } from './input.ts';
import { pollDue, siteReader } from './poll.ts';
import { readState } from './read-state.ts';
import { startPull } from './start-pull.ts';
import { EMPTY_STATE, type WatchState } from './state.ts';

export type { WatchInput, WatchOutput } from './input.ts';

/**
 * One run: the settings' problems, the state read, the fast path (new posts → their alerts at once → the
 * pull dispatched), then the deployed-alerts step (deployed-alerts.ts: whatever the deploy's alerts.json
 * still owes the outlets). Each step says ✅/❌ in its own lines, and neither stops the other; one fault
 * is one ❌ line (a database that could not be opened is said by readState, and the steps it stops say ⏭️).
 * A state that cannot be read stops the fast path's sends only: the deployed-alerts step uses other tables.
 */
export async function runWatch(input: WatchInput): Promise<WatchOutput> {
  const lines = settingLines(input.accountProblems);
  const stored = await readState(input, lines);
  const fast = await fastPath(input, stored, lines);
  const deployed = input.stores
    ? await sendDeployedAlerts({
        now: input.now,
        http: input.http,
        deploy: input.deploy,
        deployId: input.deployId,
        ledger: input.stores.ledger,
        store: input.stores.deployed,
        urls: input.urls,
      })
    : ['⏭️ deployed alerts: not read (no database, above: nothing can be claimed); the next run sends them'];
  input.onPhase?.('deployed');
  return { ...fast, lines: [...fast.lines, ...deployed] };
}

/** Each account's last poll time, as the state has it. */
const pollTimes = (state: WatchState): Record<string, string> =>
  Object.fromEntries(Object.entries(state.accounts).map(([k, v]) => [k, v.polled_at]));

const noneDue = (accounts: readonly PolledAccount[]): string =>
  accounts.length === 0
    ? '⏭️ x: no account to watch (RESETCAST_WATCH_ACCOUNTS has no valid entry); X is not asked'
    : `⏭️ x: no account due (${accounts.map((a) => `${a.name} every ${a.minutes} min`).join(', ')})`;

/** One ❌ line per entry of RESETCAST_WATCH_ACCOUNTS left out: it stops that account only. */
const settingLines = (problems: readonly string[] = []): string[] =>
  problems.map((p) => `❌ settings: ${p}; left out, the rest of the run goes on`);

/** New posts from X, announced at once, and the pull started (steps 1–3 above), each step a function of its own module. */
async function fastPath(input: WatchInput, stored: Stored | null, lines: string[]): Promise<WatchOutput> {
  const state = stored?.state ?? EMPTY_STATE;
  const due = dueAccounts(input.accounts, pollTimes(state), input.now);
  if (due.length === 0 && !state.dispatch_pending) return { lines: [...lines, noneDue(input.accounts)], alerts: [], dispatched: false };

  const site = siteReader(input.http, input.deploy, lines);
  const polled = await pollDue(input, state, due, site, lines);
  input.onPhase?.('polled');
  const { alerts, news } = await announcePosts(polled.posts, site, stored, input, lines);
  const owing = await moveCursors(stored, polled, news, input.now, lines);
  const dispatched = owing.owes || state.dispatch_pending ? await startPull(stored, owing, input, lines) : false;
  input.onPhase?.('dispatched');
  return { lines, alerts, dispatched };
}
