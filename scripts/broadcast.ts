/**
 * `npm run broadcast`: announces the alerts of the committed data/ to the outlets whose URL is set
 * (NTFY_TOPIC_URL, DISCORD_WEBHOOK_URL, SLACK_WEBHOOK_URL; Telegram: TELEGRAM_BOT_TOKEN with
 * TELEGRAM_CHAT_ID, the API base overridable with RESETCAST_TELEGRAM_API) and records each attempt in
 * data/sent-log.json, written atomically (docs/alerts.md). The scheduled workflow runs it only after the
 * pull's data/ has validated, built and been committed, and commits the sent-log it writes. Exit 0 when
 * every outlet succeeded or was skipped, 1 when any failed (the sent-log still records what happened),
 * 2 when data/ is invalid (nothing sent, nothing written).
 *
 * With RESETCAST_BLOBS_SITE_ID and RESETCAST_BLOBS_TOKEN set, the sent-log is the one the watcher shares
 * in Netlify Blobs (src/jobs/broadcast/shared-log.ts): each send is claimed there first, so an alert the
 * watcher sent (or is sending) is not sent again; data/sent-log.json is merged in and receives the result.
 */
// First: every later write to stdout/stderr is redacted of secrets and cannot run a workflow command.
import './lib/guard-output.ts';
import { buildNow } from '../src/io/clock.ts';
import { commandHttp } from './lib/http.ts';
import { dataDir, readDataTexts, writeDataTexts } from '../src/io/data-folder.ts';
import { DATA_FILES } from '../src/core/dataset/files.ts';
import { DataError } from '../src/core/dataset/index.ts';
import { outletUrls } from '../src/jobs/broadcast/outlets/index.ts';
import { runBroadcast } from '../src/jobs/broadcast/run.ts';
import { blobTextStore, sharedSentLog, type SharedSentLog } from '../src/jobs/broadcast/shared-log.ts';
import { mergeSentLogs, readSentLog } from '../src/jobs/broadcast/sent-log.ts';
import { stableStringify } from '../src/core/json.ts';
import { configuredBlobStore } from './lib/blob-store.ts';
import { SITE } from '../src/core/site.ts';
import { BROADCAST } from './lib/commands/jobs.ts';
import { parseCommand } from './lib/flags.ts';

parseCommand(BROADCAST);

const env = process.env;
// One clock for the run: the claims, the committed log's window and the alerts all read the same instant.
const now = buildNow(env);
const dir = dataDir(env);

try {
  const texts = readDataTexts(dir);
  const blobs = configuredBlobStore(env);
  let shared: SharedSentLog | null = null;
  if (blobs) {
    shared = sharedSentLog(blobTextStore(blobs), now);
    // The committed log's records count too (they predate the shared one, or were written without it).
    const both = mergeSentLogs(readSentLog(await shared.load(), now).log, readSentLog(texts[DATA_FILES.sentLog], now).log);
    texts[DATA_FILES.sentLog] = stableStringify(both);
  }
  const result = await runBroadcast({
    texts,
    now,
    http: commandHttp(env),
    urls: outletUrls(env),
    site: SITE.url,
    // Before each send, the log with that alert recorded as uncertain: a crash after sending resends it once at most.
    // Shared: the same record is a claim in Blobs, refused when the watcher holds or settled that alert.
    checkpoint: shared ? (sentLog, attempt) => shared.claim(sentLog, attempt) : (sentLog) => writeDataTexts(dir, { [DATA_FILES.sentLog]: sentLog }),
  });
  if (shared) {
    const stored = await shared.finish(result.writes[DATA_FILES.sentLog] ?? texts[DATA_FILES.sentLog]!);
    result.writes[DATA_FILES.sentLog] = stored;
    for (const r of shared.refused) console.log(`⏭️ shared sent-log: ${r}`);
  }
  writeDataTexts(dir, result.writes);
  for (const l of result.lines) console.log(l);
  console.log(Object.keys(result.writes).length > 0 ? `wrote ${Object.keys(result.writes).join(', ')}` : 'no changes');
  process.exitCode = result.failed ? 1 : 0;
} catch (e) {
  console.error(e instanceof DataError ? `broadcast refused: data/ is invalid, nothing sent\n${e.message}` : `broadcast failed, nothing written: ${(e as Error).message}`);
  process.exitCode = 2;
}
