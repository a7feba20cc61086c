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
import { PULL_BUDGET, sourceBases } from '../src/core/sources.ts';
import { PULL } from './lib/commands/jobs.ts';
import { envValue, parseCommand, siteBaseOrRefuse, type EnvSetting } from './lib/flags.ts';

parseCommand(PULL);

const env = process.env;
const site = siteBaseOrRefuse(PULL, env);
const now = buildNow(env);
const dir = dataDir(env);
const budgetMs = (setting: EnvSetting, fallback: number): number => Number(envValue(setting, env) ?? fallback);
const pullBudgetMs = budgetMs(PULL.env.pullBudget, PULL_BUDGET.pullMs);
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
    tokens: { github: envValue(PULL.env.githubToken, env), x: envValue(PULL.env.xToken, env) },
    site,
    sourceBudgetMs: budgetMs(PULL.env.sourceBudget, PULL_BUDGET.sourceMs),
  });
  writeDataTexts(dir, result.writes);
  for (const l of result.lines) console.log(l);
  const changed = Object.keys(result.writes).sort();
  console.log(changed.length > 0 ? `wrote ${changed.join(', ')}` : 'no changes');
  process.exitCode = result.failed ? 1 : 0;
} catch (e) {
  console.error(
    e instanceof DataError
      ? `pull refused: data/ is invalid, nothing written\n${e.message}`
      : e instanceof SecretInDataError
        ? `pull refused: ${e.message}`
        : `pull failed, nothing written: ${(e as Error).stack ?? String(e)}`,
  );
  process.exitCode = 2;
}
