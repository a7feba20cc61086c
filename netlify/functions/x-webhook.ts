/**
 * X's webhook (docs/alerts.md, "X's webhook"): the X Activity API pushes each post of a watched account
 * here within a second (a `post.create` delivery), and the post goes through the same intake as the
 * watcher's fast path: classified, its alerts claimed in the alert ledger and sent, the pull dispatched.
 * A machine-to-machine endpoint, not part of the public API: it answers X's CRC (GET) and X's signed
 * deliveries (POST) and records nothing itself (the pull records the facts).
 *
 * A thin binding: the environment, fetch, the watcher's state in Netlify Blobs, the database
 * (NETLIFY_DB_URL, which Netlify sets; else, in the local runtime, the embedded one), opened only when a
 * post has an alert to claim, and the clock, around src/jobs/webhook/. Every request is screened first
 * (screen.ts): unsigned, forged, stale, malformed or oversized ones are refused with nothing read or
 * sent; a CRC, a post about something else and a post whose alerts every outlet already has open no
 * database connection. Every line it logs goes through the one redactor (src/core/secrets/redact.ts).
 */
import { functionLogLines } from '../../src/core/secrets/redact.ts';
import { siteAddress } from '../../src/core/site.ts';
import { sourceBases } from '../../src/core/sources.ts';
import { liveHttp } from '../../src/net/live.ts';
import { outletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { blobTextStore } from '../../src/db/blob-store.ts';
import { withLazyDatabase } from '../../src/db/function-database.ts';
import { parseWatchAccounts } from '../../src/jobs/watch/config.ts';
import { retiredSentLogText } from '../../src/io/retired-log-text.ts';
import { WATCH_BLOBS_STORE } from '../../src/jobs/watch/state.ts';
import { watchStores } from '../../src/jobs/watch/stores.ts';
import { mayMatter, receivePost, unrelated, watchedByName } from '../../src/jobs/webhook/intake.ts';
import { screen, type Answer } from '../../src/jobs/webhook/screen.ts';

/**
 * X waits 10 s for an answer (docs.x.com, "Webhooks": respond within 10 seconds), then retries. Every
 * request of a delivery (the site, the outlets, GitHub) ends by RUN_BUDGET_MS after its start, each send
 * by SEND_MS after its claim and each database call within DB_TIMEOUT_MS: a claim is made only while a
 * send and its settlement still fit (src/jobs/broadcast/broadcast.ts), so the answer leaves inside X's
 * limit. What a stop leaves claimed is resent at most once after its lease (the ledger's rules), and X's
 * retry of a late answer is a duplicate the ledger absorbs.
 */
const RUN_BUDGET_MS = 9_000;
/** A send's own deadline: outlets answer in well under a second; one that takes longer is uncertain (resent once, after its lease). */
const SEND_MS = 3_000;
/** Each database call's deadline here. */
const DB_TIMEOUT_MS = 1_500;
/** Each request to the state's store (Netlify Blobs), and the last moment one may end: inside X's 10 s. */
const BLOBS_TIMEOUT_MS = 1_500;
const BLOBS_DEADLINE_MS = 9_500;
/** What the webhook cannot run without: the key X signs with, and the pull it dispatches. */
const REQUIRED = ['X_CONSUMER_SECRET', 'RESETCAST_DISPATCH_TOKEN', 'RESETCAST_REPO'] as const;

let saidUnset = false;

function log(env: Readonly<Record<string, string | undefined>>, lines: readonly string[]): void {
  for (const l of functionLogLines(env, '[x-webhook]', lines)) console.log(l);
}

const respond = (a: Pick<Answer, 'status' | 'body' | 'headers'>): Response =>
  new Response(a.body, { status: a.status, headers: a.headers });

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

export default async (request: Request): Promise<Response> => {
  const env = process.env;
  const unset = REQUIRED.filter((k) => !env[k]);
  if (unset.length > 0) {
    if (!saidUnset) log(env, [`⏭️ not running: ${unset.join(', ')} not set (docs/alerts.md, "X's webhook")`]);
    saidUnset = true;
    return respond({ status: 503, body: '{"error":"not configured"}', headers: JSON_HEADERS });
  }
  const start = Date.now();
  // Rounded up to the second, never down: X pushes a post within a second of its creation, and a post
  // after `now` would be taken for one from the future and ignored (classifyPosts).
  const now = new Date(Math.ceil(start / 1000) * 1000);
  const screened = await screen(request, env['X_CONSUMER_SECRET']!, now);
  if ('answer' in screened) {
    log(env, [screened.answer.line]);
    return respond(screened.answer);
  }
  const ok = respond({ status: 200, body: JSON.stringify({ received: screened.post.post.id }), headers: JSON_HEADERS });
  // A bad entry is left out (the watcher says so every run); the others are watched.
  const { accounts } = parseWatchAccounts(env['RESETCAST_WATCH_ACCOUNTS']);
  if (watchedByName(screened.post, accounts) === null) {
    log(env, [`⏭️ post ${screened.post.post.id}: its author is not a watched account; ignored`]);
    return ok;
  }
  // Most posts are about other things: answered without reading the state or waking the database.
  if (!mayMatter(screened.post)) {
    log(env, [unrelated(screened.post)]);
    return ok;
  }
  const { post } = screened;
  // Alert ids carry the site's host: the build's address (RESETCAST_SITE_URL, URL, else SITE.url), as every sender's.
  const site = siteAddress(env);
  if ('problem' in site) {
    log(env, [`❌ x-webhook: ${site.problem}; nothing sent (the watcher says the same)`]);
    return ok;
  }
  try {
    await withLazyDatabase(
      env,
      DB_TIMEOUT_MS,
      (line) => log(env, [`⏳ ${line}`]),
      async (db) => {
        const result = await receivePost({
          now,
          http: liveHttp({ deadline: start + RUN_BUDGET_MS }),
          post,
          accounts,
          // The retired sent-log is imported before the ledger's first call, once per database (whichever sender is first).
          stores: watchStores({
            texts: blobTextStore({ name: WATCH_BLOBS_STORE, timeoutMs: BLOBS_TIMEOUT_MS, deadline: start + BLOBS_DEADLINE_MS }),
            openSql: async () => (await db.open()).sql,
            env,
            now,
            retiredLog: retiredSentLogText(env),
            settleMs: DB_TIMEOUT_MS,
            say: (l) => log(env, [l]),
          }),
          deploy: env['RESETCAST_WATCH_SITE'] || env['URL'] || site.url,
          siteBase: site.url,
          urls: outletUrls(env),
          dispatch: { repo: env['RESETCAST_REPO']!, token: env['RESETCAST_DISPATCH_TOKEN']!, api: sourceBases(env).github },
          sendMs: SEND_MS,
        });
        log(env, [...result.lines, `done in ${Date.now() - start} ms`]);
      },
    );
  } catch (e) {
    log(env, [`❌ x-webhook: ${(e as Error).message}`]);
  }
  return ok;
};

/**
 * Its address on the site, X_WEBHOOK_PATH (docs/api.md lists it as not part of the public API). Written out:
 * Netlify reads a function's config from its source without running it, so only a literal is certain to
 * be read (tests/unit/jobs/webhook/screen.test.ts holds the two together).
 */
export const config = { path: '/x/webhook' };
