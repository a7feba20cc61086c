/**
 * The watcher (docs/alerts.md, "The watcher"): a Netlify scheduled function, every 5 minutes (the safety
 * net of X's webhook, netlify/functions/x-webhook.ts, which announces a post within seconds), that asks X
 * for the posts of the due accounts newer than what the deployed site knows, announces a confident new
 * reset or banked grant at once to the configured outlets (each claimed first in the alert ledger in
 * Netlify Database, so no sender ever repeats it), and starts the scheduled pull through GitHub's
 * workflow_dispatch so data/ records the post and the site rebuilds. A thin binding: the environment,
 * fetch, the database (NETLIFY_DB_URL, which Netlify sets; else, in the local runtime, the embedded one
 * in the working copy: src/db/database.ts) and the clock, around src/jobs/watch/run.ts.
 *
 * Its schedule (every 5 minutes) is in netlify.toml, `[functions.watch]`, where the local runtime reads it too.
 *
 * Never runs without its secrets (X_BEARER_TOKEN, RESETCAST_DISPATCH_TOKEN) and its repository
 * (RESETCAST_REPO): it says so once per function instance and returns. Every line it logs goes through
 * the one redactor (src/core/secrets.ts).
 */
import { functionLogLines } from '../../src/core/secrets.ts';
import { siteAddress } from '../../src/core/site.ts';
import { sourceBases } from '../../src/core/sources.ts';
import { liveHttp } from '../../src/net/live.ts';
import { outletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { withFunctionDatabase } from '../../src/db/function-database.ts';
import { retiredSentLogText } from '../../src/io/retired-log-text.ts';
import { parseWatchAccounts } from '../../src/jobs/watch/config.ts';
import { runWatch } from '../../src/jobs/watch/run.ts';
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
/** What the watcher cannot run without. */
const REQUIRED = ['X_BEARER_TOKEN', 'RESETCAST_DISPATCH_TOKEN', 'RESETCAST_REPO'] as const;

let saidUnset = false;

function log(env: Readonly<Record<string, string | undefined>>, lines: readonly string[]): void {
  for (const l of functionLogLines(env, '[watch]', lines)) console.log(l);
}

/** What the function reads of Netlify's context: the deploy it belongs to (the deployed-alerts step skips one it settled). */
interface WatchContext {
  deploy?: { id?: string };
}

export default async (_req?: Request, context?: WatchContext): Promise<Response> => {
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
    await withFunctionDatabase(
      env,
      DB_TIMEOUT_MS,
      (line) => log(env, [`⏳ ${line}`]),
      async (db, problem) => {
        const watched = parseWatchAccounts(env['RESETCAST_WATCH_ACCOUNTS']);
        const result = await runWatch({
          now,
          http: liveHttp({ deadline: start + RUN_BUDGET_MS }),
          x: { base: sourceBases(env).x, token: env['X_BEARER_TOKEN']! },
          deploy: env['RESETCAST_WATCH_SITE'] || env['URL'] || site.url,
          // Only with the deploy's own address: another site's alerts.json is not this deploy's.
          deployId: env['RESETCAST_WATCH_SITE'] ? undefined : context?.deploy?.id || undefined,
          siteBase: site.url,
          accounts: watched.accounts,
          accountProblems: watched.problems,
          // The retired sent-log is imported before the ledger's first call, once per database (whichever sender is first).
          stores:
            db &&
            watchStores(db.sql, { env, now, retiredLog: retiredSentLogText(env), settleMs: DB_TIMEOUT_MS, say: (l) => log(env, [l]) }),
          noDatabase: problem ?? undefined, // said in the run's one ❌ database line
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
