/**
 * A JSON file of data/ read from disk and checked against its schema: the disk half of the one reader
 * (src/core/dataset/read-json.ts), which names every problem by file, record and field.
 */
import type { z } from 'zod';
import { dataPath, type DataFileKey } from '../core/dataset/files.ts';
import { readJson, type Checked } from '../core/dataset/read-json.ts';
import { readDataFile } from './data-folder.ts';

/** The file's value, or its problems (not JSON, or every schema issue); an absent optional file reads as ABSENT_MEANS says. */
export function readDataJson<S extends z.ZodType>(dir: string, key: DataFileKey, schema: S): Checked<z.output<S>> {
  return readJson(readDataFile(dir, key), schema, dataPath(key));
}
