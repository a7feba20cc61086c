/**
 * `npm run facts-changed -- --before <dir>`: whether the site needs a build after a pull (the rule and
 * why: src/jobs/rebuild/rebuild.ts, docs/pull.md). Compares the fact files of data/ with those in
 * <dir> (data/ as of the last commit), and what a build of data/ would publish (the forecast's numbers, the
 * alert ids, the active banked grants and their advice) at the instant the deployed site's timetable states
 * are for, with the deployed signals in place of data/'s (a signal never builds: published.ts, `withSignals`),
 * with the deployed site's, and asks for a build before the deployed timetable runs out: the pages,
 * feeds and calendar are timetable states too, so the clock alone never builds (STATIC_OUTPUTS_FOLLOW_CLOCK is
 * false; were it true, also when the clock had moved that view since the deployed build's instant). Prints one line per
 * reason (or why none), and with --output appends `rebuild=true|false` to that file (the workflow passes
 * $GITHUB_OUTPUT). Exit 0 with a decision, 1 when data/ cannot be read or a flag is refused (one line, no decision
 * written).
 */
// First: every later write to stdout/stderr is redacted of secrets and cannot run a workflow command.
import './lib/guard-output.ts';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildNow } from '../src/io/clock.ts';
import { commandHttp } from './lib/http.ts';
import { dataDir, readDataFiles } from '../src/io/data-folder.ts';
import { DATA_FILES, FACT_FILES, type FactFileKey } from '../src/core/dataset/files.ts';
import { parseDataset } from '../src/core/dataset/index.ts';
import { comparedInstants, publishedAt, publishedNow, staticView, withSignals } from '../src/jobs/rebuild/published.ts';
import { timetableHorizon } from '../src/core/forecast/horizon.ts';
import { rebuildDecision, STATIC_OUTPUTS_FOLLOW_CLOCK, type FactTexts } from '../src/jobs/rebuild/rebuild.ts';
import { deployedView } from '../src/jobs/rebuild/deployed.ts';
import { FACTS_CHANGED } from './lib/commands/jobs.ts';
import { parseCommand, refuse, siteBaseOrRefuse } from './lib/flags.ts';

const { values } = parseCommand(FACTS_CHANGED);
if (!existsSync(values.before)) refuse(FACTS_CHANGED, `--before ${JSON.stringify(values.before)}: no such folder`);
// Ids and links as the build writes them: on the site's address, whichever site --site reads.
const base = siteBaseOrRefuse(FACTS_CHANGED);
const args = { before: values.before, site: values.site ?? base, output: values.output };

/** The fact files of a folder; an absent one is undefined (rebuild.ts says what absent means). */
function factTexts(dir: string): FactTexts {
  const texts: FactTexts = {};
  for (const key of Object.keys(FACT_FILES) as FactFileKey[]) {
    const path = join(dir, DATA_FILES[key]);
    if (existsSync(path)) texts[key] = readFileSync(path, 'utf8');
  }
  return texts;
}

try {
  const env = process.env;
  const now = buildNow(env);
  const dir = dataDir(env);
  const data = parseDataset(readDataFiles(dir), now);
  const deployed = await deployedView(commandHttp(env), args.site);
  // At the site's address (base), at the instants the deployed states are for, with the signals they were computed with.
  const readable = 'unreadable' in deployed ? null : deployed;
  const view = readable
    ? publishedAt(withSignals(data, readable.signals), comparedInstants(readable.clock, now), base)
    : publishedNow(data, now, base);
  const runsOut = readable
    ? { horizon: new Date(timetableHorizon(new Date(readable.clock.builtAt), readable.clock.eventsCheckedAt) * 1000), now }
    : undefined;
  // What static outputs would show (the deployed build's instant): only while they are one file per build.
  const pages = readable && STATIC_OUTPUTS_FOLLOW_CLOCK ? staticView(data, readable.clock, now, base) : undefined;
  const decision = rebuildDecision({
    before: factTexts(args.before),
    after: factTexts(dir),
    now: view,
    deployed,
    ...(runsOut ? { runsOut } : {}),
    ...(pages ? { pages } : {}),
  });
  for (const line of decision.why) console.log(line);
  const f = view.forecast;
  if (!decision.rebuild)
    console.log(
      `no build: no fact changed, and the forecast, the alerts and the banked grants read as deployed` +
        `${STATIC_OUTPUTS_FOLLOW_CLOCK ? ' and as the pages show them' : ''} (available ${f.available}, p24 ${f.p24}, p48 ${f.p48})`,
    );
  if (args.output !== undefined) appendFileSync(args.output, `rebuild=${decision.rebuild}\n`);
} catch (e) {
  console.error(`facts-changed: ${(e as Error).message}`);
  process.exitCode = 1;
}
