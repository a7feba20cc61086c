/**
 * One run of the watcher (netlify/functions/watch.ts, every minute), pure apart from the HTTP and the
 * stores passed in (docs/alerts.md, "The watcher"):
 *
 * 1. Reads its state (cursor per account) from the database (state.ts) and heals it (heal.ts: a value
 *    that cannot be true at now is replaced, and written back, so no stored state sticks), and asks X, through the intake the pull uses
 *    (src/jobs/intake/x.ts), for the posts of the accounts due this minute newer than the cursor (or, with
 *    none, than the newest post the deployed site has by that account, and at most FIRST_LOOK_MS back). A
 *    cursor X refuses (HTTP 400) is replaced by that start, with X's reason in the line.
 * 2. Classifies new posts through the same intake, skipping what the site publishes; confident resets and
 *    banked grants become the alerts the pull's broadcast will derive (alerts.ts), sent at once to the
 *    configured outlets through the alert ledger (claim before sending: exactly once with every sender).
 * 3. Moves the cursor to the newest post read (one statement per account, forward only: of two
 *    overlapping runs, the one whose write moves it past a post owes the dispatch), then starts the pull (workflow_dispatch) so data/
 *    records the posts and the site rebuilds; posts for review only start the pull. A dispatch GitHub
 *    refused stays owed and is sent again next run; one that may have started the pull is never repeated
 *    (dispatch.ts): none is sent for DISPATCH_QUIET_MS, and the scheduled pull records the posts.
 *
 * Every failure is one line and ends the part it stops, never the others: X failing sends nothing and
 * moves nothing; the database failing sends nothing (nothing can be claimed) but still starts the pull,
 * which announces what the watcher could not.
 */
import type { Alert } from '../../core/schema/index.ts';
import { laterPostId } from '../../core/postid.ts';
import { toTimestamp } from '../../core/time.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { HttpDeps } from '../../net/http.ts';
import { broadcast } from '../broadcast/broadcast.ts';
import type { OutletUrls } from '../broadcast/outlets/index.ts';
import type { AlertLedger } from '../broadcast/ledger.ts';
import { lookUpUsers, readPostsHealing, type Post, type XState } from '../intake/x.ts';
import { classifyNew } from './alerts.ts';
import { dueAccounts, type PolledAccount } from './config.ts';
import { DISPATCH_QUIET_MS, dispatchPull, dispatchQuietSince, type DispatchTarget } from './dispatch.ts';
import { FIRST_LOOK_MS, healState, startCursor } from './heal.ts';
import { readSite, type SiteKnowledge } from './site.ts';
import { sendDeployedAlerts, type DeployedStore } from './deployed-alerts.ts';
import { EMPTY_STATE, type WatchState, type WatchStore } from './state.ts';

export interface WatchInput {
  now: Date;
  http: HttpDeps;
  x: { base: string; token: string };
  /** The deployed site to read what it knows from (its URL). */
  deploy: string;
  /** The deploy's id, as the platform gives it to the function: the deployed-alerts step skips a deploy it settled. */
  deployId?: string | undefined;
  /** The base alert ids and links are built on: the same as the broadcast's (SITE.url). */
  siteBase: string;
  accounts: readonly PolledAccount[];
  /** The watcher's state, the alert ledger and the deployed-alerts mark, in the database; null when it could not even be opened. */
  stores: { state: WatchStore; ledger: AlertLedger; deployed: DeployedStore } | null;
  urls: OutletUrls;
  dispatch: DispatchTarget;
  /** Called as each phase ends (the latency bench times them); no effect on the result. */
  onPhase?: (phase: 'polled' | 'classified' | 'sent' | 'dispatched' | 'deployed') => void;
}

export interface WatchOutput {
  /** One line per thing done or failed, for the function log. */
  lines: string[];
  alerts: Alert[];
  dispatched: boolean;
}

/** The newest id of each account among `posts`. */
function newestByAccount(posts: readonly Post[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of posts) out.set(p.username, laterPostId(out.get(p.username), p.id)!);
  return out;
}

/**
 * One run: the fast path (new posts → their alerts at once → the pull dispatched), then the
 * deployed-alerts step (deployed-alerts.ts: whatever the deploy's alerts.json still owes the outlets).
 * Each step says ✅/❌ in its own lines, and neither stops the other.
 */
export async function runWatch(input: WatchInput): Promise<WatchOutput> {
  const fast = await fastPath(input);
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
    : ['❌ deployed alerts: no database; nothing sent (nothing can be claimed), the next run tries again'];
  input.onPhase?.('deployed');
  return { ...fast, lines: [...fast.lines, ...deployed] };
}

/** New posts from X, announced at once, and the pull started (steps 1–5 above). */
async function fastPath(input: WatchInput): Promise<WatchOutput> {
  const { now, http } = input;
  const lines: string[] = [];
  const out = (alerts: Alert[] = [], dispatched = false): WatchOutput => ({ lines, alerts, dispatched });

  // 1. The state; without it the run still polls (from the site's newest and the floor), but claims nothing.
  let stored: { state: WatchState; generation: number } | null = null;
  if (input.stores) {
    try {
      const read = await input.stores.state.read();
      const healed = healState(read.state, now);
      lines.push(...healed.lines);
      if (healed.lines.length > 0) await input.stores.state.heal(read.state, healed.state);
      stored = { state: healed.state, generation: read.generation };
    } catch (e) {
      lines.push(`❌ database: the state cannot be read (${(e as Error).message}); nothing is sent this run, the pull will announce`);
    }
  } else lines.push('❌ database: none; nothing is sent this run, the pull will announce');
  const state = stored?.state ?? EMPTY_STATE;
  const polled = Object.fromEntries(Object.entries(state.accounts).map(([k, v]) => [k, v.polled_at]));
  const due = dueAccounts(input.accounts, polled, now);
  if (due.length === 0 && !state.dispatch_pending) {
    lines.push(`⏭️ x: no account due (${input.accounts.map((a) => `${a.name} every ${a.minutes} min`).join(', ')})`);
    return out();
  }

  // 2. Ask X (only the due accounts), from the cursor, else the site's newest post, never before the floor.
  let site: SiteKnowledge | null = null;
  let siteProblem: string | null = null;
  const knowSite = async (): Promise<SiteKnowledge | null> => {
    if (site || siteProblem) return site;
    try {
      site = await readSite(http, input.deploy);
    } catch (e) {
      siteProblem = (e as Error).message;
      lines.push(`❌ site: ${siteProblem}; nothing is sent this run (the pull decides)`);
    }
    return site;
  };
  let posts: Post[] = [];
  let nextX: XState = {};
  /** Per account, the cursor X refused this run (replaced by the start cursor; the write forgets it). */
  const refused = new Map<string, string>();
  if (due.length > 0) {
    try {
      ({ posts, state: nextX } = await readDue(input, state, due, knowSite, refused, lines));
      lines.push(`✅ x: ${due.map((a) => a.name).join(', ')}: ${posts.length} new post(s)`);
    } catch (e) {
      lines.push(`❌ x: ${(e as Error).message}; nothing read, the cursor stays`);
    }
  }
  input.onPhase?.('polled');

  // 3. Classify with the pull's code; announce the confident ones through the alert ledger.
  let alerts: Alert[] = [];
  let news = false;
  if (posts.length > 0) {
    const known = await knowSite();
    if (known) {
      const found = classifyNew(posts, known, now, input.siteBase);
      news = found.toRecord + found.forReview > 0;
      alerts = found.alerts;
      lines.push(`✅ classify: ${found.toRecord} to record, ${found.forReview} for review; ${alerts.length} alert(s)`);
    } else news = true; // the site cannot say what it knows: the pull decides
  }
  input.onPhase?.('classified');
  if (alerts.length > 0) {
    if (input.stores && stored) {
      // Each outlet fails alone (a ledger failure included): what was not claimed was not sent.
      const result = await broadcast({ alerts, ledger: input.stores.ledger, urls: input.urls, http, now });
      lines.push(...result.lines.filter((l) => !l.startsWith('⏭️')));
    } else
      lines.push(
        `❌ alerts: ${alerts.length} not sent: the database is unavailable (nothing is sent unclaimed); the pull will announce them`,
      );
  }
  input.onPhase?.('sent');

  // 4. Move the cursor; the run whose write moves it past a new post owes the dispatch.
  const newest = newestByAccount(posts);
  let owes = news && !(input.stores && stored); // without a database nobody else can know: dispatch
  let generation = stored?.generation ?? 0;
  let uncertainAt = stored?.state.dispatch_uncertain_at;
  if (input.stores && stored && due.length > 0 && Object.keys(nextX).length > 0) {
    const mine: WatchState['accounts'] = Object.fromEntries(
      Object.entries(nextX).map(([name, s]) => [name, { ...s, polled_at: toTimestamp(now) }]),
    );
    try {
      // A cursor X refused is forgotten first, so the start cursor that replaces it may be older (forward-only would keep the refused one).
      for (const [account, id] of refused) await input.stores.state.forgetCursor(account, id);
      const moved = new Set([...(await input.stores.state.advance(mine))].map((n) => n.toLowerCase()));
      owes = news && [...newest.keys()].some((name) => moved.has(name.toLowerCase()));
      if (owes) ({ generation, uncertainAt } = await input.stores.state.owe());
    } catch (e) {
      lines.push(`❌ database: the state cannot be written (${(e as Error).message}); the next run reads these posts again`);
    }
  }

  // 5. Start the pull: for new posts this run moved past, or a dispatch still owed; never again soon after an answer that may have started it.
  const owed = owes || state.dispatch_pending;
  let dispatched = false;
  if (owed) {
    // The uncertain dispatch as the database had it when this run owed one (an overlapping run's included).
    const quietSince = dispatchQuietSince(uncertainAt === undefined ? {} : { dispatch_uncertain_at: uncertainAt }, now);
    if (quietSince !== null) {
      lines.push(
        `⏭️ dispatch: not sent: the dispatch at ${quietSince} may have started the pull, and none is repeated for ${DISPATCH_QUIET_MS / MINUTE_MS} min; the scheduled pull records the posts`,
      );
      if (input.stores && stored)
        await input.stores.state
          .dispatched(generation)
          .catch((e: Error) => lines.push(`⚠️ database: the dispatch is still marked owed (${e.message})`));
    } else {
      const result = await dispatchPull(http, input.dispatch);
      dispatched = result.outcome === 'started';
      if (result.outcome === 'started') lines.push('✅ dispatch: started the pull (pull.yml on main)');
      else if (result.outcome === 'uncertain')
        lines.push(
          `⚠️ dispatch: ${result.why}; it may have started the pull: not repeated for ${DISPATCH_QUIET_MS / MINUTE_MS} min, and the scheduled pull runs anyway`,
        );
      else lines.push(`❌ dispatch: ${result.why}; retried next run, and the pull runs on its schedule anyway`);
      const answeredAt = result.outcome === 'uncertain' ? toTimestamp(now) : undefined;
      if (result.outcome !== 'refused' && input.stores && stored)
        await input.stores.state
          .dispatched(generation, answeredAt)
          .catch((e: Error) =>
            lines.push(`⚠️ database: the dispatch is still marked owed (${e.message}); the next run dispatches once more`),
          );
    }
  }
  input.onPhase?.('dispatched');
  return out(alerts, dispatched);
}

/**
 * Asks X for the posts of the due accounts after their cursors: the stored one, else startCursor (the
 * site's newest post by the account, never before FIRST_LOOK_MS ago). A cursor X refuses is read again
 * from startCursor (readPostsHealing), recorded in `refused` and said in one line with X's reason. A
 * second refusal of the same account, or any other failure, throws.
 */
async function readDue(
  input: WatchInput,
  state: WatchState,
  due: readonly PolledAccount[],
  knowSite: () => Promise<SiteKnowledge | null>,
  refused: Map<string, string>,
  lines: string[],
): Promise<{ posts: Post[]; state: XState }> {
  const { http, now } = input;
  const headers = { Authorization: `Bearer ${input.x.token}` };
  const fallback = async (name: string): Promise<string> => startCursor((await knowSite())?.newest.get(name.toLowerCase()), now);
  const lookup = due.filter((a) => !state.accounts[a.name]);
  const ids =
    lookup.length > 0
      ? await lookUpUsers(
          http,
          input.x.base,
          headers,
          lookup.map((a) => a.name),
        )
      : new Map<string, string>();
  const from: XState = {};
  for (const a of due) {
    const s = state.accounts[a.name];
    from[a.name] = { user_id: s?.user_id ?? ids.get(a.name.toLowerCase())!, since_id: s?.since_id ?? (await fallback(a.name)) };
  }
  const read = await readPostsHealing(
    http,
    input.x.base,
    input.x.token,
    from,
    now,
    due.map((a) => a.name),
    fallback,
  );
  for (const r of read.refusals) {
    refused.set(r.account, r.sinceId);
    lines.push(
      `⚠️ x: ${r.reason}; ${r.account} is read from ${r.restart} instead (the site's newest post, at most ${FIRST_LOOK_MS / MINUTE_MS} min back), and that cursor replaces it`,
    );
  }
  return read;
}
