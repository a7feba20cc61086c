/**
 * The frozen history built once per test run, as `npm run build` builds it (its two steps, at the history's
 * clock), for every test that reads that build and changes nothing in it: the end-to-end runtime serves a
 * copy, and the build tests read its pages, payloads and feeds. Each of those files built the same thing
 * for itself before, a build of the whole timetable each (docs/performance.md, "Test suite").
 *
 * Test files run in separate processes, so the first to ask builds it: it takes the run's lock (a folder
 * made atomically) and writes, when done, whether the build succeeded; the others wait for that. A test
 * that changes a build, or builds with other data, another clock or another environment, builds its own
 * (tests/support/astro-build.ts).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { npmBuild } from './astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from './history.ts';
import { runDir } from './scratch.ts';
import { awaitOutcome, writeOutcome } from './outcome-file.ts';

export interface HistoryBuild {
  /** dist/ of the build: read it, never write into it. */
  outDir: string;
  /** The bundled functions (`npm run build`'s second step). */
  functionsDir: string;
}

/** Bounds a failure only: the build takes a minute or two on a busy machine. */
const BUILD_DEADLINE_MS = 600_000;

/** The run's build of the frozen history: made by the first caller of the run, awaited by the others. */
export async function historyBuild(): Promise<HistoryBuild> {
  const root = join(runDir(), 'history-build');
  const built: HistoryBuild = { outDir: join(root, 'dist'), functionsDir: join(root, 'functions') };
  const outcomeFile = join(runDir(), 'history-build.json');
  if (takeLock(join(runDir(), 'history-build.lock'))) {
    await npmBuild({ dataDir: HISTORY_DIR, epoch: HISTORY_EPOCH, ...built }).then(
      () => writeOutcome(outcomeFile, { ok: true }),
      (e: unknown) => writeOutcome(outcomeFile, { error: e instanceof Error ? e.message : String(e) }),
    );
  }
  await awaitOutcome<{ ok: true }>(outcomeFile, {
    describe: 'the run’s build of the frozen history (tests/support/history-build.ts)',
    failed: 'the run’s build of the frozen history failed',
    deadlineMs: BUILD_DEADLINE_MS,
  });
  return built;
}

/** True for the one caller that makes the folder: mkdir either creates it or fails, never both for two processes. */
function takeLock(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}
