/**
 * Broadcasting alerts to the configured outlets, pure apart from the injected HTTP: the alerts and the
 * sent-log text in, the new sent-log text and one check per outlet out. Each outlet runs and fails
 * alone, like a source: `ok`, `failed` (with why) or `skipped` (no URL configured). Within an outlet,
 * alerts go oldest first, and each attempt is recorded by how it ended (docs/alerts.md, "Exactly once"):
 * `sent` when the outlet confirmed it; `uncertain` when it may have arrived (no answer in time, a 5xx,
 * the connection lost after sending, a 2xx that is not the outlet's answer): never repeated blindly,
 * resent at most once; `failed` when the outlet refused that message (400, 413, 422): the next alerts
 * still go, and it is tried again at most twice. A failure that says the outlet itself is unusable
 * (unreachable, rate-limited, a wrong or moved URL, a channel that refuses every message: Outlet.refusesAll)
 * stops that outlet for this broadcast and records nothing against the alert, which goes out next time.
 */
import { stableStringify } from '../../core/json.ts';
import { check, line, settle, skipped, type Outcome } from '../../net/outcome.ts';
import { HttpError, sendJson, type HttpDeps } from '../../net/http.ts';
import type { Alert, DeliveryState, OutletLog, SentAlert, SourceCheck } from '../../core/schema/index.ts';
import { shortAlertId } from '../../core/alerts/derive.ts';
import { alertMessage } from '../../core/alerts/message.ts';
import { OUTLETS, outletRedactor, type Outlet, type OutletName, type OutletUrls } from './outlets/index.ts';
import { attemptRecord, keepSent, outletEntry, pendingAlerts, readSentLog, SEND_RULES } from './sent-log.ts';

export interface BroadcastInput {
  /** Every alert of the new dataset (deriveAlerts); which are new is decided here, against the sent-log. */
  alerts: readonly Alert[];
  /** data/sent-log.json as read, undefined when the file is missing. */
  sentLogText: string | undefined;
  urls: OutletUrls;
  http: HttpDeps;
  now: Date;
  /**
   * Called with the whole sent-log just before each send, that alert already recorded as `uncertain`
   * (a write-ahead record; the command writes it atomically). A crash after the send then leaves a log
   * that allows one resend at most, as for any uncertain attempt, and a second writer reading it in the
   * meantime does not send that alert blindly either. With a shared log (shared-log.ts) it is a claim:
   * `false` means another sender holds or settled that (outlet, alert), which is then skipped, unrecorded.
   */
  checkpoint?: (sentLog: string, attempt: Attempt) => void | boolean | Promise<void | boolean>;
}

/** The attempt a checkpoint is written for: which outlet, and its write-ahead record. */
export interface Attempt {
  outlet: OutletName;
  record: SentAlert;
}

export interface BroadcastResult {
  sentLog: string;
  checks: SourceCheck[];
  /** A ⚠️ line for a sent-log problem, then one ✅/❌/⏭️ line per outlet. */
  lines: string[];
  failed: boolean;
}

/** Outlets answer in a few hundred bytes; more is not an outlet speaking. */
export const OUTLET_MAX_BYTES = 65_536;

/** Why a send failed, in words: a redirect is named as one (webhooks are never followed: docs/alerts.md). */
function failure(e: unknown): string {
  const message = (e as Error).message;
  if (e instanceof HttpError && e.status !== null && e.status >= 300 && e.status < 400) return `${message}: redirected; a webhook URL that redirects is not followed (update the URL)`;
  return message;
}

/** Statuses that refuse this one message (its content), not the outlet: the alerts after it still go. */
const REFUSED_MESSAGE = new Set([400, 413, 422]);
/** Two attempts in a row without a clear answer: the outlet is not answering; the rest wait for the next broadcast. */
const UNCERTAIN_IN_A_ROW = 2;

type Ending = { state: DeliveryState; why: string } | { state: 'stop'; why: string };

/** How a send that threw ended: the HTTP client marks what may have arrived (`retryUncertain: false`). */
function ending(outlet: Outlet, e: unknown): Ending {
  if (e instanceof HttpError && e.uncertain) return { state: 'uncertain', why: e.message };
  if (e instanceof HttpError && e.status !== null && REFUSED_MESSAGE.has(e.status) && !outlet.refusesAll?.(e.status, e.message)) return { state: 'failed', why: e.message };
  return { state: 'stop', why: failure(e) };
}

interface Delivery {
  records: SentAlert[];
  problems: string[];
  left: number;
  /** Alerts another sender had claimed or settled (a shared log refused the claim): skipped, unrecorded. */
  held: number;
}

function problemOf(alert: Alert, end: Ending, before: SentAlert | undefined): string {
  const id = shortAlertId(alert.id);
  if (end.state === 'stop') return `${id} not delivered: ${end.why}`;
  const n = (before?.attempts ?? 0) + 1;
  if (end.state === 'uncertain') {
    const again = n < SEND_RULES.maxAttempts.uncertain ? 'resent once on the next broadcast' : 'not resent again';
    return `${id} may have been delivered (${end.why}); recorded as uncertain, ${again}`;
  }
  return `${id} refused: ${end.why} (attempt ${n} of ${SEND_RULES.maxAttempts.failed})`;
}

/** Records the attempts so far, plus the one about to be made (as uncertain), before it is made; false: another sender has it. */
type BeforeSend = (records: readonly SentAlert[]) => Promise<boolean>;

async function deliver(outlet: Outlet, configured: string, pending: readonly Alert[], before: readonly SentAlert[], http: HttpDeps, now: Date, beforeSend: BeforeSend): Promise<Delivery> {
  const previous = new Map(before.map((s) => [s.id, s]));
  const records: SentAlert[] = [];
  const problems: string[] = [];
  let unclear = 0;
  let held = 0;
  for (const [i, alert] of pending.entries()) {
    let end: Ending;
    let wrongAnswer = false;
    if (!(await beforeSend([...records, attemptRecord(alert, 'uncertain', previous.get(alert.id), now)]))) {
      held++;
      continue;
    }
    try {
      const { url, body } = outlet.request(configured, alertMessage(alert));
      // Not followed: a webhook that moved is a misconfiguration, and following it could post elsewhere.
      // Not retried when it may have arrived: the sent-log decides, across broadcasts.
      const res = await sendJson(http, url, body, { maxBytes: OUTLET_MAX_BYTES, redirect: 'manual', retryUncertain: false, ...(outlet.delayFromBody ? { delayFromBody: outlet.delayFromBody } : {}), ...(outlet.describeError ? { describeError: outlet.describeError } : {}) });
      const problem = outlet.problem(res);
      // A 2xx that is not the outlet's answer: something accepted it; if it was the outlet after all, a blind resend would duplicate it.
      end = problem ? { state: 'uncertain', why: problem } : { state: 'sent', why: '' };
      wrongAnswer = problem !== null;
    } catch (e) {
      end = ending(outlet, e);
    }
    if (end.state !== 'sent') problems.push(outletRedactor(outlet, configured)(problemOf(alert, end, previous.get(alert.id))));
    if (end.state === 'stop') return { records, problems, left: pending.length - i, held };
    records.push(attemptRecord(alert, end.state, previous.get(alert.id), now));
    unclear = end.state === 'uncertain' ? unclear + 1 : 0;
    // A URL answering as something else is not the outlet: the rest wait until it is fixed.
    if (wrongAnswer || unclear >= UNCERTAIN_IN_A_ROW) return { records, problems, left: pending.length - i - 1, held };
  }
  return { records, problems, left: 0, held };
}

const isHttpUrl = (s: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

async function runOutlet(outlet: Outlet, input: BroadcastInput, before: OutletLog | undefined, beforeSend: BeforeSend): Promise<{ outcome: Outcome<number>; records: SentAlert[] }> {
  const configured = input.urls[outlet.name];
  if (!configured) return { outcome: await skipped(`${outlet.env} not set`), records: [] };
  if (!isHttpUrl(configured)) return { outcome: { outcome: 'failed', error: `${outlet.env} is not an http(s) URL` }, records: [] };
  const pending = pendingAlerts(input.alerts, before?.sent ?? [], input.now);
  const result = await deliver(outlet, configured, pending, before?.sent ?? [], input.http, input.now, beforeSend);
  const n = result.records.filter((r) => r.state === 'sent').length;
  const held = result.held > 0 ? `; ${result.held} held by another sender` : '';
  if (result.problems.length > 0) {
    const left = result.left > 0 ? `; ${result.left} left for the next broadcast` : '';
    return { outcome: { outcome: 'failed', error: `${result.problems.join('; ')} (${n} of ${pending.length} sent${left}${held})` }, records: result.records };
  }
  return { outcome: { outcome: 'ok', value: n, detail: `${n === 0 ? 'nothing new to send' : `sent ${n} alert(s)`}${held}` }, records: result.records };
}

export async function broadcast(input: BroadcastInput): Promise<BroadcastResult> {
  const { log, problem } = readSentLog(input.sentLogText, input.now);
  // Each outlet's entry as it stands mid-broadcast (outlets run in parallel), for the write-ahead checkpoints.
  const live = new Map(log.outlets.map((o) => [o.name, o]));
  const inProgress = (outlet: Outlet, before: OutletLog | undefined, records: readonly SentAlert[]): OutletLog => ({
    ...check(outlet.name, { outcome: 'failed', error: 'broadcast in progress (interrupted if this stays)' }, input.now, before, null),
    name: outlet.name, sent: keepSent(before?.sent ?? [], records, input.now),
  });
  const runs = await Promise.all(
    OUTLETS.map(async (outlet) => {
      const before = outletEntry(log, outlet.name);
      const beforeSend: BeforeSend = async (records) => {
        if (!input.checkpoint) return true;
        const attempt = { outlet: outlet.name, record: records.at(-1)! };
        const view = new Map(live).set(outlet.name, inProgress(outlet, before, records));
        const claimed = (await input.checkpoint(stableStringify({ outlets: OUTLETS.flatMap((o) => view.get(o.name) ?? []) }), attempt)) !== false;
        // A refused claim leaves this broadcast's view as it was: the alert is the other sender's.
        live.set(outlet.name, inProgress(outlet, before, claimed ? records : records.slice(0, -1)));
        return claimed;
      };
      // Whatever an adapter throws is that outlet's failure, never the broadcast's.
      const settled = await settle(() => runOutlet(outlet, input, before, beforeSend), () => '');
      const run = settled.outcome === 'ok' ? settled.value : { outcome: { outcome: 'failed', error: outletRedactor(outlet, input.urls[outlet.name] ?? '')(settled.error) } as Outcome<number>, records: [] };
      const entry: OutletLog = { ...check(outlet.name, run.outcome, input.now, before, null), name: outlet.name, sent: keepSent(before?.sent ?? [], run.records, input.now) };
      return { outlet, run, entry };
    }),
  );
  return {
    sentLog: stableStringify({ outlets: runs.map((r) => r.entry) }),
    checks: runs.map(({ entry: { sent: _sent, ...c } }) => c),
    lines: [...(problem ? [`⚠️ ${problem}`] : []), ...runs.map((r) => line(r.outlet.name, r.run.outcome))],
    failed: runs.some((r) => r.run.outcome.outcome === 'failed'),
  };
}

/**
 * `npm run broadcast`'s core: derives the alerts (a thunk, so a bug there is caught too) and broadcasts
 * them, and can never throw: a failure here fails the alerts, never anything else.
 */
export async function broadcastSafely(
  input: Omit<BroadcastInput, 'alerts'> & { alerts: () => readonly Alert[]; onDerived?: () => void },
): Promise<Omit<BroadcastResult, 'sentLog'> & { sentLog: string | undefined }> {
  try {
    const alerts = input.alerts();
    input.onDerived?.();
    return await broadcast({ ...input, alerts });
  } catch (e) {
    const message = OUTLETS.reduce((m, o) => outletRedactor(o, input.urls[o.name] ?? '')(m), (e as Error).message);
    return { sentLog: undefined, checks: [], lines: [`❌ alerts: ${message}; nothing sent, the sent-log is unchanged`], failed: true };
  }
}
