/** The small fixed dataset in tests/fixtures/mini-data/, as raw texts and as parsed JSON to mutate. */
import { join } from 'node:path';
import { readDataFiles } from '../../src/io/data-folder.ts';
import type { BuildFileKey } from '../../src/core/dataset/files.ts';
import type { DatasetTexts } from '../../src/core/dataset/index.ts';
import type { AnnouncementsFile, BankedFile, CorrectionsFile, EventsFile, SignalsFile } from '../../src/core/schema/index.ts';

export const MINI_DATA_DIR = join(import.meta.dirname, '..', 'fixtures', 'mini-data');
/** A build clock inside the fixture's window: after every event, while both grants are active. */
export const MINI_NOW = new Date('2026-07-01T12:00:00Z');

export function miniTexts(): DatasetTexts {
  return readDataFiles(MINI_DATA_DIR);
}

/** The stored shape of each JSON file of the fixture (valid as committed). */
export interface MiniJson {
  events: EventsFile;
  announcements: AnnouncementsFile;
  banked: BankedFile;
  signals: SignalsFile;
  corrections: CorrectionsFile;
}

/** Parsed copy of one fixture file, for a test to change in one place. */
export function miniJson<K extends Exclude<BuildFileKey, 'forecastLog'> & keyof MiniJson>(key: K): MiniJson[K] {
  return JSON.parse(miniTexts()[key]) as MiniJson[K];
}
