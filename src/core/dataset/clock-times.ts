/**
 * Check times (when a source or a maintainer last looked) and issued forecasts may not lie ahead of the
 * clock beyond the allowed skew (time.ts CLOCK_SKEW_MS): a check "from the future" would read as fresh
 * for ever, and a future log line would push every later line out of order. Held by `npm run validate`,
 * the check of data/ at rest that the scheduled pull runs before it commits; the build does not refuse
 * them (its tests build the frozen history at clocks inside it) but its forecast reads such a time as
 * unknown (time.ts checkAgeHours).
 */
import { dataPath } from './files.ts';
import type { Dataset } from './index.ts';
import { fieldProblem } from './problems.ts';
import { beyondSkew, CLOCK_SKEW_MS } from '../time.ts';
import { MINUTE_MS } from '../time-units.ts';

/** "… is in the future of the clock": one wording for every check time refused. */
export const futureProblem = (file: string, where: string, field: string, ts: string, now: Date): string =>
  fieldProblem(
    file,
    where,
    field,
    `${ts} is more than ${CLOCK_SKEW_MS / MINUTE_MS} minutes in the future of the clock (${now.toISOString().replace(/\.\d{3}Z$/, 'Z')})`,
  );

/** Every check time of events.json and signals.json and every issued_at of the forecast log ahead of the clock; [] when none. */
export function clockTimeProblems(data: Pick<Dataset, 'eventsCheckedAt' | 'signals'>, forecastLog: string, now: Date): string[] {
  const problems: string[] = [];
  const at = (file: string, where: string, field: string, ts: string | null | undefined): void => {
    if (ts && beyondSkew(ts, now)) problems.push(futureProblem(file, where, field, ts, now));
  };
  at(dataPath('events'), '(top level)', 'checked_at', data.eventsCheckedAt);
  const { signals } = data;
  const file = dataPath('signals');
  at(file, '(top level)', 'fetched_at', signals.fetched_at);
  at(file, '(top level)', 'status.checked_at', signals.status.checked_at);
  at(file, '(top level)', 'issues.checked_at', signals.issues.checked_at);
  signals.sources.forEach((c, i) => {
    at(file, `sources[${i}] (${c.name})`, 'checked_at', c.checked_at);
    at(file, `sources[${i}] (${c.name})`, 'last_ok_at', c.last_ok_at);
  });
  forecastLog.split('\n').forEach((raw, i) => {
    let issued: unknown;
    try {
      issued = (JSON.parse(raw) as { issued_at?: unknown } | null)?.issued_at;
    } catch {
      return; // not JSON: the log reader names it as a skipped line
    }
    if (typeof issued === 'string') at(dataPath('forecastLog'), `line ${i + 1}`, 'issued_at', issued);
  });
  return problems;
}
