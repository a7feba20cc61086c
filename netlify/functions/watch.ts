/**
 * The watcher (docs/alerts.md, "The watcher"): a Netlify scheduled function, every 5 minutes (the safety
 * net of X's webhook, netlify/functions/x-webhook.ts, which announces a post within seconds), that asks X
 * for the posts of the due accounts newer than what the deployed site knows, announces a confident new
 * reset or banked grant at once to the configured outlets (each claimed first in the alert ledger in
 * Netlify Database, so no sender ever repeats it), and starts the scheduled pull through GitHub's
 * workflow_dispatch so data/ records the post and the site rebuilds. A thin binding: the environment,
 * fetch, the watcher's state in Netlify Blobs (the platform's store; in `netlify serve`, its local one),
 * the database (NETLIFY_DB_URL, which Netlify sets; else, in the local runtime, the embedded one in the
 * working copy: src/db/database.ts), opened only when a run has an alert to claim or settle, and the
 * clock, around src/jobs/watch/run.ts. A quiet run opens no database connection, so the database sleeps.
 *
 * Its schedule (every 5 minutes) is in netlify.toml, `[functions.watch]`, where the local runtime reads it too.
 *
 * Never runs without its secrets (X_BEARER_TOKEN, RESETCAST_DISPATCH_TOKEN) and its repository
 * (RESETCAST_REPO): it says so once per function instance and returns. Every line it logs goes through
 * the one redactor (src/core/secrets/redact.ts).
 */
import { functionLogLines } from '../../src/core/secrets/redact.ts';
import { siteAddress } from '../../src/core/site.ts';
import { sourceBases } from '../../src/core/sources.ts';
import { liveHttp } from '../../src/net/live.ts';
import { outletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { blobTextStore } from '../../src/db/blob-store.ts';
import { withLazyDatabase } from '../../src/db/function-database.ts';
import { retiredSentLogText } from '../../src/io/retired-log-text.ts';
import { parseWatchAccounts } from '../../src/jobs/watch/config.ts';
import { runWatch } from '../../src/jobs/watch/run.ts';
import { WATCH_BLOBS_STORE } from '../../src/jobs/watch/state.ts';
import { watchStores } from '../../src/jobs/watch/stores.ts';

/**
 * Netlify stops a scheduled function at 30 s (docs.netlify.com, scheduled functions: 30 s execution
 * limit). Every request of a run ends by this much after its start; a send's settlement (one database
 * call, DB_TIMEOUT_MS at most) and closing the database follow, so the run ends inside the limit, its
 * lines logged. What a stop leaves claimed is resent at most once after its lease (the ledger's rules).
 */
const RUN_BUDGET_MS = 20_000;
/** Each database call's deadline here: several fit in the run's budget, and one after it. */
const DB_TIMEOUT_MS = 4_000;
/** Each request to the state's store (Netlify Blobs), and the last moment one may end: a cursor written after the sends still fits in the 30 s. */
const BLOBS_TIMEOUT_MS = 3_000;
const BLOBS_DEADLINE_MS = 27_000;
/** What the watcher cannot run without. */
const REQUIRED = ['X_BEARER_TOKEN', 'RESETCAST_DISPATCH_TOKEN', 'RESETCAST_REPO'] as const;

let saidUnset = false;

function log(env: Readonly<Record<string, string | undefined>>, lines: readonly string[]): void {
  for (const l of functionLogLines(env, '[watch]', lines)) console.log(l);
}

export default async (): Promise<Response> => {
  const env = process.env;
  const unset = REQUIRED.filter((k) => !env[k]);
  if (unset.length > 0) {
    if (!saidUnset) log(env, [`⏭️ not running: ${unset.join(', ')} not set (docs/alerts.md, "The watcher")`]);
    saidUnset = true;
    return new Response(null, { status: 204 });
  }
  const start = Date.now();
  const now = new Date(Math.floor(start / 1000) * 1000);
  try {
    // Alert ids carry the site's host: the build's address (RESETCAST_SITE_URL, URL, else SITE.url), or no run.
    const site = siteAddress(env);
    if ('problem' in site) throw new Error(site.problem);
    await withLazyDatabase(
      env,
      DB_TIMEOUT_MS,
      (line) => log(env, [`⏳ ${line}`]),
      async (db) => {
        const watched = parseWatchAccounts(env['RESETCAST_WATCH_ACCOUNTS']);
        const result = await runWatch({
          now,
          http: liveHttp({ deadline: start + RUN_BUDGET_MS }),
          x: { base: sourceBases(env).x, token: env['X_BEARER_TOKEN']! },
          deploy: env['RESETCAST_WATCH_SITE'] || env['URL'] || site.url,
          siteBase: site.url,
          accounts: watched.accounts,
          accountProblems: watched.problems,
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
          urls: outletUrls(env),
          dispatch: { repo: env['RESETCAST_REPO']!, token: env['RESETCAST_DISPATCH_TOKEN']!, api: sourceBases(env).github },
        });
        log(env, [...result.lines, `done in ${Date.now() - start} ms`]);
      },
    );
  } catch (e) {
    log(env, [`❌ watch: ${(e as Error).message}`]);
  }
  return new Response(null, { status: 204 });
};
