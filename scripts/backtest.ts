/**
 * `npm run backtest [-- --json]`: the rolling-origin backtest of the forecast on data/ (or RESETCAST_DATA_DIR),
 * as a table with 90 % bootstrap intervals and the targets, or, with --json, every issued forecast of the
 * published model and its scores.
 */
import { buildNow } from '../src/io/clock.ts';
import { dataDir, readDataFiles } from '../src/io/data-folder.ts';
import { DataError, parseDataset } from '../src/core/dataset/index.ts';
import { evaluate } from '../src/core/forecast/evaluate.ts';
import { backtestJson, backtestTable } from '../src/core/forecast/report.ts';
import { BACKTEST } from './lib/commands/jobs.ts';
import { parseCommand } from './lib/flags.ts';

const { values } = parseCommand(BACKTEST);

try {
  const data = parseDataset(readDataFiles(dataDir()), buildNow());
  const started = performance.now();
  const result = evaluate(data.events, data.announcements);
  const ms = performance.now() - started;
  if (values.json) console.log(JSON.stringify(backtestJson(result), null, 2));
  else console.log(`${backtestTable(result)}\nbacktest took ${ms.toFixed(0)} ms`);
} catch (e) {
  console.error(`backtest: ${e instanceof DataError ? e.message : (e as Error).stack}`);
  process.exitCode = 1;
}
