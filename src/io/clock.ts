/** The clock binding for the build and the scripts (src/core/clock.ts is the pure rule it applies). */
import { clockFromEnv } from '../core/clock.ts';

/** The wall clock in whole seconds: published timestamps have no milliseconds, so neither may the inputs computed from now. */
export const wholeSecondNow = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);

/** "Now" for the build and the scripts: SOURCE_DATE_EPOCH when set, else the wall clock in whole seconds. */
export function buildNow(env: Record<string, string | undefined> = process.env): Date {
  return clockFromEnv(env, wholeSecondNow);
}
