/**
 * `npm run post-id -- [--at <ts>] [--hours-ago <n>]`: prints the X post id (snowflake) of an instant,
 * low bits zero, through the one codec (src/core/postid.ts). CI uses it to record a reset dated an hour
 * ago (.ci/run); `--at` pins the instant, so the output is reproducible.
 */
import { postIdAt } from '../src/core/postid.ts';
import { isValidTimestamp } from '../src/core/time.ts';
import { HOUR_MS } from '../src/core/time-units.ts';
import { POST_ID } from './lib/commands/jobs.ts';
import { parseCommand, refuse } from './lib/flags.ts';

/** The instant the arguments name, or a message saying why they name none. */
function instantOf(args: { at?: string | undefined; hoursAgo?: string | undefined }, now: Date): Date | string {
  if (args.at !== undefined && !isValidTimestamp(args.at)) return `--at ${JSON.stringify(args.at)}: not a timestamp YYYY-MM-DDTHH:MM:SSZ`;
  const hours = Number(args.hoursAgo ?? 0);
  if (args.hoursAgo !== undefined && (args.hoursAgo.trim() === '' || !Number.isFinite(hours) || hours < 0))
    return `--hours-ago ${JSON.stringify(args.hoursAgo)}: not a number of hours ≥ 0`;
  const from = args.at === undefined ? now : new Date(args.at);
  return new Date(from.getTime() - hours * HOUR_MS);
}

if (import.meta.main) {
  const { values } = parseCommand(POST_ID);
  const instant = instantOf({ at: values.at, hoursAgo: values['hours-ago'] }, new Date());
  if (typeof instant === 'string') refuse(POST_ID, instant);
  try {
    console.log(postIdAt(instant));
  } catch (e) {
    // The codec refuses an instant before the X epoch.
    refuse(POST_ID, (e as Error).message);
  }
}
