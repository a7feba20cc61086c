/**
 * `npm run add-event -- <post URL> --kind reset --scope plus+pro --summary "…" [--partial] [--global]
 * [--certainty high|medium|low] [--update]`: records one event in data/events.json, validated and sorted.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildNow, dataDir, readDataFiles } from '../src/data.ts';
import { DataError, parseDataset } from '../src/lib/dataset.ts';
import { stableStringify } from '../src/lib/json.ts';
import { addEvent, AddEventError } from '../src/lib/pull/add-event.ts';
import { writeTextFile } from './lib/write-json.ts';

const USAGE = 'usage: npm run add-event -- <post URL> --kind reset|banked|boost|other --scope <scope> --summary "…" [--partial|--no-partial] [--global|--no-global] [--certainty high|medium|low] [--update]';

try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    allowNegative: true,
    options: {
      kind: { type: 'string' }, scope: { type: 'string' }, summary: { type: 'string' }, certainty: { type: 'string' },
      partial: { type: 'boolean' }, global: { type: 'boolean' }, update: { type: 'boolean' },
    },
  });
  const [url, ...extra] = positionals;
  if (!url || extra.length > 0 || !values.kind || !values.scope || values.summary === undefined) throw new AddEventError(USAGE);
  const dir = dataDir();
  const now = buildNow();
  const texts = readDataFiles(dir);
  const current = parseDataset(texts, now);
  const { file, event, replaced } = addEvent(
    { checked_at: current.eventsCheckedAt, events: current.events },
    {
      url, kind: values.kind, scope: values.scope, summary: values.summary, update: values.update ?? false,
      ...(values.partial !== undefined ? { partial: values.partial } : {}),
      ...(values.global !== undefined ? { global: values.global } : {}),
      ...(values.certainty !== undefined ? { certainty: values.certainty } : {}),
    },
    now,
  );
  const text = stableStringify(file);
  parseDataset({ ...texts, events: text }, now); // the whole dataset must still validate (links, order)
  writeTextFile(join(dir, 'events.json'), text);
  console.log(`${replaced ? 'updated' : 'added'} ${event.id}: ${event.ts} ${event.kind} ${event.scope} by ${event.source}`);
} catch (e) {
  const known = e instanceof AddEventError || e instanceof DataError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(`add-event: ${known ? (e as Error).message : (e as Error).stack}`);
  process.exitCode = 1;
}
