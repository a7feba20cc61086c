/**
 * Turns the data/ files into one validated, typed dataset, or a DataError that names the file, the
 * record and the field of every problem. Pure: the caller reads the files and the clock. Writers
 * validate the objects they are about to write with `validateDataset`, never re-serialised text.
 */
import type { z } from 'zod';
import { BUILD_FILES, dataPath, type BuildFileKey } from './files.ts';
import { AnnouncementsFile, BankedFile, CorrectionsFile, EventsFile, SignalsFile } from '../schema/index.ts';
import type { Announcement, BankedFile as BankedFileT, Correction, SignalsFile as SignalsFileT, StoredEvent } from '../schema/index.ts';
import { parseForecastLog, type ForecastLog } from './forecast-log.ts';
import { DataError, fileProblem } from './problems.ts';
import { checkDoc, parseJson } from './read-json.ts';
import { ruleProblems } from './rules.ts';

export { DataError } from './problems.ts';

export interface Dataset {
  /** Oldest first, as stored. */
  events: StoredEvent[];
  eventsCheckedAt: string;
  announcements: Announcement[];
  banked: BankedFileT;
  signals: SignalsFileT;
  corrections: Correction[];
  /** The as-issued forecasts; lines that do not parse are skipped with a named warning, never fatal. */
  forecastLog: ForecastLog;
}

/** The JSON files as parsed values (not yet validated) and the forecast log as text. */
export type DatasetDocs = Record<Exclude<BuildFileKey, 'forecastLog'>, unknown> & { forecastLog: string };
export type DatasetTexts = Record<BuildFileKey, string>;

/** Each JSON build file's schema: what the runner checks before any rule reads a record. */
const SCHEMAS = {
  events: EventsFile,
  announcements: AnnouncementsFile,
  banked: BankedFile,
  signals: SignalsFile,
  corrections: CorrectionsFile,
} as const;
type JsonFileKey = keyof typeof SCHEMAS;
type Valid = { [K in JsonFileKey]?: z.output<(typeof SCHEMAS)[K]> };

/** The value of each file that passed its schema; every schema problem goes to `problems`, file by file. */
function checkSchemas(docs: DatasetDocs, problems: string[]): Valid {
  const valid: Valid = {};
  for (const key of Object.keys(SCHEMAS) as JsonFileKey[]) {
    const checked = checkDoc(SCHEMAS[key], docs[key], dataPath(key));
    if (checked.ok) Object.assign(valid, { [key]: checked.value });
    else problems.push(...checked.problems);
  }
  return valid;
}

/** Validates every build file (its schema, then every rule of rules.ts) and the links between them. Throws one DataError listing all problems. */
export function validateDataset(docs: DatasetDocs, now: Date): Dataset {
  const problems: string[] = [];
  const { events, announcements, banked, signals, corrections } = checkSchemas(docs, problems);
  // A file's records are checked against the files they link to only when those passed their schemas.
  problems.push(
    ...ruleProblems({
      now,
      events: events?.events,
      grants: events && banked?.grants,
      announcements: events && announcements?.announcements,
      corrections: events && banked && announcements && corrections?.corrections,
      eventsById: new Map(events?.events.map((e) => [e.id, e])),
    }),
  );
  if (problems.length > 0 || !events || !announcements || !banked || !signals || !corrections) throw new DataError(problems);
  return {
    events: events.events,
    eventsCheckedAt: events.checked_at,
    announcements: announcements.announcements,
    banked,
    signals,
    corrections: corrections.corrections,
    forecastLog: parseForecastLog(docs.forecastLog),
  };
}

/**
 * The most events a build takes. Every payload, page and feed is computed in one pass over the sorted
 * events, so time and memory grow linearly: 100,000 events build in about 8 s with a peak of about 1 GiB
 * (npm run bench -- --events 100000; docs/performance.md). Past this limit the build stops with a message
 * naming it instead of running out of memory; raise it only with a benchmark showing the build fits.
 */
export const MAX_EVENTS = 200_000;

export interface DatasetLimits {
  /** Refuse more events than this (default MAX_EVENTS). */
  maxEvents?: number;
}

/** Parses the texts of the build files (JSON syntax errors are named per file), then validates them. */
export function parseDataset(texts: DatasetTexts, now: Date, { maxEvents = MAX_EVENTS }: DatasetLimits = {}): Dataset {
  const problems: string[] = [];
  const json = (key: Exclude<BuildFileKey, 'forecastLog'>): unknown => {
    const parsed = parseJson(texts[key], dataPath(key));
    if (parsed.ok) return parsed.doc;
    problems.push(...parsed.problems);
    return undefined;
  };
  const docs = Object.fromEntries(BUILD_FILES.map((k) => [k, k === 'forecastLog' ? texts[k] : json(k)])) as DatasetDocs;
  const events = (docs.events as { events?: unknown } | undefined)?.events;
  if (Array.isArray(events) && events.length > maxEvents)
    problems.push(
      fileProblem(
        dataPath('events'),
        `${events.length.toLocaleString('en-US')} events, more than the build's limit of ${maxEvents.toLocaleString('en-US')} ` +
          '(MAX_EVENTS in src/core/dataset/index.ts, or RESETCAST_MAX_EVENTS): the build stops here rather than run out of memory',
      ),
    );
  if (problems.length > 0) throw new DataError(problems);
  return validateDataset(docs, now);
}

/**
 * The latest instant the data itself records (last check, last event, promise, grant, correction or
 * issued forecast): a clock that can never make the record "in the future", for building real data/
 * in a test without reading the wall clock. Reads raw documents, so it works before validation.
 */
export function dataClock(docs: DatasetDocs): Date {
  const stamps: unknown[] = [];
  const list = (doc: unknown, key: string): Record<string, unknown>[] => {
    const v = (doc as Record<string, unknown> | undefined)?.[key];
    return Array.isArray(v) ? (v as Record<string, unknown>[]) : [];
  };
  stamps.push(
    (docs.events as { checked_at?: unknown } | undefined)?.checked_at,
    (docs.signals as { fetched_at?: unknown } | undefined)?.fetched_at,
  );
  stamps.push(...list(docs.events, 'events').map((e) => e['ts']));
  stamps.push(...list(docs.announcements, 'announcements').map((a) => a['ts']));
  stamps.push(...list(docs.banked, 'grants').map((g) => g['granted_at']));
  stamps.push(...list(docs.corrections, 'corrections').map((c) => c['at']));
  stamps.push(...parseForecastLog(docs.forecastLog).lines.map((l) => l.issued_at));
  const ms = stamps
    .filter((s): s is string => typeof s === 'string')
    .map(Date.parse)
    .filter((t) => !Number.isNaN(t));
  if (ms.length === 0) throw new DataError(['data/: no timestamp anywhere to take a clock from']);
  // A loop, not Math.max(...ms): a long history would exceed the engine's argument limit.
  return new Date(ms.reduce((a, b) => Math.max(a, b)));
}
