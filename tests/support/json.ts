/**
 * The JSON files tests read, typed by name: a data/ file as its stored schema, a built API file as its
 * payload. The type says what a valid file holds; the test still asserts what it reads. Any other name
 * reads as `unknown`, for the test to narrow.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AlertsPayload,
  AnnouncementsFile,
  BankedFile,
  BankedPayload,
  CandidatesFile,
  ChecksFile,
  CorrectionsFile,
  CorrectionsPayload,
  EventsFile,
  ForecastPayload,
  HourlyOutlookPayload,
  OutlookPayload,
  PromisesPayload,
  PullStateFile,
  SignalsFile,
  SignalsPayload,
  TimelinePayload,
  TrackRecordPayload,
} from '../../src/core/schema/index.ts';

export interface JsonFiles {
  'events.json': EventsFile;
  'announcements.json': AnnouncementsFile;
  'banked.json': BankedFile;
  'signals.json': SignalsFile;
  'corrections.json': CorrectionsFile;
  'candidates.json': CandidatesFile;
  'pull-state.json': PullStateFile;
  'checks.json': ChecksFile;
  'api/v1/forecast.json': ForecastPayload;
  'api/v1/outlook.json': OutlookPayload;
  'api/v1/hourly-outlook.json': HourlyOutlookPayload;
  'api/v1/timeline.json': TimelinePayload;
  'api/v1/signals.json': SignalsPayload;
  'api/v1/banked.json': BankedPayload;
  'api/v1/promises.json': PromisesPayload;
  'api/v1/corrections.json': CorrectionsPayload;
  'api/v1/alerts.json': AlertsPayload;
  'api/v1/track-record.json': TrackRecordPayload;
}

export type JsonOf<F extends string> = F extends keyof JsonFiles ? JsonFiles[F] : unknown;

/** The parsed file `file` of the folder `dir`, typed by its name (JsonFiles). */
export function readJson<F extends string>(dir: string, file: F): JsonOf<F> {
  return JSON.parse(readFileSync(join(dir, file), 'utf8')) as JsonOf<F>;
}

/**
 * A parsed JSON document a test breaks or walks freely: a copy of data/ made invalid on purpose (a wrong
 * kind, an unknown field, a field deleted), a request body an outlet's fixture server receives, the OpenAPI
 * document followed through `$ref`. No schema type allows what such a test writes or reaches, so this is
 * the one `any` of the tests, by name; the test's assertions say the shape.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one untyped JSON of the tests, named and explained above
export type LooseJson = any;
