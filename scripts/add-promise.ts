/**
 * `npm run add-promise -- <post URL> --summary "…"`: records an official promise of a coming reset with its
 * UTC window (src/core/promises/window.ts turns "by EOD", "10am PT", "tomorrow" into one); docs/data.md.
 */
import { parseArgs } from 'node:util';
import { CurationError, defined } from '../src/core/curate/errors.ts';
import { PROMISE_HORIZON_DAYS, recordPromise } from '../src/core/promises/curate.ts';
import { runCuration } from './lib/curation.ts';
import { answerHelp, type Help } from './lib/help.ts';

const HELP: Help = {
  usage: 'npm run add-promise -- <post URL> --summary "…" [--window-start <ts>] [--window-end <ts>] [--by "<phrase>"] [--scope <scope>] [--kind reset|banked] [--at <ts> --source <account>]',
  about: 'Records a promise of a coming reset with the UTC window it is expected in; a reset already recorded that fulfils it is linked at once.',
  flags: [
    ['--summary "…"', 'the promise in your own words (required)'],
    ['--window-start <ts>', 'start of the window (default: the post time)'],
    ['--window-end <ts>', `end of the window, at most ${PROMISE_HORIZON_DAYS} days after the post`],
    ['--by "<phrase>"', 'the post\'s time words ("by EOD", "10am PT"), turned into the window'],
    ['--scope <scope>', 'the plans the post promised the reset for, when it named them'],
    ['--kind reset|banked', 'banked when the post promised a banked reset (default reset)'],
    ['--at <ts>', 'GitHub posts: when it was posted'],
    ['--source <account>', 'GitHub posts: who posted it'],
  ],
  example: 'npm run add-promise -- https://x.com/thsottiaux/status/2109045220411351517 --summary "Limits reset later today." --by "by EOD"',
};
answerHelp(HELP);

runCuration('add-promise', (state, now) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      summary: { type: 'string' }, 'window-start': { type: 'string' }, 'window-end': { type: 'string' }, by: { type: 'string' },
      at: { type: 'string' }, source: { type: 'string' }, scope: { type: 'string' }, kind: { type: 'string' },
    },
  });
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0 || values.summary === undefined) throw new CurationError(`usage: ${HELP.usage}`);
  const { summary, 'window-start': windowStart, 'window-end': windowEnd, ...rest } = values;
  return recordPromise(state, { url, summary, ...defined({ windowStart, windowEnd, ...rest }) }, now);
});
