/** The pull's two logs: the signal history (bounded) and the as-issued forecasts (append-only). */
import type { SignalsFile, SignalsHistoryLine, SourceCheck } from '../../core/schema/index.ts';
import { toTimestamp } from '../../core/time.ts';
import type { IssuesSnapshot } from './issues.ts';
import type { StatusSnapshot } from './status.ts';
import { DAY_MS } from '../../core/time-units.ts';

/**
 * Appends one JSON line to an append-only log (the as-issued forecasts): nothing already written is
 * ever changed or dropped. A line whose key equals the last line's is not appended again, so
 * re-running a pull at the same instant changes nothing.
 */
export function appendOnce(text: string, line: Record<string, unknown>, key: string): string {
  const last = text.trimEnd().split('\n').at(-1) ?? '';
  try {
    if (last && (JSON.parse(last) as Record<string, unknown>)[key] === line[key]) return text;
  } catch {
    // a torn last line stays as it is (the reader skips it with a warning); the new line goes below it
  }
  const body = text === '' || text.endsWith('\n') ? text : `${text}\n`;
  return `${body}${JSON.stringify(line)}\n`;
}

const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;

/**
 * Appends one JSON line to a log, bounded: lines older than `maxAgeDays` before `now`, lines beyond
 * `maxLines` and lines beyond `maxBytes` of UTF-8 (newlines included) are dropped, oldest first. A line
 * with the same key as the last one replaces it, so re-running a pull at the same instant changes
 * nothing. A new line that alone exceeds `maxBytes` is never written (the history's lines are built
 * from sanitised, capped fields, so this should not happen; if it does, the log keeps what it had).
 */
export function appendBounded(
  text: string,
  line: Record<string, unknown>,
  key: string,
  now: Date,
  maxAgeDays: number,
  maxLines: number,
  maxBytes = Infinity,
): string {
  const cutoff = toTimestamp(new Date(now.getTime() - maxAgeDays * DAY_MS));
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  const keep = lines.filter((l) => {
    try {
      const at = (JSON.parse(l) as Record<string, unknown>)[key];
      return typeof at === 'string' && at >= cutoff && at !== line[key];
    } catch {
      return false; // a torn line from an interrupted write is dropped, not propagated
    }
  });
  const added = JSON.stringify(line);
  const all = (utf8Bytes(added) + 1 > maxBytes ? keep : [...keep, added]).slice(-maxLines);
  let bytes = all.reduce((sum, l) => sum + utf8Bytes(l) + 1, 0);
  let drop = 0;
  while (bytes > maxBytes) bytes -= utf8Bytes(all[drop++]!) + 1;
  const kept = all.slice(drop);
  return kept.length ? `${kept.join('\n')}\n` : '';
}

/** One history line: what each source said at this check (null for a source that failed: stale values are never repeated). */
export function historyLine(
  signals: SignalsFile,
  status: StatusSnapshot | null,
  issues: IssuesSnapshot | null,
  checks: readonly SourceCheck[],
): SignalsHistoryLine {
  return {
    fetched_at: signals.fetched_at,
    status: status && {
      indicator: status.indicator,
      components: Object.fromEntries(status.components.map((c) => [c.name, c.status])),
      incidents: status.incidents.length,
    },
    issues:
      issues && issues.recent_count !== null && issues.baseline_per_day !== null
        ? { recent: issues.recent_count, baseline_per_day: issues.baseline_per_day }
        : null,
    ok: Object.fromEntries(checks.map((c) => [c.name, c.ok])),
  };
}
