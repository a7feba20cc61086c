import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on CI's two. Most files wait on child
    // processes (builds, the Netlify runtime, chromium) and local servers rather than on the CPU, so two
    // workers keep .ci/run inside its 15 minutes (docs/performance.md, "Test suite").
    maxWorkers: 2,
    projects: [
      // Pure code and scripts against local servers they start themselves.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/scripts/**/*.test.ts'] } },
      // Full `astro build` runs into temp folders (determinism, schemas, bad data).
      { extends: true, test: { name: 'build', include: ['tests/build/**/*.test.ts'] } },
      // One real local Netlify runtime (built from data/) for end-to-end and browser tests.
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
