/**
 * Starts the real local Netlify runtime once (`netlify serve`, offline, edge functions off) for the
 * end-to-end and browser tests. It serves a copy of the run's build of the frozen history, made at the
 * history's own clock (never the live data/ or the wall clock) as `npm run build` makes it, in this run's
 * folder (tests/support/history-build.ts; the build tests read that build too), never the checkout's dist/
 * and .netlify/functions-bundled/, which are the maintainer's last build (`npm start -- --no-build`). The
 * copy is a temp project outside the checkout with the repository's netlify.toml (its headers, functions
 * settings and schedule as they are; only the build command dropped), so netlify-cli's own state
 * (.netlify/ beside the config) goes there too. The temp project is removed when the run ends.
 *
 * Vitest runs every project's global setup before the first test file starts, and the build and the
 * runtime's start took a minute with one core idle. So they go on in the background while the other
 * projects' tests run: the setup hands the tests a file where it writes the runtime's address once it
 * answers (or why it could not start), and the end-to-end files wait for it (tests/support/e2e-runtime.ts).
 */
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUNDLED_FUNCTIONS_DIR } from '../../scripts/lib/bundle-function.ts';
import { runtimeProject, startNetlifyServe, type NetlifyServe } from '../../scripts/lib/netlify-serve.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from './history.ts';
import { historyBuild, type HistoryBuild } from './history-build.ts';
import { writeOutcome } from './outcome-file.ts';
import { PROJECT_ROOT, runDir } from './scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the setup writes the runtime's address and folder once it answers (E2eRuntime), or why it could not start. */
    e2eRuntimeFile: string;
  }
}

/** What the setup writes into its file once the runtime answers (tests/support/outcome-file.ts; else why it did not start). */
export interface E2eRuntime {
  baseUrl: string;
  /** The project folder the runtime serves (netlify.toml, dist/, the bundled functions), for a second runtime on the same build. */
  runtimeRoot: string;
}

/** A project folder outside the checkout: netlify.toml without its build command, and a copy of the run's build of the history. */
function builtProject(built: HistoryBuild): string {
  const dir = runtimeProject(PROJECT_ROOT, 'resetcast-e2e-runtime-');
  cpSync(built.outDir, join(dir, 'dist'), { recursive: true });
  cpSync(built.functionsDir, join(dir, BUNDLED_FUNCTIONS_DIR), { recursive: true });
  return dir;
}

/** Builds the frozen history (or waits for the test that builds it) and serves it; removes what it made if the runtime does not start. */
async function startRuntime(): Promise<{ runtime: NetlifyServe; dir: string }> {
  const dir = builtProject(await historyBuild());
  try {
    const runtime = await startNetlifyServe({
      cwd: dir,
      env: () => ({ ...process.env, RESETCAST_DATA_DIR: HISTORY_DIR, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) }),
      readyPath: '/api/v1/forecast.json',
      startMs: 200_000,
    });
    return { runtime, dir };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const file = join(runDir(), 'e2e-runtime.json');
  rmSync(file, { force: true });
  const started = startRuntime().then(
    (r) => {
      writeOutcome<E2eRuntime>(file, { baseUrl: r.runtime.url, runtimeRoot: r.dir });
      return r;
    },
    (e: unknown) => {
      writeOutcome(file, { error: e instanceof Error ? e.message : String(e) });
      return undefined;
    },
  );
  project.provide('e2eRuntimeFile', file);
  return async () => {
    const r = await started;
    if (!r) return;
    await r.runtime.close();
    rmSync(r.dir, { recursive: true, force: true });
  };
}
