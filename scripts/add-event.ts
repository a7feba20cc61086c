/**
 * `npm run add-event -- <post URL> --kind reset|banked|boost|other --scope <scope> --summary "…"`
 * [--partial|--no-partial] [--global|--no-global] [--certainty high|medium|low] [--expires <ts>]
 * [--at <ts> --source <account>] [--update [--reason "…"]]: records one event (a banked one with its
 * grant) in data/, validated, sorted, atomically (docs/data.md).
 */
import { parseArgs } from 'node:util';
import { CurationError, defined } from '../src/lib/curate/errors.ts';
import { recordEvent } from '../src/lib/curate/events.ts';
import { runCuration } from './lib/curation.ts';

const USAGE =
  'usage: npm run add-event -- <post URL> --kind reset|banked|boost|other --scope <scope> --summary "…" [--partial|--no-partial] [--global|--no-global] ' +
  '[--certainty high|medium|low] [--expires <ts>] [--at <ts> --source <account>] [--update [--reason "…"]]';

runCuration('add-event', (state, now) => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    allowNegative: true,
    options: {
      kind: { type: 'string' }, scope: { type: 'string' }, summary: { type: 'string' }, certainty: { type: 'string' },
      expires: { type: 'string' }, at: { type: 'string' }, source: { type: 'string' }, reason: { type: 'string' },
      partial: { type: 'boolean' }, global: { type: 'boolean' }, update: { type: 'boolean' },
    },
  });
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0 || !values.kind || !values.scope || values.summary === undefined) throw new CurationError(USAGE);
  const { kind, scope, summary, ...rest } = values;
  return recordEvent(state, { url, kind, scope, summary, ...defined(rest) }, now);
});
