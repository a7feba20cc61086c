/**
 * Starts the real local Netlify runtime once (`netlify serve`, offline, edge functions off) for the
 * end-to-end and browser tests, and hands them its base URL. It builds the frozen history at its own
 * clock (never the live data/ or the wall clock) as `npm run build` does, but into this run's folder
 * (tests/support/scratch.ts), never the checkout's dist/ and .netlify/functions-bundled/, which are the
 * maintainer's last build (`npm start -- --no-build`). The runtime serves a copy of that build in a temp
 * project outside the checkout, with the repository's netlify.toml (its headers, functions settings and
 * schedule as they are; only the build command dropped), so netlify-cli's own state (.netlify/ beside the
 * config) goes there too. The temp project is removed when the run ends.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { BUNDLED_FUNCTIONS_DIR } from '../../scripts/lib/bundle-function.ts';
import { runtimeProject, startNetlifyServe, type NetlifyServe } from '../../scripts/lib/netlify-serve.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from './history.ts';
import { npmBuild } from './astro-build.ts';
import { PROJECT_ROOT, runDir } from './scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The project folder the runtime serves (netlify.toml, dist/, the bundled functions), for a second runtime on the same build. */
    runtimeRoot: string;
  }
}

/** `npm run build`'s two steps (astro build, then the functions' bundle) into `outDir` and `functionsDir`. */
const buildHistory = (outDir: string, functionsDir: string): Promise<void> =>
  npmBuild({ dataDir: HISTORY_DIR, epoch: HISTORY_EPOCH, outDir, functionsDir });

/** A project folder outside the checkout: netlify.toml without its build command, and the build. */
function builtProject(built: string): string {
  const dir = runtimeProject(PROJECT_ROOT, 'resetcast-e2e-runtime-');
  cpSync(join(built, 'dist'), join(dir, 'dist'), { recursive: true });
  cpSync(join(built, 'functions'), join(dir, BUNDLED_FUNCTIONS_DIR), { recursive: true });
  return dir;
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Astro keeps its prerender chunks beside outDir only inside the project: build there, then copy.
  const built = mkdtempSync(join(runDir(), 'e2e-'));
  await buildHistory(join(built, 'dist'), join(built, 'functions'));
  const dir = builtProject(built);
  rmSync(built, { recursive: true, force: true });
  let runtime: NetlifyServe;
  try {
    runtime = await startNetlifyServe({
      cwd: dir,
      env: () => ({ ...process.env, RESETCAST_DATA_DIR: HISTORY_DIR, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH) }),
      readyPath: '/api/v1/forecast.json',
      startMs: 200_000,
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  project.provide('baseUrl', runtime.url);
  project.provide('runtimeRoot', dir);
  return async () => {
    await runtime.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
