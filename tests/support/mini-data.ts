/** The small fixed dataset in tests/fixtures/mini-data/, as raw texts and as parsed JSON to mutate. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataFileKey } from '../../src/lib/dataset.ts';

export const MINI_DATA_DIR = join(import.meta.dirname, '..', 'fixtures', 'mini-data');
/** A build clock inside the fixture's window: after every event, while both grants are active. */
export const MINI_NOW = new Date('2026-07-01T12:00:00Z');

export function miniTexts(): Record<DataFileKey, string> {
  const read = (f: string): string => readFileSync(join(MINI_DATA_DIR, f), 'utf8');
  return { events: read('events.json'), announcements: read('announcements.json'), banked: read('banked.json'), signals: read('signals.json') };
}

/** Parsed copy of one fixture file, for a test to break in one place. */
export function miniJson(key: DataFileKey): any {
  return JSON.parse(miniTexts()[key]);
}
