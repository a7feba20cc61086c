/**
 * When the alert ledger is asked to claim an alert (docs/cost.md, "Database hours awake"): time is walked
 * pull by pull, the alert stream derived (src/core/alerts/derive.ts) from what the pull's deploy carries at
 * the end of each interval, and every alert not seen before is claimed when it first exists: at the pull
 * that brought it (a fact's alert, at its deploy), or, for one the clock brings (a grant's 24 h, 5 h and
 * 1 h reminders, a promise that lapsed), at the first watcher run at or after it falls due. A reminder
 * exists only while due, so deriving once at the end of the record would miss every reminder of a grant
 * that expired before it.
 */
import { deriveAlerts } from '../../../src/core/alerts/derive.ts';
import type { Dataset } from '../../../src/core/dataset/index.ts';
import type { AlertKind } from '../../../src/core/schema/index.ts';
import { datasetAt } from '../rebuild-replay.ts';

const BASE = 'https://bench.invalid';

export interface Claim {
  at: number;
  kind: AlertKind;
}

/** The claims of [from, to): pulls every `stepMs`, the watcher every `watchMs`. */
export function claimsOf(data: Dataset, from: number, to: number, stepMs: number, watchMs: number): Claim[] {
  const first = Math.floor(from / stepMs) * stepMs;
  // What already existed before the span was claimed before it.
  const seen = new Set(deriveAlerts(datasetAt(data, first - stepMs), new Date(first - 1), BASE).map((a) => a.id));
  const claims: Claim[] = [];
  for (let p = first; p < to; p += stepMs) {
    const end = Math.min(p + stepMs, to) - 1;
    for (const a of deriveAlerts(datasetAt(data, p), new Date(end), BASE)) {
      if (seen.has(a.id)) continue;
      seen.add(a.id);
      const due = Date.parse(a.at);
      const at = due <= p ? p : Math.ceil(due / watchMs) * watchMs;
      if (at >= from && at < to) claims.push({ at, kind: a.kind });
    }
  }
  return claims.sort((a, b) => a.at - b.at);
}

/** The claims counted by kind, for the printed basis. */
export function claimsByKind(claims: readonly Claim[]): Partial<Record<AlertKind, number>> {
  const out: Partial<Record<AlertKind, number>> = {};
  for (const c of claims) out[c.kind] = (out[c.kind] ?? 0) + 1;
  return out;
}
