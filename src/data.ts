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

/** data/ lives at the project root; RESETCAST_DATA_DIR points the build elsewhere (tests use it). */
export function dataDir(): string {
  return resolve(process.env['RESETCAST_DATA_DIR'] ?? 'data');
}

function readTexts(dir: string): Record<DataFileKey, string> {
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

let cached: Build | undefined;

/** Validates data/ (throws DataError naming file, record and field) and computes every payload. */
export function loadBuild(): Build {
  if (cached) return cached;
  // Whole seconds: published timestamps have no milliseconds, so neither may the inputs computed from now.
  const now = clockFromEnv(process.env, () => new Date(Math.floor(Date.now() / 1000) * 1000));
  const data = parseDataset(readTexts(dataDir()), now);
  cached = { now, data, payloads: createPayloads(data, now, SITE.url) };
  return cached;
}
