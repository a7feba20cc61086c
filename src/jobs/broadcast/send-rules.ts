/**
 * The alert ledger's send rules, which every sender applies (the watcher, X's webhook, `npm run broadcast`):
 * an alert goes to an outlet once; `sent` is final; `uncertain` (it may have arrived) is resent at most
 * once; `failed` (the outlet refused it) is tried at most three times; then the alert is given up and never
 * holds back the alerts after it. Two caps always apply, and they are what makes a lost ledger safe: a run
 * sends an outlet at most SEND_RULES.maxPerRun alerts, and never one older than SEND_RULES.maxAgeHours, so
 * the history is never re-broadcast; at worst the last day's few alerts are. The ledger's SQL is ledger.ts.
 */
import { compareAlerts } from '../../core/alerts/derive.ts';
import type { Alert, DeliveryState } from '../../core/schema/index.ts';
import { HOUR_MS } from '../../core/time-units.ts';

export const SEND_RULES = {
  /** Older alerts are history, not news: never sent (also what bounds a re-send after a lost ledger). */
  maxAgeHours: 24,
  /** Per outlet and run; the rest wait for the next one (while they are young enough). */
  maxPerRun: 5,
  /** Attempts an alert may have in each state before it is given up: uncertain is resent once, failed twice. */
  maxAttempts: { uncertain: 2, failed: 3 } as Record<Exclude<DeliveryState, 'sent'>, number>,
} as const;

/**
 * What one outlet should be sent this run: still attemptable (the ledger says), issued by now and young enough,
 * oldest first, capped.
 */
export function pendingAlerts(alerts: readonly Alert[], mayAttempt: (id: string) => boolean, now: Date): Alert[] {
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  return alerts
    .filter((a) => mayAttempt(a.id) && Date.parse(a.at) <= now.getTime() && Date.parse(a.at) >= oldest)
    .sort(compareAlerts)
    .slice(0, SEND_RULES.maxPerRun);
}
