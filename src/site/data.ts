/**
 * The one binding between data/ and the site: read the files, validate them against the build clock,
 * and hand pages the typed dataset and the payloads. Computed once per build process.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { clockFromEnv } from '../core/clock.ts';
import { ABSENT_MEANS, BUILD_FILES, DATA_FILES, dataPath, type DataFileKey } from '../core/dataset/files.ts';
import { parseDataset, type Dataset, type DatasetLimits, type DatasetTexts } from '../core/dataset/index.ts';
import { createPayloadsWithReasons, type Payloads } from './api/payloads.ts';
import type { ConfidenceReason } from '../core/forecast/reasons.ts';
import { SITE } from '../core/site.ts';
import { redactorFrom } from '../core/secrets.ts';

export interface Build {
  now: Date;
  data: Dataset;
  payloads: Payloads;
  /** forecast.json's confidence_reasons as data, for the pages to say in their locale. */
  confidenceReasons: readonly ConfidenceReason[];
}

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

/** The wall clock in whole seconds: published timestamps have no milliseconds, so neither may the inputs computed from now. */
export const wholeSecondNow = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);

/** "Now" for the build and the scripts: SOURCE_DATE_EPOCH when set, else the wall clock in whole seconds. */
export function buildNow(env: Env = process.env): Date {
  return clockFromEnv(env, wholeSecondNow);
}

/**
 * Astro evaluates this module twice in one build (once for astro.config.mjs, once inside the bundled
 * pages), so a module-level cache would read, validate and compute everything twice. The build is
 * one process: keep it on globalThis, keyed by what it was computed from.
 */
const CACHE = Symbol.for('resetcast.build');
type Cache = { key: string; build: Build };

/** RESETCAST_MAX_EVENTS lowers (or, with a benchmark to back it, raises) the build's event limit (MAX_EVENTS). */
export function maxEventsFrom(env: Env): DatasetLimits {
  const raw = env['RESETCAST_MAX_EVENTS'];
  if (raw === undefined || raw === '') return {};
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`RESETCAST_MAX_EVENTS must be a whole number ≥ 0, not ${JSON.stringify(raw)}`);
  return { maxEvents: n };
}

/** Validates data/ (throws DataError naming file, record and field) and computes every payload, once per process. */
export function loadBuild(env: Env = process.env): Build {
  const dir = dataDir(env);
  // Without SOURCE_DATE_EPOCH the clock is read once: every page of one build sees the same "now".
  const key = `${dir}@${env['SOURCE_DATE_EPOCH'] ?? 'wall clock'} max ${env['RESETCAST_MAX_EVENTS'] ?? 'default'}`;
  const store = globalThis as { [CACHE]?: Cache };
  const hit = store[CACHE];
  if (hit?.key === key) return hit.build;
  const now = buildNow(env);
  // The build's last step before dist/ that sees outside text: a secret set in the build's environment
  // never reaches a page or a payload, even if a hand edit put it into data/ (src/core/secrets.ts).
  const redact = redactorFrom(env);
  const texts = Object.fromEntries(Object.entries(readDataFiles(dir)).map(([k, text]) => [k, redact(text)])) as DatasetTexts;
  const data = parseDataset(texts, now, maxEventsFrom(env));
  const build = { now, data, ...createPayloadsWithReasons(data, now, SITE.url) };
  store[CACHE] = { key, build };
  // Off unless set: one line per actual computation, so a build test can count them (it must be one).
  const trace = env['RESETCAST_TRACE_FILE'];
  if (trace) appendFileSync(trace, `loadBuild computed ${dir} (pid ${process.pid})\n`);
  return build;
}
