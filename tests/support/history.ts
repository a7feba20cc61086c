/**
 * The frozen history every test that needs a real-sized record reads: a copy of data/ as it stood on
 * 2026-11-23 (tests/fixtures/history/), with its own clock. Tests never read the live data/, which
 * the scheduled pull changes every 30 minutes; only tests/build/smoke.test.ts builds that.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDataFiles } from '../../src/io/data-folder.ts';
import { parseDataset, type Dataset, type DatasetTexts } from '../../src/core/dataset/index.ts';

export const HISTORY_DIR = join(import.meta.dirname, '..', 'fixtures', 'history');
/** The fixture's clock: just after its last signal check (2026-11-22T23:14:29Z). */
export const HISTORY_NOW = new Date('2026-11-23T00:00:00Z');
export const HISTORY_EPOCH = HISTORY_NOW.getTime() / 1000;

export const historyTexts = (): DatasetTexts => readDataFiles(HISTORY_DIR);

/** The frozen history, validated against its own clock. */
export function history(): Dataset {
  return parseDataset(historyTexts(), HISTORY_NOW);
}

/** A private, writable copy of the frozen history (for commands that write data/). */
export function historyCopy(prefix = 'data'): string {
  const dir = mkdtempSync(join(tmpdir(), `resetcast-${prefix}-`));
  cpSync(HISTORY_DIR, dir, { recursive: true });
  return dir;
}
