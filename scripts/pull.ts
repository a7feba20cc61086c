/**
 * `npm run pull`: checks every source once and writes what it learned into data/ (see docs/pull.md).
 * It announces nothing: `npm run broadcast` does, after the dataset is validated, built and committed
 * (docs/alerts.md). Exit 0 when every source succeeded or was skipped, 1 when any failed (after writing
 * what succeeded), 2 when data/ itself is invalid (nothing written).
 */
// First: every later write to stdout/stderr is redacted of secrets and cannot run a workflow command.
import './lib/guard-output.ts';
import { buildNow } from '../src/io/clock.ts';
import { commandHttp } from './lib/http.ts';
import { dataDir, readDataTexts, SecretInDataError, writeDataTexts } from '../src/io/data-folder.ts';
import { DataError } from '../src/core/dataset/index.ts';
import { runPull } from '../src/jobs/pull/run.ts';
import { SITE } from '../src/core/site.ts';
import { PULL_BUDGET, sourceBases } from '../src/core/sources.ts';
import { answerHelp } from './lib/help.ts';

answerHelp({
  usage: 'npm run pull',
  about: 'Checks every source once and writes what it learned into data/, within a time budget (tokens come from the environment; alerts go out later with npm run broadcast: docs/pull.md).',
  flags: [
    ['RESETCAST_SOURCE_BUDGET_MS=<ms>', `how long each source may take (default ${PULL_BUDGET.sourceMs})`],
    ['RESETCAST_PULL_BUDGET_MS=<ms>', `hard limit of the whole pull, then exit 1 and nothing written (default ${PULL_BUDGET.pullMs})`],
  ],
  example: 'X_BEARER_TOKEN=… npm run pull',
});

const env = process.env;
const now = buildNow(env);
const dir = dataDir(env);
const budgetMs = (name: string, fallback: number): number => (env[name] ? Number(env[name]) : fallback);
const pullBudgetMs = budgetMs('RESETCAST_PULL_BUDGET_MS', PULL_BUDGET.pullMs);
// The one overall deadline: whatever hangs (a source, the disk), the pull ends and writes nothing.
setTimeout(() => {
  console.error(`pull failed, nothing written: it passed its ${pullBudgetMs / 1000} s budget`);
  process.exit(1);
}, pullBudgetMs).unref();

try {
  const result = await runPull({
    texts: readDataTexts(dir),
    now,
    http: commandHttp(env),
    bases: sourceBases(env),
    tokens: { github: env['GITHUB_TOKEN'] || undefined, x: env['X_BEARER_TOKEN'] || undefined },
    site: SITE.url,
    sourceBudgetMs: budgetMs('RESETCAST_SOURCE_BUDGET_MS', PULL_BUDGET.sourceMs),
  });
  writeDataTexts(dir, result.writes);
  for (const l of result.lines) console.log(l);
  const changed = Object.keys(result.writes).sort();
  console.log(changed.length > 0 ? `wrote ${changed.join(', ')}` : 'no changes');
  process.exitCode = result.failed ? 1 : 0;
} catch (e) {
  console.error(e instanceof DataError ? `pull refused: data/ is invalid, nothing written\n${e.message}` : e instanceof SecretInDataError ? `pull refused: ${e.message}` : `pull failed, nothing written: ${(e as Error).stack ?? String(e)}`);
  process.exitCode = 2;
}
