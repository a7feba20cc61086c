/** Writes data files the way reviewers like to diff them: sorted, 2-space, trailing newline, atomically. */
import { renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { stableStringify } from '../../src/lib/json.ts';

/** Atomic: a crash mid-write leaves the old file intact (temp file in the same folder, then rename). */
export function writeTextFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export function writeDataFile(path: string, value: unknown): void {
  writeTextFile(path, stableStringify(value));
}
