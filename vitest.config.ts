import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './tests/support/sequencer.ts';

/**
 * Every project's first global setup: the run leaves dist/ and .netlify/functions-bundled/ (what
 * `npm start -- --no-build` serves) as they were, and removes its builds in .test-builds/ when it ends.
 */
const RUN_GUARD = 'tests/support/run-guard.ts';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two. Many files wait (for a lock or
    // a lease to run out, a child process, a local server) rather than compute, so a third worker keeps
    // both cores busy meanwhile and .ci/run inside its 15 minutes (docs/performance.md, "Test suite").
    maxWorkers: 3,
    // The longest files start first, across the projects, so none is left running alone at the end (tests/support/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      // Pure code and scripts against local servers they start themselves.
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/scripts/**/*.test.ts'], globalSetup: [RUN_GUARD] },
      },
      // Full `astro build` runs into temp folders (determinism, schemas, bad data).
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'], globalSetup: [RUN_GUARD] } },
      // One real local Netlify runtime (built from the frozen history into the run's own folder) for end-to-end and browser tests.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/browser/**/*.test.ts'],
          // The guard first: it fingerprints the maintainer's build before the runtime's own is made.
          globalSetup: [RUN_GUARD, 'tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
