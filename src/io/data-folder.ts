/**
 * The one module that reads and writes data/, for the build (src/site/data.ts) and every script. Files
 * are named by DATA_FILES (src/core/dataset/files.ts), never found by pattern: a stray file in the folder
 * is neither read nor written back.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ABSENT_MEANS, BUILD_FILES, DATA_FILES, dataPath, type DataFileKey } from '../core/dataset/files.ts';
import type { DatasetTexts } from '../core/dataset/index.ts';
import { stableStringify } from '../core/json.ts';
import { secretInData, secretRefusal } from '../core/secrets/in-data.ts';
import { secretPiecesFrom } from '../core/secrets/variables.ts';

type Env = Record<string, string | undefined>;

/** data/ lives at the project root; RESETCAST_DATA_DIR points the build and the scripts elsewhere (tests use it). */
export function dataDir(env: Env = process.env): string {
  return resolve(env['RESETCAST_DATA_DIR'] ?? 'data');
}

/** The text of one data file; an absent optional file reads as what it means, any other is a named error. */
export function readDataFile(dir: string, key: DataFileKey): string {
  const file = join(dir, DATA_FILES[key]);
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const absent = ABSENT_MEANS[key];
    if ((e as { code?: string }).code === 'ENOENT' && absent !== undefined) return absent;
    throw new Error(`${dataPath(key)}: cannot read ${file}: ${(e as Error).message}`);
  }
}

/** The text of each file the build reads. */
export function readDataFiles(dir: string): DatasetTexts {
  return Object.fromEntries(BUILD_FILES.map((k) => [k, readDataFile(dir, k)])) as DatasetTexts;
}

/**
 * The whole folder for the pull and the broadcast: every file of DATA_FILES that exists, by file name
 * (an absent one is left out; the jobs read it as ABSENT_MEANS says).
 */
export function readDataTexts(dir: string): Record<string, string> {
  if (!existsSync(dir)) throw new Error(`data folder not found: ${dir}`);
  const names = Object.values(DATA_FILES).filter((name) => existsSync(join(dir, name)));
  return Object.fromEntries(names.map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}

/**
 * The secret pieces of this process's environment: a write whose content holds one is refused whole
 * (src/core/secrets/in-data.ts). Never redacted here: our facts are not rewritten to hide a secret; the text
 * that could bring one in is cleaned where it enters (src/net/http.ts, the outlets).
 */
const secrets = secretPiecesFrom(process.env);

/** A write of data/ refused because its content holds a configured secret: nothing was written. */
export class SecretInDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretInDataError';
  }
}

const tempOf = (path: string): string => `${path}.${process.pid}.tmp`;

/**
 * Several files (by name in `dir`) as one change: every temp file is written first (in the same folder),
 * then all are renamed. A failure while writing leaves every file as it was; only a crash between the
 * renames (microseconds) could split it. A write holding a secret of the environment is refused before
 * anything is written (SecretInDataError: one line naming the variable, the file and the field).
 */
export function writeDataTexts(dir: string, writes: Record<string, string>): void {
  const found = secretInData(Object.fromEntries(Object.entries(writes).map(([name, text]) => [`data/${name}`, text])), secrets);
  if (found) throw new SecretInDataError(secretRefusal(found, 'nothing written'));
  mkdirSync(dir, { recursive: true });
  const names = Object.keys(writes);
  try {
    for (const name of names) writeFileSync(tempOf(join(dir, name)), writes[name]!);
  } catch (e) {
    for (const name of names) rmSync(tempOf(join(dir, name)), { force: true });
    throw e;
  }
  for (const name of names) renameSync(tempOf(join(dir, name)), join(dir, name));
}

/** One data file the way reviewers like to diff it (sorted, 2-space, trailing newline), atomically. */
export function writeDataFile(path: string, value: unknown): void {
  writeDataTexts(dirname(path), { [path.slice(dirname(path).length + 1)]: stableStringify(value) });
}
