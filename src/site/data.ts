/**
 * The Astro binding between data/ and the site: read the files (src/io/), validate them against the
 * build clock, and hand pages the typed dataset and the payloads. Computed once per build process.
 */
import { appendFileSync } from 'node:fs';
import { parseDataset, type Dataset, type DatasetLimits, type DatasetTexts } from '../core/dataset/index.ts';
import { payloadsAt, sharedWork, type Payloads, type PayloadsAt, type SharedWork } from './api/payloads.ts';
import type { ConfidenceReason } from '../core/forecast/reasons.ts';
import { buildNow } from '../io/clock.ts';
import { dataDir, readDataFiles } from '../io/data-folder.ts';
import { siteBase } from '../io/site-address.ts';
import { secretInData, secretRefusal } from '../core/secrets/in-data.ts';
import { secretPiecesFrom } from '../core/secrets/variables.ts';
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
type Cache = { key: string; build: Build; shared: SharedWork; instants: Map<number, Build> };

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
 * never rewritten to hide it (src/core/secrets/in-data.ts).
 */
function refuseSecrets(texts: DatasetTexts, env: Env): void {
  const byFile = Object.fromEntries(Object.entries(texts).map(([k, text]) => [`data/${DATA_FILES[k as keyof typeof DATA_FILES]}`, text]));
  const found = secretInData(byFile, secretPiecesFrom(env));
  if (found) throw new Error(secretRefusal(found, 'the build stops, nothing is published', 'remove it from data/'));
}

/** Validates data/ (throws DataError naming file, record and field) and computes every payload, once per process. */
export function loadBuild(env: Env = process.env): Build {
  return cached(env).build;
}

/** The instants whose Build is kept: the pages of one instant are rendered together (every locale, every page). */
const KEPT_INSTANTS = 8;

/**
 * The site at instant `at` (Unix seconds) of the build's timetable (docs/timetable.md), or at the build's
 * own clock when `at` is undefined: the same data, its payloads as a build at `at` publishes them, computed
 * at the build's clock (forecast.json's `freshness.built_at` says the build), each made when a page first
 * reads it. What a page state is rendered from.
 */
export function buildAt(at?: number, env: Env = process.env): Build {
  const c = cached(env);
  if (at === undefined || at * 1000 === c.build.now.getTime()) return c.build;
  const hit = c.instants.get(at);
  if (hit) return hit;
  const now = new Date(at * 1000);
  const { data, base } = c.build;
  const build = buildOf(data, base, now, payloadsAt(data, now, base, c.build.now, c.shared));
  if (c.instants.size >= KEPT_INSTANTS) c.instants.delete(c.instants.keys().next().value!);
  c.instants.set(at, build);
  return build;
}

/** The site at `now` from its payloads there (made on first use): what a page or a feed of that instant reads. */
export function buildOf(data: Dataset, base: string, now: Date, made: PayloadsAt): Build {
  return {
    now,
    data,
    base,
    payloads: made.payloads,
    get confidenceReasons() {
      return made.confidenceReasons;
    },
  };
}

/** The dataset's work that does not depend on the clock, computed once per build process (the timetable reads it at every instant). */
export function buildSharedWork(env: Env = process.env): SharedWork {
  return cached(env).shared;
}

function cached(env: Env): Cache {
  const dir = dataDir(env);
  // Without SOURCE_DATE_EPOCH the clock is read once: every page of one build sees the same "now".
  const base = siteBase(env);
  const key = `${dir}@${env['SOURCE_DATE_EPOCH'] ?? 'wall clock'} max ${env['RESETCAST_MAX_EVENTS'] ?? 'default'} at ${base}`;
  const store = globalThis as { [CACHE]?: Cache };
  const hit = store[CACHE];
  if (hit?.key === key) return hit;
  const now = buildNow(env);
  const texts = readDataFiles(dir);
  refuseSecrets(texts, env);
  const data = parseDataset(texts, now, maxEventsFrom(env));
  const shared = sharedWork(data);
  const { payloads, confidenceReasons } = payloadsAt(data, now, base, now, shared);
  // Every payload made now, as before: the checks run at the build's start and a bad payload stops it here.
  for (const name of Object.keys(payloads)) void payloads[name as keyof Payloads];
  const build: Build = { now, data, base, payloads, confidenceReasons };
  const made: Cache = { key, build, shared, instants: new Map() };
  store[CACHE] = made;
  // Off unless set: one line per actual computation, so a build test can count them (it must be one).
  const trace = env['RESETCAST_TRACE_FILE'];
  if (trace) appendFileSync(trace, `loadBuild computed ${dir} (pid ${process.pid})\n`);
  return made;
}
