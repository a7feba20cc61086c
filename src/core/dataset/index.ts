/**
 * Turns the data/ files into one validated, typed dataset, or a DataError that names the file, the
 * record and the field of every problem. Pure: the caller reads the files and the clock. Writers
 * validate the objects they are about to write with `validateDataset`, never re-serialised text.
 */
import type { z } from 'zod';
import { BUILD_FILES, dataPath, type BuildFileKey } from './files.ts';
import {
  AnnouncementsFile,
  BankedFile,
  CorrectionsFile,
  EventsFile,
  SignalsFile,
  type AmendableField,
  type Announcement,
  type BankedFile as BankedFileT,
  type Correction,
  type SignalsFile as SignalsFileT,
  type StoredEvent,
} from '../schema/index.ts';
import { parseForecastLog, type ForecastLog } from './forecast-log.ts';
import { amendedValue, correctionKey } from '../corrections/index.ts';
import { fulfils, promiseAnchor } from '../promises/index.ts';
import { compareByTs, compareEvents } from '../facts/timeline.ts';
import { beyondSkew, CLOCK_SKEW_MS } from '../time.ts';
import { MINUTE_MS } from '../time-units.ts';

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

export class DataError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid data (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`);
    this.name = 'DataError';
    this.problems = problems;
  }
}

/** "events[3] (id 123…)": the record a path points into, named by its id when it has one; the rest is the field. */
function describePath(doc: unknown, path: PropertyKey[]): { record: string; field: string } {
  const at = path.findIndex((k) => typeof k === 'number');
  if (at < 0) return { record: '(top level)', field: path.map(String).join('.') || '(whole file)' };
  let node: unknown = doc;
  for (const key of path.slice(0, at + 1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  const id = (node as { id?: unknown; event_id?: unknown } | undefined)?.id ?? (node as { event_id?: unknown } | undefined)?.event_id;
  const record = `${path.slice(0, at).map(String).join('.')}[${String(path[at])}]${typeof id === 'string' ? ` (id ${id})` : ''}`;
  return {
    record,
    field:
      path
        .slice(at + 1)
        .map(String)
        .join('.') || '(whole record)',
  };
}

function check<S extends z.ZodType>(schema: S, file: string, doc: unknown, problems: string[]): z.infer<S> | undefined {
  const result = schema.safeParse(doc);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const { record, field } = describePath(doc, issue.path);
    problems.push(`${file}: ${record}: field '${field}': ${issue.message}`);
  }
  return undefined;
}

const inFuture = (ts: string, now: Date): boolean => Date.parse(ts) > now.getTime();

function checkEvents(events: StoredEvent[], now: Date, problems: string[]): void {
  const file = dataPath('events');
  const seen = new Map<string, number>();
  events.forEach((e, i) => {
    const where = `${file}: events[${i}] (id ${e.id})`;
    const first = seen.get(e.id);
    if (first !== undefined) problems.push(`${where}: field 'id': duplicate of events[${first}]`);
    else seen.set(e.id, i);
    if (e.ts.slice(0, 10) !== e.date) problems.push(`${where}: field 'date': ${e.date} disagrees with ts ${e.ts}`);
    if (inFuture(e.ts, now)) problems.push(`${where}: field 'ts': ${e.ts} is in the future of the build clock`);
    const prev = events[i - 1];
    if (prev && compareEvents(prev, e) > 0) problems.push(`${where}: field 'ts': events must be sorted by ts, then id`);
  });
}

function checkBanked(banked: BankedFileT, eventIds: ReadonlySet<string>, now: Date, problems: string[]): void {
  const file = dataPath('banked');
  const seen = new Set<string>();
  banked.grants.forEach((g, i) => {
    const where = `${file}: grants[${i}] (id ${g.id})`;
    if (seen.has(g.id)) problems.push(`${where}: field 'id': duplicate`);
    seen.add(g.id);
    if (g.expires_at <= g.granted_at) problems.push(`${where}: field 'expires_at': not after granted_at`);
    if (inFuture(g.granted_at, now)) problems.push(`${where}: field 'granted_at': ${g.granted_at} is in the future of the build clock`);
    if (g.event_id !== null && !eventIds.has(g.event_id)) problems.push(`${where}: field 'event_id': no event ${g.event_id}`);
  });
}

function checkAnnouncements(list: Announcement[], events: ReadonlyMap<string, StoredEvent>, now: Date, problems: string[]): void {
  const file = dataPath('announcements');
  const urls = new Map<string, number>();
  list.forEach((a, i) => {
    const where = `${file}: announcements[${i}]${a.id ? ` (id ${a.id})` : ''}`;
    const first = urls.get(a.url);
    if (first !== undefined) problems.push(`${where}: field 'url': duplicate of announcements[${first}]`);
    else urls.set(a.url, i);
    if (inFuture(a.ts, now)) problems.push(`${where}: field 'ts': ${a.ts} is in the future of the build clock`);
    if (a.window_start < a.ts)
      problems.push(`${where}: field 'window_start': ${a.window_start} is before the promise was posted (${a.ts})`);
    if (a.window_end <= a.window_start)
      problems.push(`${where}: field 'window_end': ${a.window_end} is not after window_start ${a.window_start}`);
    if (a.fulfilled_by !== null) {
      const e = events.get(a.fulfilled_by);
      if (!e) problems.push(`${where}: field 'fulfilled_by': no event ${a.fulfilled_by}`);
      else if (e.ts < a.ts) problems.push(`${where}: field 'fulfilled_by': event ${e.id} (${e.ts}) is older than the promise`);
      else if (!fulfils(e, a))
        problems.push(
          `${where}: field 'fulfilled_by': a ${e.kind} for ${e.scope} at ${e.ts} does not fulfil it (kind, scope and window must match)`,
        );
    }
    const prev = list[i - 1];
    if (prev && compareByTs(prev, a) > 0) problems.push(`${where}: field 'ts': announcements must be sorted by ts, then url`);
  });
}

/**
 * Corrections explain how the record changed: an amended event still exists and carries the latest
 * amended value of each field; a retracted event is gone from events.json (its record lives on here).
 */
function checkCorrections(
  list: Correction[],
  events: ReadonlyMap<string, StoredEvent>,
  grants: BankedFileT['grants'],
  promises: readonly Announcement[],
  now: Date,
  problems: string[],
): void {
  const file = dataPath('corrections');
  const latest = new Map<string, { i: number; after: unknown }>();
  list.forEach((c, i) => {
    const where = `${file}: corrections[${i}] (id ${c.event_id})`;
    if (inFuture(c.at, now)) problems.push(`${where}: field 'at': ${c.at} is in the future of the build clock`);
    const prev = list[i - 1];
    if (prev && prev.at > c.at) problems.push(`${where}: field 'at': corrections must be sorted by at`);
    const event = events.get(c.event_id);
    // The last retraction or re-recording of an event says whether it is in events.json; amendments
    // before it describe an earlier record and are not compared with the present one.
    const last = list.filter((r) => r.event_id === c.event_id && (r.what === 'retraction' || r.what === 'rerecorded')).at(-1);
    if (c.what === 'retraction' || c.what === 'rerecorded')
      for (const key of latest.keys()) if (key.startsWith(`${c.event_id} `)) latest.delete(key);
    if (c.what === 'retraction') {
      if (event && last === c)
        problems.push(`${where}: field 'event_id': event ${c.event_id} is retracted but still in ${dataPath('events')}`);
      if (c.before.event.id !== c.event_id)
        problems.push(`${where}: field 'before.event.id': ${c.before.event.id} is not the retracted event ${c.event_id}`);
    } else if (c.what === 'fulfilled_by') {
      // A relink names the promise by its post id (promiseAnchor), not an event.
      if (!promises.some((a) => promiseAnchor(a) === `p-${c.event_id}`))
        problems.push(`${where}: field 'event_id': no promise ${c.event_id}`);
    } else if (c.what === 'rerecorded') {
      const retraction = list
        .slice(0, i)
        .filter((r) => r.event_id === c.event_id && (r.what === 'retraction' || r.what === 'rerecorded'))
        .at(-1);
      if (!retraction || retraction.what !== 'retraction' || correctionKey(retraction) !== c.supersedes)
        problems.push(`${where}: field 'supersedes': ${c.supersedes} is not the retraction just before it`);
      if (!event && last === c)
        problems.push(`${where}: field 'event_id': event ${c.event_id} was recorded again but is not in ${dataPath('events')}`);
    } else {
      if (!event && !list.some((r) => r.what === 'retraction' && r.event_id === c.event_id))
        problems.push(`${where}: field 'event_id': no event ${c.event_id}`);
      latest.set(`${c.event_id} ${c.what}`, { i, after: c.after });
    }
  });
  for (const [key, { i, after }] of latest) {
    const [id, field] = key.split(' ') as [string, AmendableField];
    const event = events.get(id);
    if (!event) continue;
    if (field === 'expires_at' && !grants.some((g) => g.event_id === id)) continue; // the grant went with a kind change
    const [now, whose] = [
      amendedValue(
        event,
        grants.find((g) => g.event_id === id),
        field,
      ) ?? 'none',
      field === 'expires_at' ? "grant's expires_at" : `event's ${field}`,
    ];
    if (now !== after)
      problems.push(
        `${file}: corrections[${i}] (id ${id}): field 'after': ${JSON.stringify(after)} is not the ${whose} now (${JSON.stringify(now)}): changed without a correction?`,
      );
  }
}

/** "… is in the future of the clock": one wording for every check time refused. */
export const futureProblem = (file: string, where: string, field: string, ts: string, now: Date): string =>
  `${file}: ${where}: field '${field}': ${ts} is more than ${CLOCK_SKEW_MS / MINUTE_MS} minutes in the future of the clock (${now.toISOString().replace(/\.\d{3}Z$/, 'Z')})`;

/**
 * Check times (when a source or a maintainer last looked) and issued forecasts may not lie ahead of the
 * clock beyond the allowed skew (time.ts CLOCK_SKEW_MS): a check "from the future" would read as fresh
 * for ever, and a future log line would push every later line out of order. Held by `npm run validate`,
 * the check of data/ at rest that the scheduled pull runs before it commits; the build does not refuse
 * them (its tests build the frozen history at clocks inside it) but its forecast reads such a time as
 * unknown (time.ts checkAgeHours). Returns every problem, [] when none.
 */
export function clockTimeProblems(data: Pick<Dataset, 'eventsCheckedAt' | 'signals'>, forecastLog: string, now: Date): string[] {
  const problems: string[] = [];
  const at = (file: string, where: string, field: string, ts: string | null | undefined): void => {
    if (ts && beyondSkew(ts, now)) problems.push(futureProblem(file, where, field, ts, now));
  };
  at(dataPath('events'), '(top level)', 'checked_at', data.eventsCheckedAt);
  const { signals } = data;
  const file = dataPath('signals');
  at(file, '(top level)', 'fetched_at', signals.fetched_at);
  at(file, '(top level)', 'status.checked_at', signals.status.checked_at);
  at(file, '(top level)', 'issues.checked_at', signals.issues.checked_at);
  signals.sources.forEach((c, i) => {
    at(file, `sources[${i}] (${c.name})`, 'checked_at', c.checked_at);
    at(file, `sources[${i}] (${c.name})`, 'last_ok_at', c.last_ok_at);
  });
  forecastLog.split('\n').forEach((raw, i) => {
    let issued: unknown;
    try {
      issued = (JSON.parse(raw) as { issued_at?: unknown } | null)?.issued_at;
    } catch {
      return; // not JSON: the log reader names it as a skipped line
    }
    if (typeof issued === 'string') at(dataPath('forecastLog'), `line ${i + 1}`, 'issued_at', issued);
  });
  return problems;
}

/** Validates every build file and the links between them. Throws one DataError listing all problems. */
export function validateDataset(docs: DatasetDocs, now: Date): Dataset {
  const problems: string[] = [];
  const events = check(EventsFile, dataPath('events'), docs.events, problems);
  const announcements = check(AnnouncementsFile, dataPath('announcements'), docs.announcements, problems);
  const banked = check(BankedFile, dataPath('banked'), docs.banked, problems);
  const signals = check(SignalsFile, dataPath('signals'), docs.signals, problems);
  const corrections = check(CorrectionsFile, dataPath('corrections'), docs.corrections, problems);
  if (events) checkEvents(events.events, now, problems);
  const byId = new Map(events?.events.map((e) => [e.id, e]));
  if (events && banked) checkBanked(banked, new Set(byId.keys()), now, problems);
  if (events && announcements) checkAnnouncements(announcements.announcements, byId, now, problems);
  if (events && corrections && banked && announcements)
    checkCorrections(corrections.corrections, byId, banked.grants, announcements.announcements, now, problems);
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

/** Parses the texts of the build files (JSON syntax errors are named per file), then validates them. */
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

export function parseDataset(texts: DatasetTexts, now: Date, { maxEvents = MAX_EVENTS }: DatasetLimits = {}): Dataset {
  const problems: string[] = [];
  const json = (key: Exclude<BuildFileKey, 'forecastLog'>): unknown => {
    try {
      return JSON.parse(texts[key]) as unknown;
    } catch (e) {
      problems.push(`${dataPath(key)}: not valid JSON: ${(e as Error).message}`);
      return undefined;
    }
  };
  const docs = Object.fromEntries(BUILD_FILES.map((k) => [k, k === 'forecastLog' ? texts[k] : json(k)])) as DatasetDocs;
  const events = (docs.events as { events?: unknown } | undefined)?.events;
  if (Array.isArray(events) && events.length > maxEvents)
    problems.push(
      `${dataPath('events')}: ${events.length.toLocaleString('en-US')} events, more than the build's limit of ${maxEvents.toLocaleString('en-US')} ` +
        '(MAX_EVENTS in src/core/dataset/index.ts, or RESETCAST_MAX_EVENTS): the build stops here rather than run out of memory',
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
  return new Date(ms.reduce((a, b) => (b > a ? b : a)));
}
