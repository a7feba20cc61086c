/**
 * The alert files of a real build: the frozen history plus as-issued forecasts with a gap, a torn line
 * and an invalid line, built twice at the same SOURCE_DATE_EPOCH. The build succeeds; every alert file
 * exists, is byte-identical across the builds, validates (zod for the JSON, a real Atom parser for the
 * feeds) and agrees with the others; the bad log announces only the one real crossing.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { AlertsPayload } from '../../src/core/schema/index.ts';
import { astroBuild, readJson, tempDir, type BuildResult } from '../support/astro-build.ts';
import { forecastLogLine } from '../support/forecast-log.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';

const FEEDS = ['p24-25', 'p24-50', 'p24-75', 'p48-25', 'p48-50', 'p48-75'];
const FILES = ['api/v1/alerts.json', 'api/v1/schema/alerts.json', 'alerts.xml', ...FEEDS.map((f) => `alerts/${f}.xml`)];
const TAG = 'tag:resetcast.netlify.app,2026:alert:';

let first: BuildResult;
let second: BuildResult;

beforeAll(async () => {
  const dataDir = join(tempDir('alerts-data'), 'data');
  cpSync(HISTORY_DIR, dataDir, { recursive: true });
  // Forecasts before the history's own last line (2026-11-22T23:14:29Z, unavailable). Worked by hand:
  // 08:00 5/5; 12 h gap; 20:00 40/60 announces nothing (first after a gap) but fires p24-25, p48-25 and
  // p48-50 silently; a torn line; 20:30 30/55 (no crossing: p24-25 not re-armed, 30 < 50); 21:00 90/80 is
  // invalid (p48 < p24) and skipped, so no 75 % alert; 21:30 52/58: p24-50 crosses (armed, from 30). Nothing else.
  const text = readFileSync(join(dataDir, 'forecast-log.jsonl'), 'utf8');
  const line = (issued_at: string, p24: number, p48: number) =>
    JSON.stringify(forecastLogLine(issued_at, p24, p48, { rhythm_model: 'recency' }));
  const lines = [
    line('2026-11-22T08:00:00Z', 5, 5),
    line('2026-11-22T20:00:00Z', 40, 60),
    '{"issued_at": "2026-11-22T20:15:00Z", "p24": 9',
    line('2026-11-22T20:30:00Z', 30, 55),
    line('2026-11-22T21:00:00Z', 90, 80),
    line('2026-11-22T21:30:00Z', 52, 58),
  ];
  writeFileSync(join(dataDir, 'forecast-log.jsonl'), `${lines.join('\n')}\n${text}`);
  // One after the other: builds in one project share Astro's .astro/ folder.
  first = await astroBuild({ epoch: HISTORY_EPOCH, dataDir });
  second = await astroBuild({ epoch: HISTORY_EPOCH, dataDir });
  expect(first.code, first.output).toBe(0);
  expect(second.code, second.output).toBe(0);
}, 240_000);

const file = (b: BuildResult, f: string): string => readFileSync(join(b.outDir, f), 'utf8');

describe('alert files of a build', () => {
  it('exist and are byte-identical across two builds at the same clock', () => {
    for (const f of FILES) expect(file(second, f), f).toBe(file(first, f));
  });

  it('alerts.json validates, newest first, with the one real crossing of the bad log', () => {
    const payload = readJson(first.outDir, 'api/v1/alerts.json');
    expect(AlertsPayload.safeParse(payload).success).toBe(true);
    expect(payload.generated_at).toBe('2026-11-23T00:00:00Z');
    const keys = payload.alerts.map((a: { id: string }) => a.id.slice(TAG.length));
    expect(keys.filter((k: string) => k.startsWith('threshold:'))).toEqual(['threshold:p24-50:2026-11-22T21:30:00Z']);
    expect(keys[0]).toBe('threshold:p24-50:2026-11-22T21:30:00Z');
    const ats = payload.alerts.map((a: { at: string }) => a.at);
    expect(ats).toEqual([...ats].sort().reverse());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('/alerts.xml parses and carries the newest 100 alerts of the JSON, same ids, same order', () => {
    const json = readJson(first.outDir, 'api/v1/alerts.json').alerts.map((a: { id: string }) => a.id);
    const feed = parseFeed(file(first, 'alerts.xml'));
    expect(feed.items.map((i) => i.id)).toEqual(json.slice(0, 100));
    expect(feed.updated?.toISOString()).toBe('2026-11-22T21:30:00.000Z');
  });

  it.each([
    ['p24-25', []],
    ['p24-50', ['threshold:p24-50:2026-11-22T21:30:00Z']],
    ['p24-75', []],
    ['p48-25', []],
    ['p48-50', []],
    ['p48-75', []],
  ])('/alerts/%s.xml: its own crossings, then only recorded resets and grants', (slug, crossings) => {
    const items = parseFeed(file(first, `alerts/${slug}.xml`)).items.map((i) => i.id!.slice(TAG.length));
    expect(items.slice(0, crossings.length)).toEqual(crossings);
    expect(items.slice(crossings.length).every((k) => /^(reset|grant):/.test(k))).toBe(true);
    expect(items.length).toBeGreaterThan(crossings.length);
  });
});
