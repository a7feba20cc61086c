/**
 * The one binding between data/ and the site: read the files, validate them against the build clock,
 * and hand pages the typed dataset and the payloads. Loaded once per build.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clockFromEnv } from './lib/clock.ts';
import { DATA_FILES, parseDataset, type DataFileKey, type Dataset } from './lib/dataset.ts';
import { createPayloads, type Payloads } from './lib/payloads.ts';
import { SITE } from './lib/site.ts';

export interface Build {
  now: Date;
  data: Dataset;
  payloads: Payloads;
}

type Env = Record<string, string | undefined>;

/** data/ lives at the project root; RESETCAST_DATA_DIR points the build and the scripts elsewhere (tests use it). */
export function dataDir(env: Env = process.env): string {
  return resolve(env['RESETCAST_DATA_DIR'] ?? 'data');
}

/** The text of each data file the dataset is built from; a file that cannot be read is named in the error. */
export function readDataFiles(dir: string): Record<DataFileKey, string> {
  const read = (key: DataFileKey): string => {
    const file = join(dir, DATA_FILES[key].replace(/^data\//, ''));
    try {
      return readFileSync(file, 'utf8');
    } catch (e) {
      throw new Error(`${DATA_FILES[key]}: cannot read ${file}: ${(e as Error).message}`);
    }
  };
  return { events: read('events'), announcements: read('announcements'), banked: read('banked'), signals: read('signals') };
}

/** The wall clock in whole seconds: published timestamps have no milliseconds, so neither may the inputs computed from now. */
export const wholeSecondNow = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);

/** "Now" for the build and the scripts: SOURCE_DATE_EPOCH when set, else the wall clock in whole seconds. */
export function buildNow(env: Env = process.env): Date {
  return clockFromEnv(env, wholeSecondNow);
}

let cached: Build | undefined;

/** Validates data/ (throws DataError naming file, record and field) and computes every payload. */
export function loadBuild(): Build {
  if (cached) return cached;
  const now = buildNow();
  const data = parseDataset(readDataFiles(dataDir()), now);
  cached = { now, data, payloads: createPayloads(data, now, SITE.url) };
  return cached;
}
