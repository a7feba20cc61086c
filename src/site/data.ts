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
