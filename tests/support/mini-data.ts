/** The small fixed dataset in tests/fixtures/mini-data/, as raw texts and as parsed JSON to mutate. */
import { join } from 'node:path';
import { readDataFiles } from '../../src/io/data-folder.ts';
import type { BuildFileKey } from '../../src/core/dataset/files.ts';
import type { DatasetTexts } from '../../src/core/dataset/index.ts';

export const MINI_DATA_DIR = join(import.meta.dirname, '..', 'fixtures', 'mini-data');
/** A build clock inside the fixture's window: after every event, while both grants are active. */
export const MINI_NOW = new Date('2026-07-01T12:00:00Z');

export function miniTexts(): DatasetTexts {
  return readDataFiles(MINI_DATA_DIR);
}

/** Parsed copy of one fixture file, for a test to break in one place. */
export function miniJson(key: Exclude<BuildFileKey, 'forecastLog'>): any {
  return JSON.parse(miniTexts()[key]);
}
