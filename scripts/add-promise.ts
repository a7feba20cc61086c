/**
 * `npm run add-promise -- <post URL> --summary "…" [--window-start <ts>] [--window-end <ts>] [--by "<phrase>"]
 * [--at <ts> --source <account>]`: records an official promise of a coming reset with its UTC window
 * (src/lib/promise-window.ts turns "by EOD", "10am PT", "tomorrow" into one); docs/data.md.
 */
import { parseArgs } from 'node:util';
import { CurationError, defined } from '../src/lib/curate/errors.ts';
import { recordPromise } from '../src/lib/curate/promises.ts';
import { runCuration } from './lib/curation.ts';

const USAGE = 'usage: npm run add-promise -- <post URL> --summary "…" [--window-start <ts>] [--window-end <ts>] [--by "<phrase>"] [--at <ts> --source <account>]';

runCuration('add-promise', (state, now) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      summary: { type: 'string' }, 'window-start': { type: 'string' }, 'window-end': { type: 'string' }, by: { type: 'string' },
      at: { type: 'string' }, source: { type: 'string' },
    },
  });
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0 || values.summary === undefined) throw new CurationError(USAGE);
  return recordPromise(state, { url, summary: values.summary, ...defined({ windowStart: values['window-start'], windowEnd: values['window-end'], by: values.by, at: values.at, source: values.source }) }, now);
});
