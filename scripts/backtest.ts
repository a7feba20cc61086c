/**
 * `npm run backtest [-- --json]`: the rolling-origin backtest of the forecast on data/, as a table or,
 * with --json, every issued forecast of the selected model and its scores.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { clockFromEnv } from '../src/lib/clock.ts';
import { DATA_FILES, DataError, parseDataset, type DataFileKey } from '../src/lib/dataset.ts';
import { evaluate } from '../src/lib/forecast/evaluate.ts';
import { backtestJson, backtestTable } from '../src/lib/forecast/report.ts';
import { dataDir } from './lib/data-dir.ts';

try {
  const { values } = parseArgs({ options: { json: { type: 'boolean', default: false } } });
  const dir = dataDir();
  const now = clockFromEnv(process.env, () => new Date(Math.floor(Date.now() / 1000) * 1000));
  const texts = Object.fromEntries(
    (Object.keys(DATA_FILES) as DataFileKey[]).map((k) => [k, readFileSync(join(dir, DATA_FILES[k].replace(/^data\//, '')), 'utf8')]),
  ) as Record<DataFileKey, string>;
  const data = parseDataset(texts, now);
  const started = performance.now();
  const result = evaluate(data.events, data.announcements);
  const ms = performance.now() - started;
  if (values.json) console.log(JSON.stringify(backtestJson(result), null, 2));
  else console.log(`${backtestTable(result)}\nbacktest took ${ms.toFixed(0)} ms`);
} catch (e) {
  const known = e instanceof DataError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(`backtest: ${known ? (e as Error).message : (e as Error).stack}`);
  process.exitCode = 1;
}
