/**
 * The horizon of a build's timetable (docs/timetable.md): the start of its last state, which holds for every
 * later instant. At least 7 days after the build, and the first second its event record is older than the
 * forecast's staleness limit, so the forecast there is not vouched for by its own rule (`available: false`)
 * and says so to every request after it. The build computes its timetable to it; the pull's build decision
 * (src/jobs/rebuild/) asks for a build before the deployed one runs out.
 */
import { HOUR_MS } from '../time-units.ts';
import { STALE_EVENTS_HOURS } from './index.ts';

/** The horizon, in Unix seconds, of a build at `builtAt` whose event record was last checked at `eventsCheckedAt`. */
export function timetableHorizon(builtAt: Date, eventsCheckedAt: string): number {
  const checked = Date.parse(eventsCheckedAt);
  const base = Math.max(builtAt.getTime(), Number.isFinite(checked) ? checked : 0);
  return Math.floor((base + STALE_EVENTS_HOURS * HOUR_MS) / 1000) + 1;
}
