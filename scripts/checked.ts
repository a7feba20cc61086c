/**
 * `npm run checked -- --note "…" [--at <ts>] [--by <name>]`: records that the maintainer looked at the
 * sources by hand (docs/data.md). Who: --by, else `git config user.name`, else left out. Its flags:
 * CHECKED in scripts/lib/commands/curation.ts.
 */
import { execFileSync } from 'node:child_process';
import { recordCheck } from '../src/core/curate/checked.ts';
import { defined } from '../src/core/curate/errors.ts';
import { runCuration } from './lib/curation.ts';
import { CHECKED } from './lib/commands/curation.ts';
import { parseCommand } from './lib/flags.ts';

const { values } = parseCommand(CHECKED);

/** The git user name, or undefined when git or the setting is absent. */
function gitUser(): string | undefined {
  try {
    return execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

runCuration('checked', (state, now) =>
  recordCheck(state, { note: values.note, ...defined({ at: values.at, by: values.by ?? gitUser() }) }, now),
);
