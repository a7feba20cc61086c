/**
 * The watcher (docs/alerts.md, "The watcher"): a Netlify scheduled function, every minute, that asks X
 * for the posts of the due accounts newer than what the deployed site knows, announces a confident new
 * reset or banked grant at once to the configured outlets (each claimed first in the alert ledger in
 * Netlify Database, so no sender ever repeats it), and starts the scheduled pull through GitHub's
 * workflow_dispatch so data/ records the post and the site rebuilds. A thin binding: the environment,
 * fetch, the database (NETLIFY_DB_URL, which Netlify sets; else, in the local runtime, the embedded one
 * in the working copy: src/db/database.ts) and the clock, around src/jobs/watch/run.ts.
 *
 * Its schedule (every minute) is in netlify.toml, `[functions.watch]`, where the local runtime reads it too.
 *
 * Never runs without its secrets (X_BEARER_TOKEN, RESETCAST_DISPATCH_TOKEN) and its repository
 * (RESETCAST_REPO): it says so once per function instance and returns. Every line it logs goes through
 * the one redactor (src/core/secrets.ts).
 */
import { join } from 'node:path';
import { neutraliseWorkflowCommands, oneLine, redactorFrom } from '../../src/core/secrets.ts';
import { siteAddress } from '../../src/core/site.ts';
import { sourceBases } from '../../src/core/sources.ts';
import { liveHttp } from '../../src/net/live.ts';
import { outletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { alertLedger } from '../../src/jobs/broadcast/ledger.ts';
import { importingFirst } from '../../src/jobs/broadcast/retired-log.ts';
import { dataDir, readDataFile } from '../../src/io/data-folder.ts';
import { EMBEDDED_DIR, openDatabase, type Database } from '../../src/db/database.ts';
import { applyMigrations, migrationsIn } from '../../src/db/migrate.ts';
import { parseWatchAccounts } from '../../src/jobs/watch/config.ts';
import { runWatch } from '../../src/jobs/watch/run.ts';
import { watchStore } from '../../src/jobs/watch/state.ts';
import { deployedStore } from '../../src/jobs/watch/deployed-alerts.ts';

/**
 * Netlify stops a scheduled function at 30 s (docs.netlify.com, scheduled functions: 30 s execution
 * limit). Every request of a run ends by this much after its start; a send's settlement (one database
 * call, DB_TIMEOUT_MS at most) and closing the database follow, so the run ends inside the limit, its
 * lines logged. What a stop leaves claimed is resent at most once after its lease (the ledger's rules).
 */
const RUN_BUDGET_MS = 20_000;
/** Each database call's deadline here: several fit in the run's budget, and one after it. */
const DB_TIMEOUT_MS = '4000';
/** What the watcher cannot run without. */
const REQUIRED = ['X_BEARER_TOKEN', 'RESETCAST_DISPATCH_TOKEN', 'RESETCAST_REPO'] as const;

let saidUnset = false;

/**
 * The retired data/sent-log.json as the build found it, pinned into the bundle (scripts/lib/bundle-function.ts,
 * bundleWatchFunction): the bundle is all a deployed function is shipped with. Undefined when run from
 * source (tests), which read the working copy's file.
 */
declare const RESETCAST_RETIRED_SENT_LOG: string | undefined;
const retiredSentLog = (env: Readonly<Record<string, string | undefined>>): string =>
  typeof RESETCAST_RETIRED_SENT_LOG === 'string' ? RESETCAST_RETIRED_SENT_LOG : readDataFile(dataDir(env), 'sentLog');

function log(env: Readonly<Record<string, string | undefined>>, lines: readonly string[]): void {
  const redact = redactorFrom(env);
  for (const l of lines) console.log(neutraliseWorkflowCommands(redact(`[watch] ${oneLine(l)}`)));
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
  let db: Database | null = null;
  try {
    // Alert ids carry the site's host: the build's address (RESETCAST_SITE_URL, URL, else SITE.url), or no run.
    const site = siteAddress(env);
    if ('problem' in site) throw new Error(site.problem);
    let stores = null;
    let noDatabase: string | undefined;
    try {
      db = await openDatabase({
        env: { RESETCAST_DB_TIMEOUT_MS: DB_TIMEOUT_MS, ...env },
        embeddedDir: join(process.cwd(), EMBEDDED_DIR),
        // The embedded engine (local runtime only) says at once when another process holds it.
        onWait: (line) => log(env, [`⏳ ${line}`]),
      });
      // Deployed, the migrations folder is not in the function (Netlify applied them at deploy): nothing to do.
      await applyMigrations(db, migrationsIn(join(process.cwd(), 'netlify/database/migrations')));
      // The retired sent-log is imported before the ledger's first call, once per database (whichever sender is first);
      // the ledger cleans every text it stores of the environment's secrets, and a settlement takes one call.
      const ledger = importingFirst(
        alertLedger(db.sql, { redact: redactorFrom(env), settleMs: Number(DB_TIMEOUT_MS) }),
        db.sql,
        { text: retiredSentLog(env), now },
        (l) => log(env, [l]),
      );
      stores = { state: watchStore(db.sql), ledger, deployed: deployedStore(db.sql) };
    } catch (e) {
      noDatabase = (e as Error).message; // said in the run's one ❌ database line
    }
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
      stores,
      noDatabase,
      urls: outletUrls(env),
      dispatch: { repo: env['RESETCAST_REPO']!, token: env['RESETCAST_DISPATCH_TOKEN']!, api: sourceBases(env).github },
    });
    log(env, [...result.lines, `done in ${Date.now() - start} ms`]);
  } catch (e) {
    log(env, [`❌ watch: ${(e as Error).message}`]);
  } finally {
    await db?.close();
  }
  return new Response(null, { status: 204 });
};
