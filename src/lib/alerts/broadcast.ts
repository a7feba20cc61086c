/**
 * Broadcasting alerts to the configured outlets, pure apart from the injected HTTP: the alerts and the
 * sent-log text in, the new sent-log text and one check per outlet out. Each outlet runs and fails
 * alone, like a source: `ok`, `failed` (with why) or `skipped` (no URL configured). Within an outlet,
 * alerts go oldest first and the first failure stops it for this pull; what was not delivered is tried
 * again on the next pull (docs/alerts.md).
 */
import { stableStringify } from '../json.ts';
import { check, line, settle, skipped, type Outcome } from '../pull/outcome.ts';
import { HttpError, sendJson, type HttpDeps } from '../pull/http.ts';
import type { Alert, OutletLog, SourceCheck } from '../schema.ts';
import { alertMessage } from './message.ts';
import { OUTLETS, type Outlet, type OutletUrls } from './outlets/index.ts';
import { keepSent, outletEntry, pendingAlerts, readSentLog } from './sent-log.ts';

export interface BroadcastInput {
  /** Every alert of the new dataset (deriveAlerts); which are new is decided here, against the sent-log. */
  alerts: readonly Alert[];
  /** data/sent-log.json as read, undefined when the file is missing. */
  sentLogText: string | undefined;
  urls: OutletUrls;
  http: HttpDeps;
  now: Date;
}

export interface BroadcastResult {
  sentLog: string;
  checks: SourceCheck[];
  /** A ⚠️ line for a sent-log problem, then one ✅/❌/⏭️ line per outlet. */
  lines: string[];
  failed: boolean;
}

/**
 * Webhook URLs are credentials and the sent-log is committed: an error message never carries the URL,
 * its path, its query or any long path segment (Discord's token, Slack's secret).
 */
export function redact(message: string, configured: string): string {
  if (configured === '') return message;
  let out = message.split(configured).join('<url>');
  try {
    const u = new URL(configured);
    const secrets = [u.search, u.pathname, ...u.pathname.split('/'), ...[...u.searchParams.values()]].filter((s) => s.length >= 8);
    for (const s of secrets.sort((a, b) => b.length - a.length)) out = out.split(s).join('…');
  } catch {
    // not a URL: nothing more to strip
  }
  return out;
}

const shortId = (a: Alert): string => a.id.replace(/^tag:[^:]+:alert:/, '');

/** Outlets answer in a few hundred bytes; more is not an outlet speaking. */
export const OUTLET_MAX_BYTES = 65_536;

/** Why a send failed, in words: a redirect is named as one (webhooks are never followed: docs/alerts.md). */
function failure(e: unknown): string {
  const message = (e as Error).message;
  if (e instanceof HttpError && e.status !== null && e.status >= 300 && e.status < 400) return `${message}: redirected; a webhook URL that redirects is not followed (update the URL)`;
  return message;
}

interface Delivery {
  delivered: Alert[];
  error: string | null;
}

async function deliver(outlet: Outlet, configured: string, pending: readonly Alert[], http: HttpDeps): Promise<Delivery> {
  const delivered: Alert[] = [];
  for (const alert of pending) {
    try {
      const { url, body } = outlet.request(configured, alertMessage(alert));
      // Not followed: a webhook that moved is a misconfiguration, and following it could post elsewhere.
      const res = await sendJson(http, url, body, { maxBytes: OUTLET_MAX_BYTES, redirect: 'manual', ...(outlet.delayFromBody ? { delayFromBody: outlet.delayFromBody } : {}) });
      const problem = outlet.problem(res);
      if (problem) return { delivered, error: `${shortId(alert)} not delivered: ${problem}` };
      delivered.push(alert);
    } catch (e) {
      return { delivered, error: `${shortId(alert)} not delivered: ${redact(failure(e), configured)}` };
    }
  }
  return { delivered, error: null };
}

const isHttpUrl = (s: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(s).protocol);
  } catch {
    return false;
  }
};

async function runOutlet(outlet: Outlet, input: BroadcastInput, before: OutletLog | undefined): Promise<{ outcome: Outcome<number>; delivered: Alert[] }> {
  const configured = input.urls[outlet.name];
  if (!configured) return { outcome: await skipped(`${outlet.env} not set`), delivered: [] };
  if (!isHttpUrl(configured)) return { outcome: { outcome: 'failed', error: `${outlet.env} is not an http(s) URL` }, delivered: [] };
  const pending = pendingAlerts(input.alerts, before?.sent ?? [], input.now);
  const result = await deliver(outlet, configured, pending, input.http);
  const n = result.delivered.length;
  if (result.error) {
    const left = pending.length - n;
    return { outcome: { outcome: 'failed', error: `${result.error} (${n} of ${pending.length} sent; ${left} left for the next pull)` }, delivered: result.delivered };
  }
  return { outcome: { outcome: 'ok', value: n, detail: n === 0 ? 'nothing new to send' : `sent ${n} alert(s)` }, delivered: result.delivered };
}

export async function broadcast(input: BroadcastInput): Promise<BroadcastResult> {
  const { log, problem } = readSentLog(input.sentLogText);
  const runs = await Promise.all(
    OUTLETS.map(async (outlet) => {
      const before = outletEntry(log, outlet.name);
      // Whatever an adapter throws is that outlet's failure, never the pull's.
      const settled = await settle(() => runOutlet(outlet, input, before), () => '');
      const run = settled.outcome === 'ok' ? settled.value : { outcome: { outcome: 'failed', error: redact(settled.error, input.urls[outlet.name] ?? '') } as Outcome<number>, delivered: [] };
      const entry: OutletLog = { ...check(outlet.name, run.outcome, input.now, before, null), name: outlet.name, sent: keepSent(before?.sent ?? [], run.delivered, input.now) };
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
 * The pull's entry point: derives the alerts (a thunk, so a bug there is caught too) and broadcasts them,
 * and can never throw: a failure here fails the alerts, never the data commit.
 */
export async function broadcastSafely(
  input: Omit<BroadcastInput, 'alerts'> & { alerts: () => readonly Alert[]; onDerived?: () => void },
): Promise<Omit<BroadcastResult, 'sentLog'> & { sentLog: string | undefined }> {
  try {
    const alerts = input.alerts();
    input.onDerived?.();
    return await broadcast({ ...input, alerts });
  } catch (e) {
    const urls = Object.values(input.urls).filter((u): u is string => typeof u === 'string');
    const message = urls.reduce((m, u) => redact(m, u), (e as Error).message);
    return { sentLog: undefined, checks: [], lines: [`❌ alerts: ${message}; nothing sent, the sent-log is unchanged`], failed: true };
  }
}
