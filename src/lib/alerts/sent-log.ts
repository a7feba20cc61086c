/**
 * data/sent-log.json: which alerts each outlet already has. An alert goes to an outlet once; one that
 * failed is tried again on the next pull. Two caps always apply, and they are what makes a lost or
 * corrupt sent-log safe (it is then read as "nothing sent", after saying so by name): a pull sends an
 * outlet at most SEND_RULES.maxPerRun alerts, and never one older than SEND_RULES.maxAgeHours. So the
 * history is never re-broadcast; at worst the last day's few alerts are.
 */
import { dataPath } from '../data-files.ts';
import { SentLogFile, type Alert, type OutletLog, type SentAlert, type SentLogFile as SentLog } from '../schema.ts';
import { toTimestamp } from '../time.ts';
import { compareAlerts } from './derive.ts';

export const SEND_RULES = {
  /** Older alerts are history, not news: never sent (also what bounds a re-send after a lost sent-log). */
  maxAgeHours: 24,
  /** Per outlet and pull; the rest wait for the next pull (while they are young enough). */
  maxPerRun: 5,
} as const;

/** Delivered ids are kept this long (well past maxAgeHours, after which they could not be sent again anyway), and at most this many per outlet. */
export const SENT_LOG_BOUNDS = { keepDays: 7, maxPerOutlet: 500 } as const;

const TREATED = `treated as nothing sent (at most ${SEND_RULES.maxPerRun} alerts per outlet this pull, none older than ${SEND_RULES.maxAgeHours} h)`;

/** The sent-log, or an empty one and the problem by name when the file is missing or unreadable. */
export function readSentLog(text: string | undefined): { log: SentLog; problem: string | null } {
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
  return { log: parsed.data, problem: null };
}

/** What one outlet should be sent this pull: not yet delivered, issued by now and young enough, oldest first, capped. */
export function pendingAlerts(alerts: readonly Alert[], sent: readonly SentAlert[], now: Date): Alert[] {
  const done = new Set(sent.map((s) => s.id));
  const oldest = now.getTime() - SEND_RULES.maxAgeHours * 3_600_000;
  return alerts
    .filter((a) => !done.has(a.id) && Date.parse(a.at) <= now.getTime() && Date.parse(a.at) >= oldest)
    .sort(compareAlerts)
    .slice(0, SEND_RULES.maxPerRun);
}

/** The delivered list after this pull: what was there plus what was just sent, bounded by age and count. */
export function keepSent(before: readonly SentAlert[], delivered: readonly Alert[], now: Date): SentAlert[] {
  const at = toTimestamp(now);
  const cutoff = toTimestamp(new Date(now.getTime() - SENT_LOG_BOUNDS.keepDays * 86_400_000));
  const all = [...before, ...delivered.map((a) => ({ id: a.id, at: a.at, sent_at: at }))];
  return all
    .filter((s) => s.at >= cutoff)
    .sort((a, b) => (a.at === b.at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.at < b.at ? -1 : 1))
    .slice(-SENT_LOG_BOUNDS.maxPerOutlet);
}

/** The outlet's previous entry, if the log has one. */
export const outletEntry = (log: SentLog, name: OutletLog['name']): OutletLog | undefined => log.outlets.find((o) => o.name === name);
