/**
 * The one test that reads the live data/: it changes every 30 minutes in production, so nothing here
 * pins a count or a score. The clock comes from the data itself (its latest recorded instant), so a
 * reset recorded a minute ago is never "in the future" and no wall clock is read.
 */
import { describe, expect, it } from 'vitest';
import { readDataFiles } from '../../src/io/data-folder.ts';
import { dataClock, parseDataset, type DatasetDocs } from '../../src/core/dataset/index.ts';
import { BUILD_FILES } from '../../src/core/dataset/files.ts';
import { PAYLOAD_NAMES, PAYLOAD_SCHEMAS } from '../../src/site/api/payloads.ts';
import { astroBuild, readJson } from '../support/astro-build.ts';

const texts = readDataFiles('data');
const docs = Object.fromEntries(BUILD_FILES.map((k) => [k, k === 'forecastLog' ? texts[k] : JSON.parse(texts[k])])) as DatasetDocs;
const clock = dataClock(docs);
const epoch = Math.ceil(clock.getTime() / 1000);

describe(`the live data/, built at its own clock (${clock.toISOString()})`, () => {
  it('validates and builds; every payload matches its schema and the record it came from', async () => {
    const data = parseDataset(texts, new Date(epoch * 1000));
    const res = await astroBuild({ epoch, dataDir: 'data' });
    expect(res.code, res.output).toBe(0);
    for (const name of PAYLOAD_NAMES) {
      const result = PAYLOAD_SCHEMAS[name].safeParse(readJson(res.outDir, `api/v1/${name}.json`));
      expect(result.success, `${name}: ${result.error?.message}`).toBe(true);
    }
    expect(readJson(res.outDir, 'api/v1/timeline.json').events).toHaveLength(data.events.length);
    expect(readJson(res.outDir, 'api/v1/forecast.json').generated_at).toBe(new Date(epoch * 1000).toISOString().replace('.000Z', 'Z'));
  }, 240_000);
});
