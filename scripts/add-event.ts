/**
 * `npm run add-event -- <post URL> --kind reset|banked|boost|other --scope <scope> --summary "…"`: records one
 * event (a banked one with its grant) in data/, validated, sorted, atomically (docs/data.md). Its flags:
 * ADD_EVENT in scripts/lib/commands/curation.ts (`--help` lists them).
 */
import { defined } from '../src/core/curate/errors.ts';
import { recordEvent } from '../src/core/curate/events.ts';
import { runCuration } from './lib/curation.ts';
import { ADD_EVENT } from './lib/commands/curation.ts';
import { parseCommand, refuse } from './lib/flags.ts';

const { values, positionals } = parseCommand(ADD_EVENT);
const { url: link, kind, scope, summary, ...rest } = values;
const [post] = positionals;
if (post !== undefined && link !== undefined)
  refuse(ADD_EVENT, `${ADD_EVENT.positionals.names[0]} and --url cannot go together: give the post, or --url for a page that is not one`);
const url = post ?? link;
if (url === undefined) refuse(ADD_EVENT, `${ADD_EVENT.positionals.names[0]} or --url: required (usage: ${ADD_EVENT.usage})`);

runCuration('add-event', (state, now) =>
  recordEvent(state, { url, kind, scope, summary, ...defined({ ...rest, observed: link === undefined ? undefined : true }) }, now),
);
