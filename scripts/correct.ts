/**
 * `npm run correct -- <event id> --reason "…" <field flags> | --retract`: changes a published fact and logs the
 * change in data/corrections.json; `npm run correct -- <promise id> --fulfilled-by <event id|none>` relinks a
 * promise (docs/data.md). `--help` lists the flags.
 */
import { parseArgs } from 'node:util';
import { correctEvent, relinkPromise } from '../src/core/corrections/curate.ts';
import { CurationError, defined } from '../src/core/curate/errors.ts';
import { runCuration } from './lib/curation.ts';
import { answerHelp, type Help } from './lib/help.ts';

const HELP: Help = {
  usage: 'npm run correct -- <event id> --reason "…" (<field flags> | --retract)  |  npm run correct -- <promise id> --fulfilled-by <event id|none> --reason "…"',
  about: 'Changes any field of a recorded fact, or withdraws it, and logs the change in data/corrections.json.',
  flags: [
    ['--reason "…"', 'why the record changes (required)'],
    ['--ts <ts>', 'when it happened'],
    ['--scope <scope>', 'the plans it reached'],
    ['--kind reset|banked|boost|other', 'what happened; to or from banked makes or removes the grant'],
    ['--partial, --no-partial', 'partial or not (now known)'],
    ['--global, --no-global', 'reached everyone in scope or not (now known)'],
    ['--summary "…"', 'the one-line summary'],
    ['--certainty high|medium|low', 'how sure the record is'],
    ['--origin official_post|official_other|observed|community', 'where it comes from'],
    ['--source <account>', 'who posted it (not for X posts: the account is in the link)'],
    ['--scope-note "…"', 'a note on the scope'],
    ['--url <link>', 'a new link (not for X posts)'],
    ['--expires <ts>', 'the banked grant\'s expiry'],
    ['--retract', 'the event did not happen as recorded: withdraw it (prints the correction id for --supersedes)'],
    ['--fulfilled-by <event id|none>', 'with a promise id: the event that fulfilled the promise, or none'],
  ],
  example: 'npm run correct -- 1968163721034994139 --kind banked --reason "The post granted a banked reset."',
};
answerHelp(HELP);

runCuration('correct', (state, now) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    allowNegative: true,
    options: {
      ts: { type: 'string' }, scope: { type: 'string' }, kind: { type: 'string' }, summary: { type: 'string' }, certainty: { type: 'string' },
      origin: { type: 'string' }, source: { type: 'string' }, 'scope-note': { type: 'string' }, 'fulfilled-by': { type: 'string' },
      url: { type: 'string' }, expires: { type: 'string' }, reason: { type: 'string' }, partial: { type: 'boolean' }, global: { type: 'boolean' }, retract: { type: 'boolean' },
    },
  });
  const [id, ...extra] = positionals;
  if (!id || extra.length > 0) throw new CurationError(`usage: ${HELP.usage}`);
  if (!/^\d{1,20}$/.test(id)) throw new CurationError(`id ${JSON.stringify(id)}: expected decimal digits (an event id in timeline.json, or a promise id)`);
  const { 'fulfilled-by': fulfilledBy, ...fields } = values;
  if (fulfilledBy !== undefined) {
    const other = Object.keys(fields).find((k) => k !== 'reason');
    if (other) throw new CurationError(`--fulfilled-by relinks a promise; drop --${other}`);
    return relinkPromise(state, id, fulfilledBy, values.reason, now);
  }
  return correctEvent(state, id, defined(fields), now);
});
