/**
 * The end-to-end runtime the global setup builds and starts in the background (tests/support/global-setup.ts):
 * an end-to-end file awaits it at its top, and fails with the setup's reason if it could not start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { E2eRuntimeFile } from './global-setup.ts';
import { waitFor } from './wait-for.ts';

/** The build and `netlify serve`'s start take a minute or two on a busy machine; this only bounds a failure. */
const RUNTIME_DEADLINE_MS = 600_000;

export async function e2eRuntime(): Promise<{ baseUrl: string; runtimeRoot: string }> {
  const file = inject('e2eRuntimeFile');
  const written = await waitFor(() => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as E2eRuntimeFile) : undefined), {
    describe: 'the end-to-end runtime (tests/support/global-setup.ts) to answer',
    deadlineMs: RUNTIME_DEADLINE_MS,
    everyMs: 250,
  });
  if ('error' in written) throw new Error(`the end-to-end runtime did not start: ${written.error}`);
  return written;
}
