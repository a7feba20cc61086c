/** Reading and writing all of data/ for the pull (where data/ is: `dataDir` in src/site/data.ts). */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeTextFiles } from './write-json.ts';

/** Every .json/.jsonl file of the folder, by name. */
export function readDataTexts(dir: string): Record<string, string> {
  if (!existsSync(dir)) throw new Error(`data folder not found: ${dir}`);
  const names = readdirSync(dir).filter((n) => /\.jsonl?$/.test(n));
  return Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}

/** Writes the changed files as one atomic change (scripts/lib/write-json.ts). */
export function writeDataTexts(dir: string, writes: Record<string, string>): void {
  writeTextFiles(dir, writes);
}
