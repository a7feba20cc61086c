/**
 * The order Vitest starts the test files in (vitest.config.ts `sequence.sequencer`). Its own order runs the
 * projects one after another (build, e2e, unit) and, on a fresh clone with no timings of its own, the larger
 * files first. The suite's longest files were then started last and ran alone on two cores: the files that
 * spend a minute or more waiting for a lock or a lease to run out (no CPU) after every build was done, and
 * CI went over its 15 minutes. So the longest start first, a build-heavy file beside a waiting one, and the
 * rest fill in around them (docs/performance.md, "Test suite").
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest files, in the order they start: alternately one that keeps a core busy (builds, a browser,
 * the Netlify runtime) and one that mostly waits (a stale lock, a claim's lease, an outlet that never
 * answers). Measured in one run of the whole suite on two workers (docs/performance.md).
 */
export const START_FIRST = [
  'tests/build/timetable.test.ts', // builds: the timetable's proof, fresh builds, two runtimes under a fake clock
  'tests/scripts/broadcast-concurrency.test.ts', // waits: leases of killed and hung senders run out
  'tests/browser/answer-first.test.ts', // builds: three histories of its own, read in chromium
  'tests/unit/db/embedded.test.ts', // waits: a paused holder's lock goes stale
  'tests/browser/site.test.ts', // chromium: every page, viewport and scheme
  'tests/scripts/broadcast-lost-lock.test.ts', // waits: a paused sender's lock goes stale
  'tests/build/build.test.ts', // builds: determinism, bad data
] as const;

/** `files` with those of START_FIRST first, in its order; the others after, in the order given. */
export function startingFirst<T>(files: readonly T[], pathOf: (file: T) => string): T[] {
  const rank = (file: T): number => {
    const i = (START_FIRST as readonly string[]).indexOf(pathOf(file));
    return i === -1 ? START_FIRST.length : i;
  };
  return files
    .map((file, i) => ({ file, i }))
    .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
    .map(({ file }) => file);
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return startingFirst(sorted, (spec) => relative(spec.project.config.root, spec.moduleId).split('\\').join('/'));
  }
}
