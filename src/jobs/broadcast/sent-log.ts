/**
 * data/sent-log.json: every recent attempt to deliver an alert to an outlet, and how it ended (`sent`,
 * `uncertain`, `failed`). An alert goes to an outlet once: `sent` is final; `uncertain` (it may have
 * arrived) is resent at most once; `failed` (the outlet refused it) is tried at most three times; then
 * the alert is given up and never holds back the alerts after it. Two caps always apply, and they are
 * what makes a lost or corrupt sent-log safe (it is then read as "nothing sent"): a broadcast sends an
 * outlet at most SEND_RULES.maxPerRun alerts, and never one older than SEND_RULES.maxAgeHours. So the history is never re-broadcast; at worst the last day's few alerts are.
 *
 * Retired as state: the ledger in the database (ledger.ts) holds every attempt now, and nothing writes
 * this file any more. It is still validated (npm run validate) and read for the one-time import of its
 * recent records into the ledger, once per database (retired-log.ts). SEND_RULES are the ledger's rules.
 */
import { dataPath } from '../../core/dataset/files.ts';
import { readJson } from '../../core/dataset/read-json.ts';
import {
  SentLogFile,
  type Alert,
  type DeliveryState,
  type OutletLog,
  type SentAlert,
  type SentLogFile as SentLog,
} from '../../core/schema/index.ts';
import { CLOCK_SKEW_MS, toTimestamp } from '../../core/time.ts';
import { compareAlerts } from '../../core/alerts/derive.ts';
import { MINUTE_MS, HOUR_MS } from '../../core/time-units.ts';

export const SEND_RULES = {
  /** Older alerts are history, not news: never sent (also what bounds a re-send after a lost sent-log). */
  maxAgeHours: 24,
  /** Per outlet and broadcast; the rest wait for the next one (while they are young enough). */
  maxPerRun: 5,
  /** Attempts an alert may have in each state before it is given up: uncertain is resent once, failed twice. */
  maxAttempts: { uncertain: 2, failed: 3 } as Record<Exclude<DeliveryState, 'sent'>, number>,
} as const;

/**
 * Every time of the log later than the clock allows, as `field 'outlets.0.sent.3.sent_at': <value>` (validate and the
 * broadcast name them).
 */
export function futureFields(log: SentLog, now: Date): string[] {
  const limit = now.getTime() + CLOCK_SKEW_MS;
  const late = (ts: string | null | undefined): boolean => typeof ts === 'string' && Date.parse(ts) > limit;
  return log.outlets.flatMap((o, i) => [
    ...(['checked_at', 'last_ok_at'] as const).filter((k) => late(o[k])).map((k) => `field 'outlets.${i}.${k}': ${o[k]}`),
    ...o.sent.flatMap((s, j) =>
      (['at', 'sent_at'] as const).filter((k) => late(s[k])).map((k) => `field 'outlets.${i}.sent.${j}.${k}': ${s[k]}`),
    ),
  ]);
}

/** Why a sent-log cannot be trusted as it is, each naming the field: an outlet listed twice, or a time from the future. */
export function sentLogProblems(log: SentLog, now: Date): string[] {
  const file = dataPath('sentLog');
  const names = log.outlets.map((o) => o.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i).map((n) => `${file}: field 'outlets': ${n} listed more than once`);
  const future = futureFields(log, now).map(
    (f) => `${f} is later than ${toTimestamp(now)} + ${CLOCK_SKEW_MS / MINUTE_MS} min (from the future)`,
  );
  return [...twice, ...future.map((f) => `${file}: ${f}`)];
}

/**
 * The retired log's believable entries, for the one-time import (retired-log.ts): an empty log when the
 * file is missing or unreadable (nothing to import; npm run validate names the problem), and without the
 * entries dated later than the clock allows (tampered, or a clock gone wrong), which cannot stand for a
 * delivery that has happened.
 */
export function readSentLog(text: string | undefined, now: Date): SentLog {
  const checked = text === undefined ? null : readJson(text, SentLogFile, dataPath('sentLog'));
  if (!checked?.ok) return { outlets: [] };
  const limit = now.getTime() + CLOCK_SKEW_MS;
  const believable = (ts: string): boolean => Date.parse(ts) <= limit;
  return { outlets: checked.value.outlets.map((o) => ({ ...o, sent: o.sent.filter((s) => believable(s.at) && believable(s.sent_at)) })) };
}

/**
 * What one outlet should be sent this broadcast: still attemptable (the ledger says), issued by now and young enough,
 * oldest first, capped.
 */
export function pendingAlerts(alerts: readonly Alert[], mayAttempt: (id: string) => boolean, now: Date): Alert[] {
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  return alerts
    .filter((a) => mayAttempt(a.id) && Date.parse(a.at) <= now.getTime() && Date.parse(a.at) >= oldest)
    .sort(compareAlerts)
    .slice(0, SEND_RULES.maxPerRun);
}

/**
 * The retired log's records still inside the send window, per outlet: what the one-time import hands
 * the ledger (retired-log.ts), so the switch from the committed log to the database resends nothing.
 * Anything older could never be sent again anyway.
 */
export function recentRecords(log: SentLog, now: Date): { outlet: OutletLog['name']; record: SentAlert }[] {
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  return log.outlets.flatMap((o) => o.sent.filter((s) => Date.parse(s.at) >= oldest).map((record) => ({ outlet: o.name, record })));
}
