/**
 * The deployed-alerts step of a watcher run (docs/alerts.md, "The deployed-alerts step"): every alert
 * the deploy publishes in `/api/v1/alerts.json` (promises and their outcomes, thresholds, corrections,
 * expiry reminders, and the resets and grants the fast path did not see) is sent through the same
 * ledger and broadcast as the fast path, so the platform is the one sender and an alert either path
 * already sent is never sent again (same ids). Which alerts are due is the ledger's and `pendingAlerts`'
 * decision (24 h window, at most SEND_RULES.maxPerRun per outlet and run), never this step's.
 *
 * Asleep on a quiet run: the file is read every run (one request the CDN answers from its cache: the
 * timetable serves alerts.json per clock state, docs/timetable.md, so a reminder falling due, a threshold
 * crossed or a promise lapsing appears in it at its second, with no deploy), and the ledger, so the
 * database, is asked only when an alert of it may still be owed: issued by now, at most a day old, and not
 * one the state knows every configured outlet is finished with (finished.ts). After a broadcast the alerts
 * the ledger says are finished are kept in the state; one still attemptable (an uncertain one to resend
 * after its lease, a refused one with attempts left, one another sender holds, one left over by the
 * per-run cap) stays owed, and the next run asks again: so a due alert is never skipped.
 *
 * Pure apart from the HTTP and the stores passed in.
 */
import { AlertsPayload, type Alert } from '../../core/schema/index.ts';
import { siteUrl } from '../../core/site.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';
import { broadcast } from '../broadcast/broadcast.ts';
import type { OutletUrls } from '../broadcast/outlets/index.ts';
import { parseOrThrow } from '../intake/parse.ts';
import { configuredOutlets, finishedIds, owedAlerts, recordFinished } from './finished.ts';
import type { Stored } from './input.ts';
import type { LedgerAccess } from './ledger-access.ts';

export const DEPLOYED_ALERTS_PATH = '/api/v1/alerts.json';
/** alerts.json holds every alert ever derived (a few hundred bytes each); the cap only bounds a broken deploy. */
const ALERTS_MAX_BYTES = 8 * 1024 * 1024;
/** The file's own deadline: it is ours, on the CDN; longer is a broken deploy, and the sends need the rest of the run. */
export const DEPLOYED_READ_MS = 5_000;
/** Less than this left of the run: the step does not start (the next run, a minute later, does it). */
export const DEPLOYED_MIN_LEFT_MS = 6_000;
/** How the step names itself in its lines, and after each outlet's name. */
const LABEL = 'deployed alerts';

export interface DeployedInput {
  now: Date;
  http: HttpDeps;
  /** The deployed site (its URL). */
  deploy: string;
  ledger: LedgerAccess;
  /** The state as the run read it (null: none could be read; then every alert of the day is asked about). */
  stored: Stored | null;
  urls: OutletUrls;
}

/** The deploy's alerts (read once, no retry, within DEPLOYED_READ_MS and the run's deadline). */
async function readDeployed(input: DeployedInput): Promise<Alert[]> {
  const http = {
    ...input.http,
    retries: 0,
    deadline: Math.min(input.http.deadline ?? Infinity, input.http.now().getTime() + DEPLOYED_READ_MS),
  };
  const answer = await getJson(http, siteUrl(DEPLOYED_ALERTS_PATH, input.deploy), { maxBytes: ALERTS_MAX_BYTES });
  return parseOrThrow(AlertsPayload, answer.body, `the site's ${DEPLOYED_ALERTS_PATH}`).alerts;
}

/**
 * Sends what the deploy's alerts.json still owes each configured outlet; returns one line for the
 * step and one per outlet it sent to or failed on. Never throws: each failure is its line.
 */
export async function sendDeployedAlerts(input: DeployedInput): Promise<string[]> {
  const outlets = configuredOutlets(input.urls);
  if (outlets.length === 0) return [`⏭️ ${LABEL}: no outlet configured`];
  const left = (input.http.deadline ?? Infinity) - input.http.now().getTime();
  if (left < DEPLOYED_MIN_LEFT_MS)
    return [`⏭️ ${LABEL}: not started, ${Math.max(0, Math.round(left / 1000))} s left of this run; the next run sends them`];
  let alerts: Alert[];
  try {
    alerts = await readDeployed(input);
  } catch (e) {
    return [`❌ ${LABEL}: ${DEPLOYED_ALERTS_PATH} cannot be read (${(e as Error).message}); nothing sent, the next run reads it again`];
  }
  const owed = owedAlerts(alerts, finishedIds(input.stored?.finished ?? null, outlets), input.now);
  if (owed.length === 0) return [`✅ ${LABEL}: ${alerts.length} alert(s) in the deploy, none owed (each finished or over a day old)`];
  const got = await input.ledger.get();
  if ('problem' in got) {
    const why = 'nothing is sent this run (nothing can be claimed); the next run sends them';
    return [got.first ? `❌ database: ${got.problem}; ${why}` : `⏭️ ${LABEL}: ${owed.length} owed, not sent (no database, above: ${why})`];
  }
  try {
    const result = await broadcast({ alerts: owed, ledger: got.ledger, urls: input.urls, http: input.http, now: input.now, label: LABEL });
    const after: string[] = [];
    const done = await recordFinished(input.stored?.store ?? null, got.ledger, outlets, owed, input.now, after);
    const still = done === null ? owed.length : owed.length - done.length;
    const state = still === 0 ? 'nothing left to send' : `${still} still owed: asked again next run`;
    return [
      `✅ ${LABEL}: ${alerts.length} alert(s) in the deploy, ${owed.length} owed, ${state}`,
      ...result.lines.filter((l) => !l.startsWith('⏭️')),
      ...after,
    ];
  } catch (e) {
    return [`❌ ${LABEL}: the database failed (${(e as Error).message}); what was not claimed was not sent, the next run tries again`];
  }
}
