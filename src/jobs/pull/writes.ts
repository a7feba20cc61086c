/**
 * The pull's last step: the files to write. Only those whose content changed, plus one line appended to
 * the signal history (bounded) and to the forecast log (append-only, the as-issued record).
 */
import { DATA_FILES } from '../../core/dataset/files.ts';
import { computeForecast } from '../../core/forecast/index.ts';
import { toLogLine } from '../../core/forecast/log-line.ts';
import { stableStringify } from '../../core/json.ts';
import { snapshotOf, type Assembled } from './assemble.ts';
import type { SourceResult } from './fetchers.ts';
import type { IssuesSnapshot } from './issues.ts';
import { appendBounded, appendOnce, historyLine } from './logs.ts';
import type { DataTexts, PullStart } from './start.ts';
import type { StatusSnapshot } from './status.ts';

/**
 * Bounds of the signal history (docs/pull.md): 48 pulls a day stay ~1 MB. The forecast log has none:
 * it is the as-issued record the track record is scored on, append-only (~3.5 MB a year).
 */
export const LOG_BOUNDS = {
  history: { maxAgeDays: 90, maxLines: 5_000, maxBytes: 2_000_000 },
} as const;

/** The JSON files the pull may rewrite, as they were and as they are next. */
function fileValues(start: PullStart, a: Assembled): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const { curated, current, pullState } = start;
  return {
    before: {
      [DATA_FILES.events]: curated.events,
      [DATA_FILES.announcements]: curated.announcements,
      [DATA_FILES.banked]: curated.banked,
      [DATA_FILES.signals]: current.signals,
      [DATA_FILES.candidates]: curated.candidates,
      [DATA_FILES.pullState]: pullState,
    },
    after: {
      [DATA_FILES.events]: a.next.events,
      [DATA_FILES.announcements]: a.next.announcements,
      [DATA_FILES.banked]: a.next.banked,
      [DATA_FILES.signals]: a.signals,
      [DATA_FILES.candidates]: a.next.candidates,
      [DATA_FILES.pullState]: a.state,
    },
  };
}

/** The JSON files whose content changed, as their new text. */
function changedFiles(start: PullStart, a: Assembled): Record<string, string> {
  const { before, after } = fileValues(start, a);
  const writes: Record<string, string> = {};
  for (const [name, value] of Object.entries(after))
    if (stableStringify(value) !== stableStringify(before[name])) writes[name] = stableStringify(value);
  return writes;
}

/** The two logs with this pull's line each (a log left as it was is not written). */
function appendedLogs(texts: DataTexts, a: Assembled, results: readonly SourceResult[], now: Date, site: string): Record<string, string> {
  const history = historyLine(
    a.signals,
    snapshotOf(results, 'status') as StatusSnapshot | null,
    snapshotOf(results, 'issues') as IssuesSnapshot | null,
    a.signals.sources,
  );
  const { maxAgeDays, maxLines, maxBytes } = LOG_BOUNDS.history;
  const logs: Record<string, string> = {
    [DATA_FILES.signalsHistory]: appendBounded(
      texts[DATA_FILES.signalsHistory] ?? '',
      history,
      'fetched_at',
      now,
      maxAgeDays,
      maxLines,
      maxBytes,
    ),
    [DATA_FILES.forecastLog]: appendOnce(texts[DATA_FILES.forecastLog] ?? '', toLogLine(computeForecast(a.data, now, site)), 'issued_at'),
  };
  for (const name of Object.keys(logs)) if (logs[name] === texts[name]) delete logs[name];
  return logs;
}

/** Everything the pull writes into data/: the changed files and the logs. */
export function pullWrites(
  texts: DataTexts,
  start: PullStart,
  a: Assembled,
  results: readonly SourceResult[],
  now: Date,
  site: string,
): Record<string, string> {
  return { ...changedFiles(start, a), ...appendedLogs(texts, a, results, now, site) };
}
