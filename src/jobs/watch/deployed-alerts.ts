/**
 * The deployed-alerts step of a watcher run (docs/alerts.md, "The deployed-alerts step"): every alert
 * the deploy publishes in `/api/v1/alerts.json` (promises and their outcomes, thresholds, corrections,
 * expiry reminders, and the resets and grants the fast path did not see) is sent through the same
 * ledger and broadcast as the fast path, so the platform is the one sender and an alert either path
 * already sent is never sent again (same ids). Which alerts are due is the ledger's and `pendingAlerts`'
 * decision (24 h window, at most SEND_RULES.maxPerRun per outlet and run), never this step's.
 *
 * Cheap on a quiet minute: the file is read every run (one request the CDN answers from its cache: the
 * timetable serves alerts.json per clock state, docs/timetable.md, so a reminder falling due, a threshold
 * crossed or a promise lapsing appears in it at its second, with no deploy), and the run remembers (table
 * `deployed_alerts`) which answer it last read (the digest of its ETag, with the deploy's id when there is
 * one) and whether that run left anything to send. The same answer, settled: nothing is broadcast.
 * Otherwise the file is broadcast, and the answer is marked settled only when no configured outlet has an
 * alert of it still attemptable by the ledger's rules (an uncertain one to resend after its lease, a
 * refused one with attempts left, one another sender holds, one left over by the per-run cap, one whose
 * time has not come): so a due alert is never skipped.
 *
 * Pure apart from the HTTP and the `Sql` passed in.
 */
import { createHash } from 'node:crypto';
import { AlertsPayload, type Alert } from '../../core/schema/index.ts';
import type { Sql } from '../../core/sql.ts';
import { siteUrl } from '../../core/site.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';
import { broadcast } from '../broadcast/broadcast.ts';
import { attemptable, type AlertLedger } from '../broadcast/ledger.ts';
import { OUTLETS, type OutletUrls } from '../broadcast/outlets/index.ts';
import { pendingAlerts } from '../broadcast/sent-log.ts';
import { parseOrThrow } from '../intake/parse.ts';

export const DEPLOYED_ALERTS_PATH = '/api/v1/alerts.json';
/** alerts.json holds every alert ever derived (a few hundred bytes each); the cap only bounds a broken deploy. */
const ALERTS_MAX_BYTES = 8 * 1024 * 1024;
/** The file's own deadline: it is ours, on the CDN; longer is a broken deploy, and the sends need the rest of the run. */
export const DEPLOYED_READ_MS = 5_000;
/** Less than this left of the run: the step does not start (the next run, a minute later, does it). */
export const DEPLOYED_MIN_LEFT_MS = 6_000;
/** How the step names itself in its lines, and after each outlet's name. */
const LABEL = 'deployed alerts';

/** What the last run noted about the answer it read. */
export interface DeployedMark {
  /** What identifies the answer (answerKey): the digest of its ETag, after the deploy's id when there is one. */
  deploy: string;
  /** That run left nothing to send: the same answer need not be broadcast again. */
  settled: boolean;
}

export interface DeployedStore {
  read(): Promise<DeployedMark | null>;
  write(mark: DeployedMark): Promise<void>;
}

export function deployedStore(sql: Sql): DeployedStore {
  return {
    async read() {
      const { rows } = await sql.query<{ deploy: string; settled: boolean }>('SELECT deploy, settled FROM deployed_alerts WHERE id');
      return rows[0] ?? null;
    },
    async write(mark) {
      await sql.query(
        `INSERT INTO deployed_alerts (id, deploy, settled, checked_at) VALUES (true, $1, $2, clock_timestamp())
         ON CONFLICT (id) DO UPDATE SET deploy = $1, settled = $2, checked_at = clock_timestamp()`,
        [mark.deploy, mark.settled],
      );
    },
  };
}

export interface DeployedInput {
  now: Date;
  http: HttpDeps;
  /** The deployed site (its URL). */
  deploy: string;
  /** The deploy's id as the platform gives it to the function; absent: the file's ETag alone identifies the answer. */
  deployId?: string | undefined;
  ledger: AlertLedger;
  store: DeployedStore;
  urls: OutletUrls;
}

/** The deploy's alerts, and what identifies this answer (null: nothing does, so it is never skipped). */
async function readDeployed(input: DeployedInput): Promise<{ alerts: Alert[]; key: string | null }> {
  const http = {
    ...input.http,
    retries: 0,
    deadline: Math.min(input.http.deadline ?? Infinity, input.http.now().getTime() + DEPLOYED_READ_MS),
  };
  const answer = await getJson(http, siteUrl(DEPLOYED_ALERTS_PATH, input.deploy), { maxBytes: ALERTS_MAX_BYTES });
  const payload = parseOrThrow(AlertsPayload, answer.body, `the site's ${DEPLOYED_ALERTS_PATH}`);
  return { alerts: payload.alerts, key: answerKey(input.deployId, answer.headers.get('etag')) };
}

/**
 * The file's ETag stands for the answer by equality only, so it is kept as its digest: no text the network
 * sent is stored (a header may carry anything, a credential included), and a long one takes no more room.
 */
export const etagKey = (etag: string | null): string | null =>
  etag === null ? null : `etag-sha256:${createHash('sha256').update(etag).digest('hex')}`;

/**
 * What identifies an answer of alerts.json: its ETag's digest (the timetable function sets one per state,
 * a static file has one per content), after the deploy's id when there is one (two deploys' answers never
 * share a mark). The deploy id alone would not do: one deploy serves a new state at each reminder, crossing
 * or lapse. No ETag: nothing identifies the answer (null), so it is broadcast every run and the ledger decides.
 */
export function answerKey(deployId: string | undefined, etag: string | null): string | null {
  const digest = etagKey(etag);
  if (digest === null) return null;
  return deployId === undefined ? digest : `${deployId} ${digest}`;
}

/** Whether no configured outlet has an alert of `alerts` the ledger would still let a sender attempt, now or later. */
async function nothingLeft(input: DeployedInput, alerts: readonly Alert[]): Promise<boolean> {
  if (alerts.some((a) => Date.parse(a.at) > input.now.getTime())) return false;
  for (const outlet of OUTLETS.filter((o) => input.urls[o.name])) {
    const known = await input.ledger.deliveries(
      outlet.name,
      alerts.map((a) => a.id),
    );
    if (pendingAlerts(alerts, (id) => attemptable(known.get(id)), input.now).length > 0) return false;
  }
  return true;
}

/**
 * Sends what the deploy's alerts.json still owes each configured outlet; returns one line for the
 * step and one per outlet it sent to or failed on. Never throws: each failure is its line.
 */
export async function sendDeployedAlerts(input: DeployedInput): Promise<string[]> {
  if (!OUTLETS.some((o) => input.urls[o.name])) return [`⏭️ ${LABEL}: no outlet configured`];
  const left = (input.http.deadline ?? Infinity) - input.http.now().getTime();
  if (left < DEPLOYED_MIN_LEFT_MS)
    return [`⏭️ ${LABEL}: not started, ${Math.max(0, Math.round(left / 1000))} s left of this run; the next run sends them`];
  try {
    const mark = await input.store.read();
    let read: Awaited<ReturnType<typeof readDeployed>>;
    try {
      read = await readDeployed(input);
    } catch (e) {
      return [`❌ ${LABEL}: ${DEPLOYED_ALERTS_PATH} cannot be read (${(e as Error).message}); nothing sent, the next run reads it again`];
    }
    if (read.key !== null && mark?.deploy === read.key && mark.settled)
      return [`✅ ${LABEL}: ${read.alerts.length} alert(s), unchanged since the last run, nothing left to send`];
    const result = await broadcast({
      alerts: read.alerts,
      ledger: input.ledger,
      urls: input.urls,
      http: input.http,
      now: input.now,
      label: LABEL,
    });
    const settled = !result.failed && (await nothingLeft(input, read.alerts));
    if (read.key !== null) await input.store.write({ deploy: read.key, settled });
    return [
      `✅ ${LABEL}: ${read.alerts.length} alert(s) in the deploy${settled ? ', nothing left to send' : ', some still owed: read again next run'}`,
      ...result.lines.filter((l) => !l.startsWith('⏭️')),
    ];
  } catch (e) {
    return [`❌ ${LABEL}: the database failed (${(e as Error).message}); what was not claimed was not sent, the next run tries again`];
  }
}
