/**
 * Broadcasting alerts to the configured outlets, pure apart from the injected HTTP and the ledger: the
 * alerts in, one check and one ✅/❌/⏭️ line per outlet out. Each outlet runs and fails alone, like a
 * source. Within an outlet, alerts go oldest first, each **claimed in the ledger before it is sent**
 * and settled after (ledger.ts; docs/alerts.md, "Claims, leases and attempts"): an alert another
 * sender holds, sent or gave up is skipped. How a send ended is decided in one place (ending.ts):
 * sent, uncertain (resent at most once, after its lease), refused for its content (tried three times
 * in all: the next alerts still go), or released (it provably did not arrive: no attempt used, the
 * next run sends it). An ending that concerns the outlet (unreachable, rate-limited, a wrong or moved
 * URL, two unclear answers in a row) stops that outlet for this run; its other alerts are not claimed,
 * so they go next time. A per-message ending never holds back the alerts after it.
 */
import { check, line, settle, skipped, type Outcome } from '../outcome.ts';
import { sendJson, type HttpDeps } from '../../net/http.ts';
import type { Alert, SourceCheck } from '../../core/schema/index.ts';
import { shortAlertId } from '../../core/alerts/derive.ts';
import { alertMessage } from '../../core/alerts/message.ts';
import { OUTLETS, outletRedactor, type Outlet, type OutletUrls } from './outlets/index.ts';
import { pendingAlerts, SEND_RULES } from './sent-log.ts';
import { endingOfAnswer, endingOfError, type Ending } from './ending.ts';
import { attemptable, CLAIM_LEASE_MS, type AlertLedger, type Settled } from './ledger.ts';

export interface BroadcastInput {
  /** Every alert of the new dataset (deriveAlerts); which are still to send is decided by the ledger. */
  alerts: readonly Alert[];
  ledger: AlertLedger;
  /** The claims' lease (ledger.ts, CLAIM_LEASE_MS); each send's deadline is half of it. */
  leaseMs?: number;
  urls: OutletUrls;
  http: HttpDeps;
  now: Date;
  /** Said after each outlet's name in its line (`ntfy (deployed alerts): …`), when one run has several broadcasts. */
  label?: string;
}

/** What happened to one (outlet, alert) in this run: for the report and the concurrency tests. */
export interface Decision {
  outlet: Outlet['name'];
  id: string;
  result: Ending['kind'] | 'held' | 'lost';
  why?: string;
}

export interface BroadcastResult {
  checks: SourceCheck[];
  /** One ✅/❌/⏭️ line per outlet. */
  lines: string[];
  decisions: Decision[];
  failed: boolean;
}

/** Outlets answer in a few hundred bytes; more is not an outlet speaking. */
export const OUTLET_MAX_BYTES = 65_536;

/** Two unclear answers in a row: the outlet is not answering; the rest wait for the next run, unclaimed. */
const UNCERTAIN_IN_A_ROW = 2;

function problemOf(id: string, end: Ending, settled: Settled): string | null {
  if (end.kind === 'sent') return null;
  if (end.kind === 'released') return `${id} not delivered: ${end.why}`;
  if (end.kind === 'uncertain') {
    const again =
      (settled?.uncertainAttempts ?? SEND_RULES.maxAttempts.uncertain) < SEND_RULES.maxAttempts.uncertain
        ? 'resent once after its lease'
        : 'not resent again';
    return `${id} may have been delivered (${end.why}); recorded as uncertain, ${again}`;
  }
  return `${id} refused: ${end.why} (attempt ${settled?.refusedAttempts ?? '?'} of ${SEND_RULES.maxAttempts.failed})`;
}

/** One send: the outlet's answer as an Ending. Never throws. */
async function sendOne(outlet: Outlet, configured: string, alert: Alert, http: HttpDeps): Promise<Ending> {
  try {
    const { url, body } = outlet.request(configured, alertMessage(alert));
    // Not followed: a webhook that moved is a misconfiguration, and following it could post elsewhere.
    // Not retried when it may have arrived: the ledger decides, across runs.
    const res = await sendJson(http, url, body, {
      maxBytes: OUTLET_MAX_BYTES,
      redirect: 'manual',
      retryUncertain: false,
      ...(outlet.delayFromBody ? { delayFromBody: outlet.delayFromBody } : {}),
      ...(outlet.describeError ? { describeError: outlet.describeError } : {}),
    });
    return endingOfAnswer(outlet.problem(res));
  } catch (e) {
    return endingOfError(outlet, e);
  }
}

interface Delivery {
  sent: number;
  problems: string[];
  left: number;
  held: number;
  decisions: Decision[];
}

async function deliver(outlet: Outlet, configured: string, pending: readonly Alert[], input: BroadcastInput): Promise<Delivery> {
  const out: Delivery = { sent: 0, problems: [], left: 0, held: 0, decisions: [] };
  const sendBudgetMs = (input.leaseMs ?? CLAIM_LEASE_MS) / 2;
  let unclear = 0;
  for (const [i, alert] of pending.entries()) {
    const id = shortAlertId(alert.id);
    const claimed = await input.ledger.claim(outlet.name, alert);
    if ('held' in claimed) {
      out.held++;
      out.decisions.push({ outlet: outlet.name, id: alert.id, result: 'held', why: claimed.held });
      continue;
    }
    // The send ends well inside the lease, which began before the claim came back: nobody takes it over mid-send.
    const ownDeadline = input.http.now().getTime() + sendBudgetMs;
    const http = { ...input.http, deadline: Math.min(input.http.deadline ?? Infinity, ownDeadline) };
    const end = await sendOne(outlet, configured, alert, http);
    const settled = await input.ledger.settle(claimed.claim, end);
    out.decisions.push({
      outlet: outlet.name,
      id: alert.id,
      result: settled === null ? 'lost' : end.kind,
      ...(end.kind === 'sent' ? {} : { why: end.why }),
    });
    if (end.kind === 'sent') out.sent++;
    const problem =
      settled === null ? `${id}: its claim was taken over before the outcome was recorded (${end.kind})` : problemOf(id, end, settled);
    if (problem) out.problems.push(outletRedactor(outlet, configured)(problem));
    unclear = end.kind === 'uncertain' ? unclear + 1 : 0;
    const stops = ((end.kind === 'released' || end.kind === 'uncertain') && end.stopsOutlet) || unclear >= UNCERTAIN_IN_A_ROW;
    if (stops) {
      out.left = pending.length - i - 1 + (end.kind === 'released' ? 1 : 0);
      return out;
    }
  }
  return out;
}

const isHttpUrl = (s: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

async function runOutlet(outlet: Outlet, input: BroadcastInput, decisions: Decision[]): Promise<Outcome<number>> {
  const configured = input.urls[outlet.name];
  if (!configured) return skipped(`${outlet.env} not set`);
  if (!isHttpUrl(configured)) return { outcome: 'failed', error: `${outlet.env} is not an http(s) URL` };
  const known = await input.ledger.deliveries(
    outlet.name,
    input.alerts.map((a) => a.id),
  );
  const pending = pendingAlerts(input.alerts, (id) => attemptable(known.get(id)), input.now);
  const result = await deliver(outlet, configured, pending, input);
  decisions.push(...result.decisions);
  const n = result.sent;
  const held = result.held > 0 ? `; ${result.held} held by another sender` : '';
  if (result.problems.length > 0) {
    const left = result.left > 0 ? `; ${result.left} left for the next broadcast` : '';
    return { outcome: 'failed', error: `${result.problems.join('; ')} (${n} of ${pending.length} sent${left}${held})` };
  }
  return { outcome: 'ok', value: n, detail: `${n === 0 ? 'nothing new to send' : `sent ${n} alert(s)`}${held}` };
}

export async function broadcast(input: BroadcastInput): Promise<BroadcastResult> {
  const decisions: Decision[] = [];
  const runs = await Promise.all(
    OUTLETS.map(async (outlet) => {
      // Whatever an adapter or the ledger throws is that outlet's failure, never the broadcast's.
      const settled = await settle(
        () => runOutlet(outlet, input, decisions),
        () => '',
      );
      const outcome: Outcome<number> =
        settled.outcome === 'ok'
          ? settled.value
          : { outcome: 'failed', error: outletRedactor(outlet, input.urls[outlet.name] ?? '')(settled.error) };
      return { outlet, outcome };
    }),
  );
  return {
    checks: runs.map((r) => check(r.outlet.name, r.outcome, input.now, undefined, null)),
    lines: runs.map((r) => line(input.label ? `${r.outlet.name} (${input.label})` : r.outlet.name, r.outcome)),
    decisions,
    failed: runs.some((r) => r.outcome.outcome === 'failed'),
  };
}

/**
 * `npm run broadcast`'s core: derives the alerts (a thunk, so a bug there is caught too) and broadcasts
 * them, and can never throw: a failure here fails the alerts, never anything else.
 */
export async function broadcastSafely(
  input: Omit<BroadcastInput, 'alerts'> & { alerts: () => readonly Alert[]; onDerived?: () => void },
): Promise<BroadcastResult> {
  try {
    const alerts = input.alerts();
    input.onDerived?.();
    return await broadcast({ ...input, alerts });
  } catch (e) {
    const message = OUTLETS.reduce((m, o) => outletRedactor(o, input.urls[o.name] ?? '')(m), (e as Error).message);
    return { checks: [], lines: [`❌ alerts: ${message}; nothing sent`], decisions: [], failed: true };
  }
}
