/**
 * Where a test run writes its builds: `.test-builds/run-<pid>/`, one folder per run of Vitest (its main
 * process id, handed to the workers through RESETCAST_TEST_RUN), inside the project because Astro keeps a
 * build's prerender chunks in its outDir only there (docs/performance.md, "Test suite"). Never dist/ or
 * .netlify/, which `npm start -- --no-build` serves. tests/support/run-guard.ts removes the run's folder
 * when the run ends, and the folders of runs that crashed (their process is gone) when the next one starts.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
export const TEST_BUILDS = join(PROJECT_ROOT, '.test-builds');
const RUN_ENV = 'RESETCAST_TEST_RUN';
const RUN_NAME = /^run-(\d+)$/;

/** This run's id: the Vitest main process's pid, fixed by the first caller (a global setup, before any worker). */
function runId(): string {
  const id = process.env[RUN_ENV] ?? String(process.pid);
  process.env[RUN_ENV] = id;
  return id;
}

/** This run's folder under `.test-builds/` (created). */
export function runDir(): string {
  const dir = join(TEST_BUILDS, `run-${runId()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes what earlier runs left in `.test-builds/`: anything that is not the folder of a run still going
 * (this one, or another Vitest in the same checkout), such as a crashed run's builds or the flat
 * `build-*` folders of older versions of the suite.
 */
export function removeLeftovers(parent: string = TEST_BUILDS): string[] {
  if (!existsSync(parent)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(parent)) {
    const pid = RUN_NAME.exec(name)?.[1];
    if (pid !== undefined && (pid === runId() || alive(Number(pid)))) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Removes this run's folder, and `.test-builds/` itself when nothing else is in it. */
export function removeRunDir(): void {
  rmSync(join(TEST_BUILDS, `run-${runId()}`), { recursive: true, force: true });
  if (existsSync(TEST_BUILDS) && readdirSync(TEST_BUILDS).length === 0) rmSync(TEST_BUILDS, { recursive: true, force: true });
}
