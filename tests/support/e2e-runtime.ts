/**
 * The end-to-end runtime the global setup builds and starts in the background (tests/support/global-setup.ts):
 * an end-to-end file awaits it at its top, and fails with the setup's reason if it could not start.
 */
import { inject } from 'vitest';
import type { E2eRuntime } from './global-setup.ts';
import { awaitOutcome } from './outcome-file.ts';

/** The build and `netlify serve`'s start take a minute or two on a busy machine; this only bounds a failure. */
const RUNTIME_DEADLINE_MS = 600_000;

export function e2eRuntime(): Promise<E2eRuntime> {
  return awaitOutcome<E2eRuntime>(inject('e2eRuntimeFile'), {
    describe: 'the end-to-end runtime (tests/support/global-setup.ts) to answer',
    failed: 'the end-to-end runtime did not start',
    deadlineMs: RUNTIME_DEADLINE_MS,
  });
}
