/**
 * One run of the watcher (netlify/functions/watch.ts, every 5 minutes), pure apart from the HTTP and the
 * stores passed in (docs/alerts.md, "The watcher"). A quiet run (nothing new, nothing owed) reads its state
 * from Netlify Blobs and the deploy's alerts.json, asks X, and opens no database connection: the ledger is
 * touched only when there is an alert to claim or settle.
 *
 * 1. Reads its state (cursor per account, the owed dispatch, the alerts already finished) from the store
 *    and heals it (read-state.ts, heal.ts: a value that cannot be true at now is replaced, and written back,
 *    so no stored state sticks), and asks X, through the intake the pull uses (src/jobs/intake/x.ts), for
 *    the posts of the accounts due at this run (by the clock: config.ts) newer than the cursor (or, with
 *    none, than the newest post the deployed site has by that account, and at most FIRST_LOOK_MS back)
 *    (poll.ts). A cursor X refuses (HTTP 400) is replaced by that start, with X's reason in the line.
 * 2. Classifies new posts through the same intake, skipping what the site publishes; confident resets and
 *    banked grants become the alerts the pull's broadcast will derive (alerts.ts), sent at once to the
 *    configured outlets through the alert ledger (announce.ts; claim before sending: exactly once with every sender).
 * 3. Moves the cursor to the newest post read (cursor.ts; forward only: of two overlapping runs, the one
 *    whose write moves it past a post owes the dispatch), then starts the pull (start-pull.ts,
 *    workflow_dispatch) so data/ records the posts and the site rebuilds; posts for review only start the
 *    pull. A dispatch GitHub refused stays owed and is sent again next run; one that may have started the
 *    pull is never repeated (dispatch.ts): none is sent for DISPATCH_QUIET_MS, and the scheduled pull
 *    records the posts.
 * 4. Sends what the deploy's alerts.json still owes (deployed-alerts.ts), asking the ledger only when an
 *    alert of it may still be owed.
 *
 * Every failure is one line and ends the part it stops, never the others: a bad entry of
 * RESETCAST_WATCH_ACCOUNTS stops that account; X failing sends nothing and moves nothing; the database
 * failing sends nothing (nothing can be claimed) but still starts the pull, which announces what the
 * watcher could not; the state's store failing moves no cursor and starts the pull for any news (the run
 * cannot know whether another moved past the posts).
 */
import { sendDeployedAlerts } from './deployed-alerts.ts';
import { announcePosts } from './announce.ts';
import { dueAccounts, type PolledAccount } from './config.ts';
import { moveCursors } from './cursor.ts';
import type { Stored, WatchInput, WatchOutput } from './input.ts';
import { pollDue, siteReader } from './poll.ts';
import { readState } from './read-state.ts';
import { startPull } from './start-pull.ts';
import { EMPTY_STATE } from './state.ts';

export type { WatchInput, WatchOutput } from './input.ts';

/**
 * One run: the settings' problems, the state read, the fast path (new posts → their alerts at once → the
 * pull dispatched), then the deployed-alerts step (deployed-alerts.ts: whatever the deploy's alerts.json
 * still owes the outlets). Each step says ✅/❌ in its own lines, and neither stops the other; one fault
 * is one ❌ line (a database that cannot be opened is said by the first step that needs it, and the later
 * ones say ⏭️).
 */
export async function runWatch(input: WatchInput): Promise<WatchOutput> {
  const lines = settingLines(input.accountProblems);
  const stored = await readState(input, lines);
  const fast = await fastPath(input, stored, lines);
  const deployed = await sendDeployedAlerts({
    now: input.now,
    http: input.http,
    deploy: input.deploy,
    ledger: input.stores.ledger,
    stored,
    urls: input.urls,
  });
  input.onPhase?.('deployed');
  return { ...fast, lines: [...fast.lines, ...deployed] };
}

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
  const due = dueAccounts(input.accounts, input.now);
  if (due.length === 0 && !state.dispatch_pending) return { lines: [...lines, noneDue(input.accounts)], alerts: [], dispatched: false };

  const site = siteReader(input.http, input.deploy, lines);
  const polled = await pollDue(input, state, due, site, lines);
  input.onPhase?.('polled');
  const { alerts, news, claimable } = await announcePosts(polled.posts, site, stored, input, lines);
  const owing = await moveCursors(stored, polled, news, claimable, lines);
  const dispatched = owing.owes || state.dispatch_pending ? await startPull(stored, owing, input, lines) : false;
  input.onPhase?.('dispatched');
  return { lines, alerts, dispatched };
}
