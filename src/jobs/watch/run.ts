/**
 * One run of the watcher (netlify/functions/watch.ts, every minute), pure apart from the HTTP and the
 * stores passed in (docs/alerts.md, "The watcher"):
 *
 * 1. Reads its state (cursor per account) from the database (state.ts), and asks X, through the pull's adapter, for the
 *    posts of the accounts due this minute newer than the cursor (or, with none, than the newest post the
 *    deployed site has by that account, and at most FIRST_LOOK_MS back).
 * 2. Classifies new posts with the pull's classifier, skipping what the site publishes; confident resets
 *    and banked grants become the alerts the pull's broadcast will derive (alerts.ts), sent at once to the
 *    configured outlets through the alert ledger (claim before sending: exactly once with every sender).
 * 3. Moves the cursor (one statement per account, forward only: of two overlapping runs, the one whose
 *    write moves it past a post owes the dispatch), then starts the pull (workflow_dispatch) so data/ records the posts and the site
 *    rebuilds; posts for review only start the pull. A failed dispatch stays owed and is retried each run.
 *
 * Every failure is one line and ends the part it stops, never the others: X failing sends nothing and
 * moves nothing; the database failing sends nothing (nothing can be claimed) but still starts the pull,
 * which announces what the watcher could not.
 */
import type { Alert } from '../../core/schema/index.ts';
import { laterPostId, postIdAt } from '../../core/postid.ts';
import { toTimestamp } from '../../core/time.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { HttpDeps } from '../../net/http.ts';
import { broadcast } from '../broadcast/broadcast.ts';
import type { OutletUrls } from '../broadcast/outlets/index.ts';
import type { AlertLedger } from '../broadcast/ledger.ts';
import { lookUpUsers, pullPosts, type Post, type XState } from '../pull/x.ts';
import { classify, watcherAlerts } from './alerts.ts';
import { dueAccounts, type PolledAccount } from './config.ts';
import { dispatchPull, type DispatchTarget } from './dispatch.ts';
import { readSite, type SiteKnowledge } from './site.ts';
import { EMPTY_STATE, type WatchState, type WatchStore } from './state.ts';

/** With no cursor for an account (the first run, a lost state) the watcher looks this far back, no further: older posts are the scheduled pull's. */
export const FIRST_LOOK_MS = 15 * MINUTE_MS;

export interface WatchInput {
  now: Date;
  http: HttpDeps;
  x: { base: string; token: string };
  /** The deployed site to read what it knows from (its URL). */
  deploy: string;
  /** The base alert ids and links are built on: the same as the broadcast's (SITE.url). */
  siteBase: string;
  accounts: readonly PolledAccount[];
  /** The watcher's state and the alert ledger, in the database; null when it could not even be opened. */
  stores: { state: WatchStore; ledger: AlertLedger } | null;
  urls: OutletUrls;
  dispatch: DispatchTarget;
  /** Called as each phase ends (the latency bench times them); no effect on the result. */
  onPhase?: (phase: 'polled' | 'classified' | 'sent' | 'dispatched') => void;
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


export async function runWatch(input: WatchInput): Promise<WatchOutput> {
  const { now, http } = input;
  const lines: string[] = [];
  const out = (alerts: Alert[] = [], dispatched = false): WatchOutput => ({ lines, alerts, dispatched });

  // 1. The state; without it the run still polls (from the site's newest and the floor), but claims nothing.
  let stored: { state: WatchState; generation: number } | null = null;
  if (input.stores) {
    try {
      stored = await input.stores.state.read();
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
  if (due.length > 0) {
    try {
      const headers = { Authorization: `Bearer ${input.x.token}` };
      const missing = due.filter((a) => !state.accounts[a.name]?.since_id);
      const known = missing.length > 0 ? await knowSite() : null;
      const lookup = due.filter((a) => !state.accounts[a.name]);
      const ids = lookup.length > 0 ? await lookUpUsers(http, input.x.base, headers, lookup.map((a) => a.name)) : new Map<string, string>();
      const floor = postIdAt(new Date(now.getTime() - FIRST_LOOK_MS));
      const from: XState = Object.fromEntries(due.map((a) => {
        const s = state.accounts[a.name];
        const since = s?.since_id ?? laterPostId(known?.newest.get(a.name.toLowerCase()), floor);
        return [a.name, { user_id: s?.user_id ?? ids.get(a.name.toLowerCase())!, since_id: since }];
      }));
      const read = await pullPosts(http, input.x.base, input.x.token, from, now, due.map((a) => a.name));
      posts = read.posts;
      nextX = read.state;
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
      const found = classify(posts, known.known, now);
      news = found.events.length + found.forReview > 0;
      alerts = found.events.length > 0 ? watcherAlerts(found.events, known.expiryDays, now, input.siteBase) : [];
      lines.push(`✅ classify: ${found.events.length} to record, ${found.forReview} for review; ${alerts.length} alert(s)`);
    } else news = true; // the site cannot say what it knows: the pull decides
  }
  input.onPhase?.('classified');
  if (alerts.length > 0) {
    if (input.stores && stored) {
      // Each outlet fails alone (a ledger failure included): what was not claimed was not sent.
      const result = await broadcast({ alerts, ledger: input.stores.ledger, urls: input.urls, http, now });
      lines.push(...result.lines.filter((l) => !l.startsWith('⏭️')));
    } else lines.push(`❌ alerts: ${alerts.length} not sent: the database is unavailable (nothing is sent unclaimed); the pull will announce them`);
  }
  input.onPhase?.('sent');

  // 4. Move the cursor; the run whose write moves it past a new post owes the dispatch.
  const newest = newestByAccount(posts);
  let owes = news && !(input.stores && stored); // without a database nobody else can know: dispatch
  let generation = stored?.generation ?? 0;
  if (input.stores && stored && due.length > 0 && Object.keys(nextX).length > 0) {
    const mine: WatchState['accounts'] = Object.fromEntries(Object.entries(nextX).map(([name, s]) => [name, { ...s, polled_at: toTimestamp(now) }]));
    try {
      const moved = new Set([...(await input.stores.state.advance(mine))].map((n) => n.toLowerCase()));
      owes = news && [...newest.keys()].some((name) => moved.has(name.toLowerCase()));
      if (owes) generation = await input.stores.state.owe();
    } catch (e) {
      lines.push(`❌ database: the state cannot be written (${(e as Error).message}); the next run reads these posts again`);
    }
  }

  // 5. Start the pull: for new posts this run moved past, or a dispatch still owed.
  const owed = owes || state.dispatch_pending;
  let dispatched = false;
  if (owed) {
    const why = await dispatchPull(http, input.dispatch);
    dispatched = why === null;
    lines.push(why === null ? '✅ dispatch: started the pull (pull.yml on main)' : `❌ dispatch: ${why}; retried next run, and the pull runs on its schedule anyway`);
    if (why === null && input.stores && stored) await input.stores.state.dispatched(generation).catch((e: Error) => lines.push(`⚠️ database: the dispatch is still marked owed (${e.message}); the next run dispatches once more`));
  }
  input.onPhase?.('dispatched');
  return out(alerts, dispatched);
}
