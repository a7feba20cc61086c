/**
 * `npm run correct -- <event id> --reason "…" <field flags> | --retract`: changes a published fact and logs the
 * change in data/corrections.json; `npm run correct -- <promise id> --fulfilled-by <event id|none>` relinks a
 * promise (docs/data.md). Its flags, and which cannot go together: CORRECT in scripts/lib/commands/curation.ts.
 */
import { correctEvent, relinkPromise } from '../src/core/curate/corrections.ts';
import { defined } from '../src/core/curate/errors.ts';
import { isPostId } from '../src/core/postid.ts';
import { runCuration } from './lib/curation.ts';
import { CORRECT } from './lib/commands/curation.ts';
import { parseCommand, refuse } from './lib/flags.ts';

const { values, positionals } = parseCommand(CORRECT);
const [id] = positionals as [string];
if (!isPostId(id)) refuse(CORRECT, `id ${JSON.stringify(id)}: expected decimal digits (an event id in timeline.json, or a promise id)`);
const { 'fulfilled-by': fulfilledBy, ...fields } = values;

runCuration('correct', (state, now) =>
  fulfilledBy !== undefined ? relinkPromise(state, id, fulfilledBy, values.reason, now) : correctEvent(state, id, defined(fields), now),
);
