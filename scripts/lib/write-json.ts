/** Writes data files the way reviewers like to diff them: sorted, 2-space, trailing newline, atomically. */
import { renameSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stableStringify } from '../../src/core/json.ts';
import { redactorFrom } from '../../src/core/secrets.ts';

/** The last step before data/: no secret of the environment is ever written (src/core/secrets.ts). */
const redact = redactorFrom(process.env);

const tempOf = (path: string): string => `${path}.${process.pid}.tmp`;

/** Atomic: a crash mid-write leaves the old file intact (temp file in the same folder, then rename). */
export function writeTextFile(path: string, text: string): void {
  writeTextFiles(dirname(path), { [path.slice(dirname(path).length + 1)]: text });
}

/**
 * Several files as one change: every temp file is written first, then all are renamed. A failure while
 * writing leaves every file as it was; only a crash between the renames (microseconds) could split it.
 */
export function writeTextFiles(dir: string, writes: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  const names = Object.keys(writes);
  try {
    for (const name of names) writeFileSync(tempOf(join(dir, name)), redact(writes[name]!));
  } catch (e) {
    for (const name of names) rmSync(tempOf(join(dir, name)), { force: true });
    throw e;
  }
  for (const name of names) renameSync(tempOf(join(dir, name)), join(dir, name));
}

export function writeDataFile(path: string, value: unknown): void {
  writeTextFile(path, stableStringify(value));
}
