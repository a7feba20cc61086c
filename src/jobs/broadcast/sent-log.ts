/**
 * data/sent-log.json: every recent attempt to deliver an alert to an outlet, and how it ended (`sent`,
 * `uncertain`, `failed`). An alert goes to an outlet once: `sent` is final; `uncertain` (it may have
 * arrived) is resent at most once; `failed` (the outlet refused it) is tried at most three times; then
 * the alert is given up and never holds back the alerts after it. Two caps always apply, and they are
 * what makes a lost or corrupt sent-log safe (it is then read as "nothing sent", after saying so by
 * name): a broadcast sends an outlet at most SEND_RULES.maxPerRun alerts, and never one older than
 * SEND_RULES.maxAgeHours. So the history is never re-broadcast; at worst the last day's few alerts are.
 * Two writers (the scheduled broadcast, a later watcher) combine their logs with mergeSentLogs.
 */
import { dataPath } from '../../core/dataset/files.ts';
import { DELIVERY_STATES, SentLogFile, type Alert, type DeliveryState, type OutletLog, type SentAlert, type SentLogFile as SentLog } from '../../core/schema/index.ts';
import { CLOCK_SKEW_MS, toTimestamp } from '../../core/time.ts';
import { compareAlerts } from '../../core/alerts/derive.ts';
import { MINUTE_MS, HOUR_MS, DAY_MS } from '../../core/time-units.ts';

export const SEND_RULES = {
  /** Older alerts are history, not news: never sent (also what bounds a re-send after a lost sent-log). */
  maxAgeHours: 24,
  /** Per outlet and broadcast; the rest wait for the next one (while they are young enough). */
  maxPerRun: 5,
  /** Attempts an alert may have in each state before it is given up: uncertain is resent once, failed twice. */
  maxAttempts: { uncertain: 2, failed: 3 } as Record<Exclude<DeliveryState, 'sent'>, number>,
} as const;

/** Attempted ids are kept this long (well past maxAgeHours, after which they could not be sent again anyway), and at most this many per outlet. */
export const SENT_LOG_BOUNDS = { keepDays: 7, maxPerOutlet: 500 } as const;

const TREATED = `treated as nothing sent (at most ${SEND_RULES.maxPerRun} alerts per outlet this broadcast, none older than ${SEND_RULES.maxAgeHours} h)`;

/** Every time of the log later than the clock allows, as `field 'outlets.0.sent.3.sent_at': <value>` (validate and the broadcast name them). */
export function futureFields(log: SentLog, now: Date): string[] {
  const limit = now.getTime() + CLOCK_SKEW_MS;
  const late = (ts: string | null | undefined): boolean => typeof ts === 'string' && Date.parse(ts) > limit;
  return log.outlets.flatMap((o, i) => [
    ...(['checked_at', 'last_ok_at'] as const).filter((k) => late(o[k])).map((k) => `field 'outlets.${i}.${k}': ${o[k]}`),
    ...o.sent.flatMap((s, j) => (['at', 'sent_at'] as const).filter((k) => late(s[k])).map((k) => `field 'outlets.${i}.sent.${j}.${k}': ${s[k]}`)),
  ]);
}

/** Why a sent-log cannot be trusted as it is, each naming the field: an outlet listed twice, or a time from the future. */
export function sentLogProblems(log: SentLog, now: Date): string[] {
  const file = dataPath('sentLog');
  const names = log.outlets.map((o) => o.name);
  const twice = names.filter((n, i) => names.indexOf(n) !== i).map((n) => `${file}: field 'outlets': ${n} listed more than once`);
  const future = futureFields(log, now).map((f) => `${f} is later than ${toTimestamp(now)} + ${CLOCK_SKEW_MS / MINUTE_MS} min (from the future)`);
  return [...twice, ...future.map((f) => `${file}: ${f}`)];
}

/**
 * The sent-log, or an empty one and the problem by name when the file is missing or unreadable. A log
 * with times from the future (tampered, or a clock gone wrong) keeps its believable entries: the
 * future-dated ones are dropped, with a warning, so they can neither crowd out the real ones nor stand
 * for a delivery that cannot have happened yet. Nothing already sent is sent again.
 */
export function readSentLog(text: string | undefined, now: Date): { log: SentLog; problem: string | null } {
  const file = dataPath('sentLog');
  const empty: SentLog = { outlets: [] };
  if (text === undefined) return { log: empty, problem: `${file}: missing; ${TREATED}` };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return { log: empty, problem: `${file}: not valid JSON (${(e as Error).message}); ${TREATED}` };
  }
  const parsed = SentLogFile.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { log: empty, problem: `${file}: field '${issue?.path.join('.') || '(whole file)'}': ${issue?.message ?? 'invalid'}; ${TREATED}` };
  }
  const future = futureFields(parsed.data, now);
  if (future.length === 0) return { log: mergeSentLogs(parsed.data, empty), problem: null };
  const limit = now.getTime() + CLOCK_SKEW_MS;
  const believable = (ts: string | null | undefined): string | null => (typeof ts === 'string' && Date.parse(ts) <= limit ? ts : null);
  const kept: SentLog = {
    outlets: parsed.data.outlets.map((o) => ({
      ...o, checked_at: believable(o.checked_at) ?? toTimestamp(now), last_ok_at: believable(o.last_ok_at),
      sent: o.sent.filter((s) => believable(s.at) !== null && believable(s.sent_at) !== null),
    })),
  };
  return { log: mergeSentLogs(kept, empty), problem: `${file}: ${future.length} time(s) from the future (first: ${future[0]}); those entries dropped, the rest kept` };
}

/** Whether an alert with this record may be attempted (again). */
export function attemptable(record: SentAlert | undefined): boolean {
  if (record === undefined) return true;
  return record.state !== 'sent' && record.attempts < SEND_RULES.maxAttempts[record.state];
}

/** What one outlet should be sent this broadcast: not yet settled, issued by now and young enough, oldest first, capped. */
export function pendingAlerts(alerts: readonly Alert[], sent: readonly SentAlert[], now: Date): Alert[] {
  const records = new Map(sent.map((s) => [s.id, s]));
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  return alerts
    .filter((a) => attemptable(records.get(a.id)) && Date.parse(a.at) <= now.getTime() && Date.parse(a.at) >= oldest)
    .sort(compareAlerts)
    .slice(0, SEND_RULES.maxPerRun);
}

/** The record of one more attempt at `alert`, ending in `state`. */
export function attemptRecord(alert: Alert, state: DeliveryState, before: SentAlert | undefined, now: Date): SentAlert {
  return { id: alert.id, at: alert.at, sent_at: toTimestamp(now), state, attempts: (before?.attempts ?? 0) + 1 };
}

const byAtThenId = (a: SentAlert, b: SentAlert): number => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at < b.at ? -1 : 1);

/** The attempted list after this broadcast: what was there, updated by this broadcast's records, bounded by age and count. */
export function keepSent(before: readonly SentAlert[], attempts: readonly SentAlert[], now: Date): SentAlert[] {
  const cutoff = toTimestamp(new Date(now.getTime() - SENT_LOG_BOUNDS.keepDays * DAY_MS));
  const byId = new Map(before.map((s) => [s.id, s]));
  for (const a of attempts) byId.set(a.id, a);
  return [...byId.values()].filter((s) => s.at >= cutoff).sort(byAtThenId).slice(-SENT_LOG_BOUNDS.maxPerOutlet);
}

const rank = (s: SentAlert): number => DELIVERY_STATES.indexOf(s.state);
/** Of two records of one alert on one outlet, the one that says more: the stronger state, then more attempts, then the later attempt. */
export function stronger(a: SentAlert, b: SentAlert): SentAlert {
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? a : b;
  if (a.attempts !== b.attempts) return a.attempts > b.attempts ? a : b;
  return a.sent_at >= b.sent_at ? a : b;
}

/**
 * Two sent-logs as one, for two writers (or an outlet listed twice): per (outlet, alert id) the stronger
 * record (sent > uncertain > failed), per outlet the later check and the later success. Commutative,
 * associative and idempotent, so merging in any order never loses a delivery and never resends one.
 */
export function mergeSentLogs(a: SentLog, b: SentLog): SentLog {
  const outlets = new Map<OutletLog['name'], OutletLog>();
  for (const o of [...a.outlets, ...b.outlets]) {
    const seen = outlets.get(o.name);
    if (!seen) {
      outlets.set(o.name, { ...o, sent: [...o.sent].sort(byAtThenId) });
      continue;
    }
    const later = o.checked_at > seen.checked_at || (o.checked_at === seen.checked_at && JSON.stringify(o) > JSON.stringify(seen)) ? o : seen;
    const records = new Map(seen.sent.map((s) => [s.id, s]));
    for (const s of o.sent) records.set(s.id, records.has(s.id) ? stronger(records.get(s.id)!, s) : s);
    const okTimes = [seen.last_ok_at, o.last_ok_at].filter((t): t is string => typeof t === 'string').sort();
    outlets.set(o.name, { ...later, last_ok_at: okTimes.at(-1) ?? null, sent: [...records.values()].sort(byAtThenId) });
  }
  return { outlets: [...outlets.values()].sort((x, y) => (x.name < y.name ? -1 : 1)) };
}

/** The outlet's previous entry, if the log has one. */
export const outletEntry = (log: SentLog, name: OutletLog['name']): OutletLog | undefined => log.outlets.find((o) => o.name === name);
