/**
 * `npm run checked -- --note "…" [--at <ts>] [--by <name>]`: records that the maintainer looked at the
 * sources by hand (docs/data.md). Who: --by, else `git config user.name`, else left out.
 */
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { recordCheck } from '../src/core/curate/checked.ts';
import { CurationError, defined } from '../src/core/curate/errors.ts';
import { runCuration } from './lib/curation.ts';
import { answerHelp, type Help } from './lib/help.ts';

const HELP: Help = {
  usage: 'npm run checked -- --note "…" [--at <ts>] [--by <name>]',
  about: 'Records that you looked at the sources by hand up to now (or --at): the record counts as fresh from then, as after a successful pull.',
  flags: [
    ['--note "…"', 'what you looked at (required)'],
    ['--at <ts>', 'the sources were looked at up to this time (default now; never in the future)'],
    ['--by <name>', 'who checked (default: git config user.name; left out when unknown)'],
  ],
  example: 'npm run checked -- --note "Read @thsottiaux, @OpenAIDevs and openai/codex: nothing new since the last reset."',
};
answerHelp(HELP);

/** The git user name, or undefined when git or the setting is absent. */
function gitUser(): string | undefined {
  try {
    return execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

runCuration('checked', (state, now) => {
  const { values, positionals } = parseArgs({ options: { note: { type: 'string' }, at: { type: 'string' }, by: { type: 'string' } } });
  if (positionals.length > 0 || values.note === undefined) throw new CurationError(`usage: ${HELP.usage}`);
  return recordCheck(state, { note: values.note, ...defined({ at: values.at, by: values.by ?? gitUser() }) }, now);
});
