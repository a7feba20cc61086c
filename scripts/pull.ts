/**
 * `npm run pull`: checks every source once and writes what it learned into data/ (see docs/pull.md).
 * It announces nothing: `npm run broadcast` does, after the dataset is validated, built and committed
 * (docs/alerts.md). Exit 0 when every source succeeded or was skipped, 1 when any failed (after writing
 * what succeeded), 2 when data/ itself is invalid (nothing written).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildNow, dataDir, wholeSecondNow } from '../src/data.ts';
import { DataError } from '../src/lib/dataset.ts';
import { runPull } from '../src/lib/pull/run.ts';
import { SITE } from '../src/lib/site.ts';
import { HTTP_DEFAULTS, sourceBases, USER_AGENT } from '../src/lib/sources.ts';
import { readDataTexts, writeDataTexts } from './lib/data-dir.ts';
import { answerHelp } from './lib/help.ts';

answerHelp({
  usage: 'npm run pull',
  about: 'Checks every source once, writes what it learned into data/ and broadcasts new alerts (tokens and outlets come from the environment: docs/pull.md).',
  flags: [],
  example: 'X_BEARER_TOKEN=… npm run pull',
});

const env = process.env;
const now = buildNow(env);
const timeoutMs = Number(env['RESETCAST_HTTP_TIMEOUT_MS'] ?? HTTP_DEFAULTS.timeoutMs);
const dir = dataDir(env);

try {
  const result = await runPull({
    texts: readDataTexts(dir),
    now,
    http: { ...HTTP_DEFAULTS, timeoutMs, fetch: globalThis.fetch, sleep: (ms) => sleep(ms), now: wholeSecondNow, userAgent: USER_AGENT },
    bases: sourceBases(env),
    tokens: { github: env['GITHUB_TOKEN'] || undefined, x: env['X_BEARER_TOKEN'] || undefined },
    site: SITE.url,
  });
  writeDataTexts(dir, result.writes);
  for (const l of result.lines) console.log(l);
  const changed = Object.keys(result.writes).sort();
  console.log(changed.length > 0 ? `wrote ${changed.join(', ')}` : 'no changes');
  process.exitCode = result.failed ? 1 : 0;
} catch (e) {
  console.error(e instanceof DataError ? `pull refused: data/ is invalid, nothing written\n${e.message}` : `pull failed, nothing written: ${(e as Error).stack ?? String(e)}`);
  process.exitCode = 2;
}
