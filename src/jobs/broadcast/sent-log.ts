/**
 * The retired data/sent-log.json, kept only for its one-time import: every attempt to deliver an alert to
 * an outlet before the alert ledger (the database, ledger.ts) held them. Nothing writes this file any more.
 * It is still validated (npm run validate, sentLogProblems) and read for the one-time import of its recent
 * records into the ledger, once per database (retired-log.ts). The rules every sender applies are
 * send-rules.ts. When this code may go, and with what: docs/alerts.md, "The retired `data/sent-log.json`".
 */
import { dataPath } from '../../core/dataset/files.ts';
import { readJson } from '../../core/dataset/read-json.ts';
import { SentLogFile, type OutletLog, type SentAlert, type SentLogFile as SentLog } from '../../core/schema/index.ts';
import { CLOCK_SKEW_MS, toTimestamp } from '../../core/time.ts';
import { MINUTE_MS, HOUR_MS } from '../../core/time-units.ts';
import { SEND_RULES } from './send-rules.ts';

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
 * The retired log's records still inside the send window, per outlet: what the one-time import hands
 * the ledger (retired-log.ts), so the switch from the committed log to the database resends nothing.
 * Anything older could never be sent again anyway.
 */
export function recentRecords(log: SentLog, now: Date): { outlet: OutletLog['name']; record: SentAlert }[] {
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS;
  return log.outlets.flatMap((o) => o.sent.filter((s) => Date.parse(s.at) >= oldest).map((record) => ({ outlet: o.name, record })));
}
