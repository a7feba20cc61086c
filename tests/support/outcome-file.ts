/**
 * A JSON file one process of the test run writes once, when its work is done, and the others wait for:
 * the run's build of the frozen history (tests/support/history-build.ts) and the end-to-end runtime
 * started in the background (tests/support/global-setup.ts). Either says what it made, or `{ error }`.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { waitFor } from './wait-for.ts';

/** Written whole (a rename), so a reader never sees half of it. */
export function writeOutcome<T>(file: string, value: T | { error: string }): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(value));
  renameSync(`${file}.tmp`, file);
}

/** What was written, once it is; throws with `failed` and the writer's reason when that was an error. */
export async function awaitOutcome<T extends object>(
  file: string,
  o: { describe: string; failed: string; deadlineMs: number },
): Promise<T> {
  const outcome = await waitFor(() => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T | { error: string }) : undefined), {
    describe: o.describe,
    deadlineMs: o.deadlineMs,
    everyMs: 250,
  });
  if ('error' in outcome) throw new Error(`${o.failed}: ${outcome.error}`);
  return outcome;
}
