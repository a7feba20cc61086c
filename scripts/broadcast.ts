/**
 * `npm run broadcast`: announces the alerts of the committed data/ to the outlets whose URL is set
 * (NTFY_TOPIC_URL, DISCORD_WEBHOOK_URL, SLACK_WEBHOOK_URL; Telegram: TELEGRAM_BOT_TOKEN with
 * TELEGRAM_CHAT_ID, the API base overridable with RESETCAST_TELEGRAM_API), each alert claimed in the
 * alert ledger before it is sent and settled after (src/jobs/broadcast/ledger.ts, docs/alerts.md), in
 * the same database as the watcher's: NETLIFY_DB_URL, else the embedded one in .resetcast/db (one
 * command at a time on a clone). The maintainer's manual sender, and the sender of forks without
 * Netlify. Exit 0 when every outlet succeeded or was skipped, 1 when any failed or the database could
 * not be used (then nothing is sent), 2 when data/ is invalid (nothing sent). One ✅/❌ line per step.
 */
// First: every later write to stdout/stderr is redacted of secrets and cannot run a workflow command.
import './lib/guard-output.ts';
import { join, resolve } from 'node:path';
import { buildNow } from '../src/io/clock.ts';
import { commandHttp } from './lib/http.ts';
import { dataDir, readDataTexts } from '../src/io/data-folder.ts';
import { DATA_FILES } from '../src/core/dataset/files.ts';
import { DataError } from '../src/core/dataset/index.ts';
import { outletUrls } from '../src/jobs/broadcast/outlets/index.ts';
import { runBroadcast } from '../src/jobs/broadcast/run.ts';
import { alertLedger, CLAIM_LEASE_MS } from '../src/jobs/broadcast/ledger.ts';
import { importingFirst } from '../src/jobs/broadcast/retired-log.ts';
import { DB_TIMEOUT_MS, EMBEDDED_DIR, openDatabase, type Database } from '../src/db/database.ts';
import { redactorFrom } from '../src/core/secrets/redact.ts';
import { applyMigrations, migrationsIn } from '../src/db/migrate.ts';
import { BROADCAST } from './lib/commands/jobs.ts';
import { parseCommand, siteBaseOrRefuse } from './lib/flags.ts';

parseCommand(BROADCAST);

const env = process.env;
// Alert ids carry the site's host: the same address as the build's and the watcher's, or nothing is sent.
const site = siteBaseOrRefuse(BROADCAST, env);
const root = resolve(import.meta.dirname, '..');
// One clock for the run: the send window and the alerts read the same instant (the leases run on the database's clock).
const now = buildNow(env);
const dir = dataDir(env);
/** A shorter lease for tests; never longer than the default. */
const leaseMs = Math.min(
  CLAIM_LEASE_MS,
  Number(env['RESETCAST_CLAIM_LEASE_MS']) > 0 ? Number(env['RESETCAST_CLAIM_LEASE_MS']) : CLAIM_LEASE_MS,
);
/** Each database call's deadline (src/db/database.ts reads the same variable): what a settlement may take. */
const settleMs = Number(env['RESETCAST_DB_TIMEOUT_MS']) > 0 ? Number(env['RESETCAST_DB_TIMEOUT_MS']) : DB_TIMEOUT_MS;

/** The database could not be used: said in its own line already. */
class NothingSent extends Error {}

let db: Database | null = null;
try {
  const texts = readDataTexts(dir);
  try {
    // One line at once when another command has the embedded database, not minutes of silence.
    db = await openDatabase({ env, embeddedDir: join(root, EMBEDDED_DIR), onWait: (line) => console.log(`⏳ ${line}`) });
    const applied = await applyMigrations(db, migrationsIn(join(root, 'netlify/database/migrations')));
    console.log(`✅ database: ${db.label}${applied.length > 0 ? ` (applied ${applied.join(', ')})` : ''}`);
  } catch (e) {
    console.error(`❌ database: ${(e as Error).message}; nothing sent`);
    throw new NothingSent();
  }
  // The retired data/sent-log.json is imported before the ledger's first call, once per database (whichever sender is first).
  // Every text the ledger stores is cleaned of the environment's secrets (and each outlet's credential).
  const ledger = importingFirst(
    alertLedger(db.sql, { redact: redactorFrom(env), settleMs, leaseMs }),
    db.sql,
    { text: texts[DATA_FILES.sentLog], now },
    (l) => console.log(l),
  );
  const result = await runBroadcast({ texts, now, http: commandHttp(env), urls: outletUrls(env), site, ledger });
  for (const l of result.lines) console.log(l);
  const pruned = await ledger.prune(now).catch(() => 0);
  if (pruned > 0) console.log(`✅ ledger: forgot ${pruned} row(s) of alerts older than the keep window`);
  process.exitCode = result.failed ? 1 : 0;
} catch (e) {
  if (e instanceof NothingSent) process.exitCode = 1;
  else if (e instanceof DataError) {
    console.error(`broadcast refused: data/ is invalid, nothing sent\n${e.message}`);
    process.exitCode = 2;
  } else {
    console.error(`❌ broadcast failed: ${(e as Error).message}`);
    process.exitCode = 1;
  }
} finally {
  await db?.close();
}
