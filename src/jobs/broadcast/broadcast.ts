/**
 * Broadcasting alerts to the configured outlets, pure apart from the injected HTTP and the ledger: the
 * alerts in, one check and one ✅/❌/⏭️ line per outlet out. Each outlet runs and fails alone, like a
 * source. Within an outlet, alerts go oldest first, each **claimed in the ledger before it is sent**
 * and settled after (ledger.ts; docs/alerts.md, "Claims, leases and attempts"): an alert another
 * sender holds, sent or gave up is skipped. A claim is made only while the rest of the run's budget
 * covers a send (OUTLET_SEND_MS) and its settlement (the ledger's settleMs); the rest is left for the
 * next run, unclaimed. How a send ended is decided in one place (ending.ts): sent, uncertain (resent at
 * most once, after its lease), refused for its content (tried three times in all: the next alerts
 * still go), or released (it provably did not arrive: no attempt used, the next run sends it). A
 * settlement that fails is tried again (the ledger's is idempotent by its claim token), and a claim
 * whose answer was lost is released by its token. An ending that concerns the outlet (unreachable,
 * rate-limited, a wrong or moved URL, two unclear answers in a row) stops that outlet for this run;
 * its other alerts are not claimed, so they go next time. A per-message ending never holds back the
 * alerts after it.
 */
import { check, line, settle, skipped, type Outcome } from '../outcome.ts';
import { sendJson, type HttpDeps } from '../../net/http.ts';
import type { Alert, SourceCheck } from '../../core/schema/index.ts';
import { shortAlertId } from '../../core/alerts/derive.ts';
import { alertMessage } from '../../core/alerts/message.ts';
import { OUTLETS, outletCredentials, outletRedactor, type Outlet, type OutletUrls } from './outlets/index.ts';
import { pendingAlerts, SEND_RULES } from './send-rules.ts';
import { endingOfAnswer, endingOfError, type Ending } from './ending.ts';
import { attemptable, UnansweredClaim, type AlertLedger, type Claim, type Settled } from './ledger.ts';

export interface BroadcastInput {
  /** Every alert of the new dataset (deriveAlerts); which are still to send is decided by the ledger. */
  alerts: readonly Alert[];
  /** The run's ledger (one per run: it knows the run's own claims), with its lease and its call deadline. */
  ledger: AlertLedger;
  urls: OutletUrls;
  /** The run's HTTP, its clock and sleep; its `deadline` is the run's budget, for the sends and their settlements. */
  http: HttpDeps;
  now: Date;
  /** Said after each outlet's name in its line (`ntfy (deployed alerts): …`), when one run has several broadcasts. */
  label?: string;
  /**
   * A send's own deadline (OUTLET_SEND_MS unless given): shorter for a sender that must answer sooner (X's
   * webhook answers X within its 10 s), so that a claim still fits its budget.
   */
  sendMs?: number;
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

/**
 * A send's own deadline, from when its claim came back: one request's timeout of the shared client
 * (HTTP_DEFAULTS.timeoutMs). A healthy outlet answers well within it, and a retry the outlet asks for
 * (429) is made only if it can end inside it. Short on purpose: a watcher run (20 s) still has room for
 * a send and its settlement after its reads, and a claim's work ends far inside its lease.
 */
export const OUTLET_SEND_MS = 10_000;
/**
 * Everything one claim does, its send and its settlement with every retry, ends within this long of the
 * claim (on the sender's clock). CLAIM_LEASE_MS is five times longer: the margin that absorbs a database
 * clock stepping forward during a send (docs/alerts.md, "Claims, leases and attempts").
 */
export const CLAIM_WORK_MS = 60_000;
/** Tries of one settlement (or of the release of an unanswered claim), the pause doubling from SETTLE_PAUSE_MS between them. */
const SETTLE_TRIES = 4;
const SETTLE_PAUSE_MS = 250;

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
      // Its credential is taken out of every answer where it enters, before any cut could split it.
      credentials: outletCredentials(outlet, configured),
      ...(outlet.delayFromBody ? { delayFromBody: outlet.delayFromBody } : {}),
      ...(outlet.describeError ? { describeError: outlet.describeError } : {}),
    });
    return endingOfAnswer(outlet.problem(res));
  } catch (e) {
    return endingOfError(outlet, e);
  }
}

/** Milliseconds of the run's budget left (Infinity without one). */
const budgetLeft = (http: HttpDeps): number => (http.deadline ?? Infinity) - http.now().getTime();

/**
 * The claim's ending recorded: tried again after a failure (the ledger's settlement is idempotent by
 * its token, and the database binding gives each call a fresh connection when the last one failed),
 * with pauses, while another try can end inside the run's budget and the claim's work (`workEnd`).
 * Throws the last failure: the row then stays claimed, for the lease rule.
 */
async function settleSurely(ledger: AlertLedger, claim: Claim, end: Ending, http: HttpDeps, workEnd: number): Promise<Settled> {
  for (let tried = 1; ; tried++) {
    try {
      return await ledger.settle(claim, end);
    } catch (e) {
      const pause = SETTLE_PAUSE_MS * 2 ** (tried - 1);
      const until = Math.min(http.deadline ?? Infinity, workEnd);
      if (tried >= SETTLE_TRIES || http.now().getTime() + pause + ledger.settleMs > until) throw e;
      await http.sleep(pause);
    }
  }
}

interface Delivery {
  sent: number;
  problems: string[];
  left: number;
  /** Alerts another sender holds, sent or gave up meanwhile. */
  held: number;
  /** Alerts this run claimed earlier (the fast path, then the deployed-alerts step). */
  ownEarlier: number;
  /** Why the rest were left unclaimed although nothing failed (the run's budget), or null. */
  leftBecause: string | null;
  decisions: Decision[];
}

type Step = 'next' | 'stop';

/** Why no claim may start now (the run's budget cannot cover a send and its settlement), or null. */
function tooLate(input: BroadcastInput): string | null {
  const left = budgetLeft(input.http);
  const need = (input.sendMs ?? OUTLET_SEND_MS) + input.ledger.settleMs;
  return left < need ? `${Math.max(0, Math.round(left / 1000))} s of this run left, a send and its record need ${need / 1000} s` : null;
}

/** The alert claimed, or what this outlet does next: skip a held alert, or stop after a claim without an answer (released by its token). */
async function claimOne(outlet: Outlet, alert: Alert, input: BroadcastInput, workEnd: number, out: Delivery): Promise<Claim | Step> {
  const { ledger, http } = input;
  const redact = outletRedactor(outlet, input.urls[outlet.name] ?? '');
  const id = shortAlertId(alert.id);
  try {
    const claimed = await ledger.claim(outlet.name, alert, redact);
    if ('claim' in claimed) return claimed.claim;
    if (claimed.ours) out.ownEarlier++;
    else out.held++;
    out.decisions.push({ outlet: outlet.name, id: alert.id, result: 'held', why: claimed.held });
    return 'next';
  } catch (e) {
    if (!(e instanceof UnansweredClaim)) throw e;
    // It may have committed: give it back by its token (nothing was sent), then stop this outlet for the run.
    const end: Ending = { kind: 'released', why: `the claim got no answer (${e.message}); nothing sent`, stopsOutlet: true };
    const released = await settleSurely(ledger, e.claim, end, http, workEnd).then(
      () => 'released, nothing sent',
      (f: Error) => `nothing sent; its release failed too (${f.message}): if the claim was written, it is sent after its lease`,
    );
    out.problems.push(redact(`${id} could not be claimed (${e.message}); ${released}`));
    out.decisions.push({ outlet: outlet.name, id: alert.id, result: 'released', why: e.message });
    return 'stop';
  }
}

/** The send's ending recorded in the ledger and counted in `out`; whether the outlet goes on. */
async function record(claim: Claim, end: Ending, input: BroadcastInput, workEnd: number, out: Delivery): Promise<Step> {
  const outlet = claim.outlet as Outlet['name'];
  const id = shortAlertId(claim.alertId);
  if (end.kind === 'sent') out.sent++;
  let settled: Settled;
  try {
    settled = await settleSurely(input.ledger, claim, end, input.http, workEnd);
  } catch (e) {
    const what = end.kind === 'sent' ? 'sent' : `${end.kind} (${end.why})`;
    out.problems.push(
      claim.redact(`${id} ${what}, but not recorded (${(e as Error).message}); its claim stays: resent at most once after its lease`),
    );
    out.decisions.push({ outlet, id: claim.alertId, result: end.kind, why: 'not recorded' });
    return 'stop';
  }
  out.decisions.push({
    outlet,
    id: claim.alertId,
    result: settled === null ? 'lost' : end.kind,
    ...(end.kind === 'sent' ? {} : { why: end.why }),
  });
  const problem =
    settled === null ? `${id}: its claim was taken over before the outcome was recorded (${end.kind})` : problemOf(id, end, settled);
  if (problem) out.problems.push(claim.redact(problem));
  return (end.kind === 'released' || end.kind === 'uncertain') && end.stopsOutlet ? 'stop' : 'next';
}

/** One alert of one outlet: claimed (when the run's budget allows), sent and recorded, or skipped; what it did goes into `out`. */
async function deliverOne(outlet: Outlet, configured: string, alert: Alert, input: BroadcastInput, out: Delivery): Promise<Step> {
  const { ledger, http } = input;
  out.leftBecause = tooLate(input);
  if (out.leftBecause) return 'stop';
  const workEnd = http.now().getTime() + CLAIM_WORK_MS;
  const claim = await claimOne(outlet, alert, input, workEnd, out);
  if (typeof claim === 'string') return claim;
  // The send ends by its own deadline, leaving the settlement its time inside the run's budget.
  const sendEnd = Math.min(http.now().getTime() + (input.sendMs ?? OUTLET_SEND_MS), (http.deadline ?? Infinity) - ledger.settleMs, workEnd);
  const end = await sendOne(outlet, configured, alert, { ...http, deadline: sendEnd });
  return record(claim, end, input, workEnd, out);
}

async function deliver(outlet: Outlet, configured: string, pending: readonly Alert[], input: BroadcastInput): Promise<Delivery> {
  const out: Delivery = { sent: 0, problems: [], left: 0, held: 0, ownEarlier: 0, leftBecause: null, decisions: [] };
  let unclear = 0;
  for (const [i, alert] of pending.entries()) {
    const decided = out.decisions.length;
    const step = await deliverOne(outlet, configured, alert, input, out);
    const tried = out.decisions.length > decided ? out.decisions.at(-1) : undefined;
    unclear = tried?.result === 'uncertain' ? unclear + 1 : tried?.result === 'held' ? unclear : 0;
    if (step === 'stop' || unclear >= UNCERTAIN_IN_A_ROW) {
      // What was not claimed goes next time; a release (of this alert) too.
      out.left = pending.length - i - (tried && tried.result !== 'released' ? 1 : 0);
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
  const skippedHere = [
    ...(result.ownEarlier > 0 ? [`${result.ownEarlier} claimed earlier in this run`] : []),
    ...(result.held > 0 ? [`${result.held} held by another sender`] : []),
  ]
    .map((s) => `; ${s}`)
    .join('');
  if (result.problems.length > 0) {
    const left = result.left > 0 ? `; ${result.left} left for the next broadcast` : '';
    return { outcome: 'failed', error: `${result.problems.join('; ')} (${n} of ${pending.length} sent${left}${skippedHere})` };
  }
  const left = result.leftBecause ? `; ${result.left} left for the next run (${result.leftBecause})` : '';
  return { outcome: 'ok', value: n, detail: `${n === 0 ? 'nothing new to send' : `sent ${n} alert(s)`}${skippedHere}${left}` };
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
