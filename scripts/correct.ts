/**
 * `npm run correct -- <event id> --reason "…" (--ts <ts> | --scope <s> | --kind <k> | --partial/--no-partial |
 * --global/--no-global | --summary "…" | --certainty <c> | --url <link> | --expires <ts> | --retract)`: changes a published
 * fact and logs the change in data/corrections.json (docs/data.md).
 */
import { parseArgs } from 'node:util';
import { correctEvent } from '../src/lib/curate/corrections.ts';
import { CurationError, defined } from '../src/lib/curate/errors.ts';
import { runCuration } from './lib/curation.ts';

const USAGE =
  'usage: npm run correct -- <event id> --reason "…" (--ts <ts> | --scope <scope> | --kind <kind> | --partial|--no-partial | --global|--no-global | ' +
  '--summary "…" | --certainty high|medium|low | --url <link> | --expires <ts> | --retract)';

runCuration('correct', (state, now) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    allowNegative: true,
    options: {
      ts: { type: 'string' }, scope: { type: 'string' }, kind: { type: 'string' }, summary: { type: 'string' }, certainty: { type: 'string' },
      url: { type: 'string' }, expires: { type: 'string' }, reason: { type: 'string' }, partial: { type: 'boolean' }, global: { type: 'boolean' }, retract: { type: 'boolean' },
    },
  });
  const [id, ...extra] = positionals;
  if (!id || extra.length > 0) throw new CurationError(USAGE);
  if (!/^\d{1,20}$/.test(id)) throw new CurationError(`event id ${JSON.stringify(id)}: expected decimal digits (the id in timeline.json)`);
  return correctEvent(state, id, defined(values), now);
});
