/**
 * `npm run add-event -- <post URL> --kind reset|banked|boost|other --scope <scope> --summary "…"`: records one
 * event (a banked one with its grant) in data/, validated, sorted, atomically (docs/data.md). `--help` lists the flags.
 */
import { parseArgs } from 'node:util';
import { CurationError, defined } from '../src/core/curate/errors.ts';
import { recordEvent } from '../src/core/curate/events.ts';
import { runCuration } from './lib/curation.ts';
import { answerHelp, type Help } from './lib/help.ts';

const HELP: Help = {
  usage: 'npm run add-event -- (<post URL> | --url <link> --origin observed --at <ts> --source <who>) --kind <kind> --scope <scope> --summary "…" [flags]',
  about: 'Records one event from an X status or a GitHub issue/comment of the staff source (a banked one with its grant), validated and written atomically.',
  flags: [
    ['--kind reset|banked|boost|other', 'what happened (required)'],
    ['--scope <scope>', 'all, paid, unspecified, or plans joined with "+" (rewritten to the canonical order; required)'],
    ['--summary "…"', 'one line in your own words (required)'],
    ['--partial, --no-partial', 'the post said the reset was partial (or not); otherwise unknown'],
    ['--global, --no-global', 'the post said it reached everyone in scope (or not); otherwise unknown (scope all: global)'],
    ['--origin observed|community', 'required for an account not listed as official in src/core/sources.ts'],
    ['--certainty high|medium|low', 'default high for an official post, medium otherwise (at most medium)'],
    ['--url <link>', 'a page that is not a post: needs --origin observed, --at and --source'],
    ['--at <ts>', 'when a GitHub post or other page was posted (an X post\'s time comes from its id)'],
    ['--source <account>', 'who posted a GitHub post or other page'],
    ['--expires <ts>', 'banked only: the grant\'s expiry when the post gives one'],
    ['--update [--reason "…"]', 'amend an event already recorded (each change is logged as a correction)'],
    ['--supersedes <correction id> --reason "…"', 'record a retracted post again (the id is printed by --retract)'],
  ],
  example: 'npm run add-event -- https://x.com/thsottiaux/status/1968163721034994139 --kind reset --scope all --summary "Limits reset for everyone."',
};
answerHelp(HELP);

runCuration('add-event', (state, now) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    allowNegative: true,
    options: {
      kind: { type: 'string' }, scope: { type: 'string' }, summary: { type: 'string' }, certainty: { type: 'string' },
      expires: { type: 'string' }, at: { type: 'string' }, source: { type: 'string' }, reason: { type: 'string' },
      origin: { type: 'string' }, url: { type: 'string' }, supersedes: { type: 'string' },
      partial: { type: 'boolean' }, global: { type: 'boolean' }, update: { type: 'boolean' },
    },
  });
  const { url: link, kind, scope, summary, ...rest } = values;
  const [post, ...extra] = positionals;
  const url = post ?? link;
  if (!url || extra.length > 0 || (post && link) || !kind || !scope || summary === undefined) throw new CurationError(`usage: ${HELP.usage}`);
  return recordEvent(state, { url, kind, scope, summary, ...defined({ ...rest, observed: link === undefined ? undefined : true }) }, now);
});
