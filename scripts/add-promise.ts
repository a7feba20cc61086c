/**
 * `npm run add-promise -- <post URL> --summary "…"`: records an official promise of a coming reset with its
 * UTC window (src/core/promises/window.ts turns "by EOD", "10am PT", "tomorrow" into one); docs/data.md.
 * Its flags: ADD_PROMISE in scripts/lib/commands/curation.ts.
 */
import { defined } from '../src/core/curate/errors.ts';
import { recordPromise } from '../src/core/curate/promises.ts';
import { runCuration } from './lib/curation.ts';
import { ADD_PROMISE } from './lib/commands/curation.ts';
import { parseCommand } from './lib/flags.ts';

const { values, positionals } = parseCommand(ADD_PROMISE);
const [url] = positionals as [string];
const { summary, 'window-start': windowStart, 'window-end': windowEnd, ...rest } = values;

// The table requires the URL and the summary.
runCuration('add-promise', (state, now) => recordPromise(state, { url, summary, ...defined({ windowStart, windowEnd, ...rest }) }, now));
