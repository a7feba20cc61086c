/**
 * `npm run post-id -- [--at <ts>] [--hours-ago <n>]`: prints the X post id (snowflake) of an instant,
 * low bits zero, through the one codec (src/core/postid.ts). CI uses it to record a reset dated an hour
 * ago (.ci/run); `--at` pins the instant, so the output is reproducible.
 */
import { parseArgs } from 'node:util';
import { postIdAt } from '../src/core/postid.ts';
import { isValidTimestamp } from '../src/core/time.ts';
import { HOUR_MS } from '../src/core/time-units.ts';
import { answerHelp, type Help } from './lib/help.ts';

const HELP: Help = {
  usage: 'npm run post-id -- [--at <ts>] [--hours-ago <n>]',
  about: 'Prints the X post id of an instant (its time in the high bits, the low 22 bits zero): now, or --at, less --hours-ago.',
  flags: [
    ['--at <ts>', 'the instant, YYYY-MM-DDTHH:MM:SSZ (default now)'],
    ['--hours-ago <n>', 'go back this many hours from it (default 0; may be fractional)'],
  ],
  example: 'npm run --silent post-id -- --hours-ago 1',
};
answerHelp(HELP);

/** The instant the arguments name, or a message saying why they name none. */
function instantOf(args: { at?: string | undefined; hoursAgo?: string | undefined }, now: Date): Date | string {
  if (args.at !== undefined && !isValidTimestamp(args.at)) return `--at ${JSON.stringify(args.at)}: not a timestamp YYYY-MM-DDTHH:MM:SSZ`;
  const hours = Number(args.hoursAgo ?? 0);
  if (args.hoursAgo !== undefined && (args.hoursAgo.trim() === '' || !Number.isFinite(hours) || hours < 0)) return `--hours-ago ${JSON.stringify(args.hoursAgo)}: not a number of hours ≥ 0`;
  const from = args.at === undefined ? now : new Date(args.at);
  return new Date(from.getTime() - hours * HOUR_MS);
}

if (import.meta.main) {
  try {
    const { values } = parseArgs({ options: { at: { type: 'string' }, 'hours-ago': { type: 'string' } } });
    const instant = instantOf({ at: values.at, hoursAgo: values['hours-ago'] }, new Date());
    if (typeof instant === 'string') throw new RangeError(instant);
    console.log(postIdAt(instant));
  } catch (e) {
    console.error(`post-id: ${(e as Error).message}\nusage: ${HELP.usage}`);
    process.exit(2);
  }
}
