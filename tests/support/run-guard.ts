/**
 * The first global setup of every project (vitest.config.ts): the maintainer's build is not the suite's. It
 * fingerprints what `npm start -- --no-build` serves (dist/ and the bundled functions in .netlify/functions-bundled/)
 * before the first test, and fails the run if any test changed it; it removes the builds of the run when it ends
 * (tests/support/scratch.ts), and what crashed runs left behind when it starts.
 *
 * Each project runs it (a root `globalSetup` would run after the projects' own, too late to see the e2e
 * runtime's build); the projects of one run share one guard, armed by the first setup and checked by
 * the last teardown, through the main process's globalThis.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { listFiles } from './astro-build.ts';
import { PROJECT_ROOT, removeLeftovers, removeRunDir, runDir } from './scratch.ts';

/** What `npm start -- --no-build` reads: the last build of the maintainer, never the suite's. */
export const GUARDED = ['dist', '.netlify/functions-bundled'];
/** Where older versions of the suite wrote the browser tests' screenshots (now in the run's folder). */
const OLD_SCREENSHOTS = join(PROJECT_ROOT, 'tests', '.artifacts');

/** Every file below the guarded folders with a hash of its bytes; an absent folder is a fingerprint too. */
export function fingerprint(root: string = PROJECT_ROOT): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dir of GUARDED) {
    const full = join(root, dir);
    if (!existsSync(full)) {
      out[dir] = 'absent';
      continue;
    }
    for (const file of listFiles(full))
      out[join(dir, file)] = createHash('sha256')
        .update(readFileSync(join(full, file)))
        .digest('hex');
  }
  return out;
}

/** The paths whose fingerprint differs (added, removed or changed), sorted. */
export function changedPaths(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((p) => before[p] !== after[p]).sort();
}

interface Guard {
  before: Record<string, string>;
  projects: number;
}
const GUARD = Symbol.for('resetcast.run-guard');
const shared = globalThis as { [GUARD]?: Guard };

export function setup(): () => void {
  if (!shared[GUARD]) {
    runDir();
    removeLeftovers();
    if (!process.env['RESETCAST_SCREENSHOTS']) rmSync(OLD_SCREENSHOTS, { recursive: true, force: true });
    shared[GUARD] = { before: fingerprint(), projects: 0 };
  }
  const guard = shared[GUARD];
  guard.projects++;
  return () => {
    if (--guard.projects > 0) return;
    delete shared[GUARD];
    removeRunDir();
    const changed = changedPaths(guard.before, fingerprint());
    if (changed.length > 0)
      throw new Error(
        `the test run changed the maintainer's build (what \`npm start -- --no-build\` serves): ` +
          `${changed.slice(0, 10).join(', ')}${changed.length > 10 ? ` and ${changed.length - 10} more` : ''}`,
      );
  };
}
