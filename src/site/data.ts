/**
 * The Astro binding between data/ and the site: read the files (src/io/), validate them against the
 * build clock, and hand pages the typed dataset and the payloads. Computed once per build process.
 */
import { appendFileSync } from 'node:fs';
import { parseDataset, type Dataset, type DatasetLimits, type DatasetTexts } from '../core/dataset/index.ts';
import { createPayloadsWithReasons, type Payloads } from './api/payloads.ts';
import type { ConfidenceReason } from '../core/forecast/reasons.ts';
import { buildNow } from '../io/clock.ts';
import { dataDir, readDataFiles } from '../io/data-folder.ts';
import { siteBase } from '../io/site-address.ts';
import { secretInData, secretPiecesFrom, secretRefusal } from '../core/secrets.ts';
import { DATA_FILES } from '../core/dataset/files.ts';

export interface Build {
  now: Date;
  data: Dataset;
  payloads: Payloads;
  /** forecast.json's confidence_reasons as data, for the pages to say in their locale. */
  confidenceReasons: readonly ConfidenceReason[];
  /** The site's public address every absolute link, id and payload `source` is built on (io/site-address.ts). */
  base: string;
}

type Env = Record<string, string | undefined>;

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

/**
 * A secret set in the build's environment never reaches a page or a payload, even if a hand edit put it
 * into data/: the build stops with one line naming the variable, the file and the field. The data are
 * never rewritten to hide it (src/core/secrets.ts).
 */
function refuseSecrets(texts: DatasetTexts, env: Env): void {
  const byFile = Object.fromEntries(Object.entries(texts).map(([k, text]) => [`data/${DATA_FILES[k as keyof typeof DATA_FILES]}`, text]));
  const found = secretInData(byFile, secretPiecesFrom(env));
  if (found) throw new Error(secretRefusal(found, 'the build stops, nothing is published', 'remove it from data/'));
}

/** Validates data/ (throws DataError naming file, record and field) and computes every payload, once per process. */
export function loadBuild(env: Env = process.env): Build {
  const dir = dataDir(env);
  // Without SOURCE_DATE_EPOCH the clock is read once: every page of one build sees the same "now".
  const base = siteBase(env);
  const key = `${dir}@${env['SOURCE_DATE_EPOCH'] ?? 'wall clock'} max ${env['RESETCAST_MAX_EVENTS'] ?? 'default'} at ${base}`;
  const store = globalThis as { [CACHE]?: Cache };
  const hit = store[CACHE];
  if (hit?.key === key) return hit.build;
  const now = buildNow(env);
  const texts = readDataFiles(dir);
  refuseSecrets(texts, env);
  const data = parseDataset(texts, now, maxEventsFrom(env));
  const build = { now, data, base, ...createPayloadsWithReasons(data, now, base) };
  store[CACHE] = { key, build };
  // Off unless set: one line per actual computation, so a build test can count them (it must be one).
  const trace = env['RESETCAST_TRACE_FILE'];
  if (trace) appendFileSync(trace, `loadBuild computed ${dir} (pid ${process.pid})\n`);
  return build;
}
