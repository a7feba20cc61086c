/**
 * The alerts every configured outlet is finished with (sent, or given up by the ledger's rules), kept in
 * the watcher's state (state.ts, `finished`) so that a run meeting them again need not ask the ledger:
 * X's retry of a delivery, the poller reading a post the webhook announced, the deploy that records it, a
 * new state of alerts.json that still lists yesterday's alerts. Only the ledger says an alert is finished
 * (`finishedByLedger`), and a finished alert never becomes attemptable again (sent is final, and so is
 * giving up), so skipping it can never skip a send. What is kept holds for the outlets configured when
 * the ledger said so: a new outlet has had none of them. An alert older than SEND_RULES.maxAgeHours is
 * never sent anyway, so it is forgotten. Pure apart from the ledger and the store passed in.
 */
import type { Alert } from '../../core/schema/index.ts';
import { HOUR_MS } from '../../core/time-units.ts';
import { attemptable, type AlertLedger } from '../broadcast/ledger.ts';
import { OUTLETS, type OutletUrls } from '../broadcast/outlets/index.ts';
import { SEND_RULES } from '../broadcast/send-rules.ts';
import type { Finished, WatchStore } from './state.ts';

/** The configured outlets by name, sorted: what a finished record holds for. */
export const configuredOutlets = (urls: OutletUrls): string[] =>
  OUTLETS.filter((o) => urls[o.name])
    .map((o) => o.name)
    .sort();

const sameOutlets = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((n, i) => n === b[i]);

/** The ids the stored record says are finished on every one of `outlets` (none when it was kept for other outlets). */
export function finishedIds(stored: Finished | null, outlets: readonly string[]): Set<string> {
  return stored && sameOutlets(stored.outlets, outlets) ? new Set(Object.keys(stored.alerts)) : new Set();
}

/**
 * Of `alerts`, those a sender may still owe some outlet at `now`: issued by now, no older than
 * SEND_RULES.maxAgeHours, and not known finished. Only these need the ledger (the rest it would skip too).
 */
export function owedAlerts(alerts: readonly Alert[], finished: ReadonlySet<string>, now: Date): Alert[] {
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  return alerts.filter((a) => !finished.has(a.id) && Date.parse(a.at) <= now.getTime() && Date.parse(a.at) >= oldest);
}

/** Of `alerts`, those no configured outlet has left to attempt, by the ledger's rows (one statement per outlet). */
export async function finishedByLedger(ledger: AlertLedger, outlets: readonly string[], alerts: readonly Alert[]): Promise<Alert[]> {
  if (alerts.length === 0 || outlets.length === 0) return [];
  const ids = alerts.map((a) => a.id);
  const open = new Set<string>();
  for (const outlet of outlets) {
    const rows = await ledger.deliveries(outlet, ids);
    for (const id of ids) if (attemptable(rows.get(id))) open.add(id);
  }
  return alerts.filter((a) => !open.has(a.id));
}

/** The stored record with `alerts` added (a new record when it held for other outlets), alerts too old to send forgotten; `stored` itself when nothing changes. */
export function withFinished(stored: Finished | null, outlets: readonly string[], alerts: readonly Alert[], now: Date): Finished | null {
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  const kept = stored && sameOutlets(stored.outlets, outlets) ? stored.alerts : {};
  const next: Record<string, string> = {};
  for (const [id, at] of Object.entries(kept)) if (Date.parse(at) >= oldest) next[id] = at;
  for (const a of alerts) if (Date.parse(a.at) >= oldest) next[a.id] = a.at;
  const unchanged =
    stored !== null &&
    sameOutlets(stored.outlets, outlets) &&
    Object.keys(next).length === Object.keys(stored.alerts).length &&
    Object.entries(next).every(([id, at]) => stored.alerts[id] === at);
  return unchanged ? stored : { outlets: [...outlets], alerts: next };
}

/**
 * After a broadcast: which of `alerts` the ledger now says are finished on every configured outlet (null when
 * it cannot say), kept in the state when there is one. A failure here costs a later run one question to the
 * ledger, nothing else: one ⚠️ line.
 */
export async function recordFinished(
  store: WatchStore | null,
  ledger: AlertLedger,
  outlets: readonly string[],
  alerts: readonly Alert[],
  now: Date,
  lines: string[],
): Promise<Alert[] | null> {
  let done: Alert[];
  try {
    done = await finishedByLedger(ledger, outlets, alerts);
  } catch (e) {
    lines.push(`⚠️ database: which alerts are finished cannot be read (${(e as Error).message}); the next run asks the ledger again`);
    return null;
  }
  if (store && done.length > 0) {
    try {
      await store.finish((stored) => withFinished(stored, outlets, done, now));
    } catch (e) {
      lines.push(`⚠️ state: the alerts finished cannot be recorded (${(e as Error).message}); the next run asks the ledger again`);
    }
  }
  return done;
}
