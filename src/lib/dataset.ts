/**
 * Turns the raw text of the data/ files into one validated, typed dataset, or a DataError that names
 * the file, the record and the field of every problem. Pure: the caller reads the files and the clock.
 */
import type { z } from 'zod';
import {
  AnnouncementsFile, BankedFile, EventsFile, SignalsFile,
  type Announcement, type BankedFile as BankedFileT, type SignalsFile as SignalsFileT, type StoredEvent,
} from './schema.ts';
import { parseTimestamp } from './time.ts';
import { compareEvents } from './timeline.ts';

export interface Dataset {
  /** Oldest first, as stored. */
  events: StoredEvent[];
  eventsCheckedAt: string;
  announcements: Announcement[];
  banked: BankedFileT;
  signals: SignalsFileT;
}

export const DATA_FILES = {
  events: 'data/events.json',
  announcements: 'data/announcements.json',
  banked: 'data/banked.json',
  signals: 'data/signals.json',
} as const;
export type DataFileKey = keyof typeof DATA_FILES;

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
  const id = (node as { id?: unknown } | undefined)?.id;
  const record = `${path.slice(0, at).map(String).join('.')}[${String(path[at])}]${typeof id === 'string' ? ` (id ${id})` : ''}`;
  return { record, field: path.slice(at + 1).map(String).join('.') || '(whole record)' };
}

function parseFile<S extends z.ZodType>(schema: S, file: string, text: string, problems: string[]): z.infer<S> | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    problems.push(`${file}: not valid JSON: ${(e as Error).message}`);
    return undefined;
  }
  const result = schema.safeParse(doc);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const { record, field } = describePath(doc, issue.path);
    problems.push(`${file}: ${record}: field '${field}': ${issue.message}`);
  }
  return undefined;
}

function checkEvents(file: string, events: StoredEvent[], now: Date, problems: string[]): void {
  const seen = new Map<string, number>();
  events.forEach((e, i) => {
    const where = `${file}: events[${i}] (id ${e.id})`;
    const first = seen.get(e.id);
    if (first !== undefined) problems.push(`${where}: field 'id': duplicate of events[${first}]`);
    else seen.set(e.id, i);
    if (e.ts.slice(0, 10) !== e.date) problems.push(`${where}: field 'date': ${e.date} disagrees with ts ${e.ts}`);
    if (parseTimestamp(e.ts) > now) problems.push(`${where}: field 'ts': ${e.ts} is in the future of the build clock`);
    const prev = events[i - 1];
    if (prev && compareEvents(prev, e) > 0)
      problems.push(`${where}: field 'ts': events must be sorted by ts, then id`);
  });
}

function checkBanked(file: string, banked: BankedFileT, eventIds: Set<string>, problems: string[]): void {
  const seen = new Set<string>();
  banked.grants.forEach((g, i) => {
    const where = `${file}: grants[${i}] (id ${g.id})`;
    if (seen.has(g.id)) problems.push(`${where}: field 'id': duplicate`);
    seen.add(g.id);
    if (g.expires_at <= g.granted_at) problems.push(`${where}: field 'expires_at': not after granted_at`);
    if (g.event_id !== null && !eventIds.has(g.event_id)) problems.push(`${where}: field 'event_id': no event ${g.event_id}`);
  });
}

function checkAnnouncements(file: string, list: Announcement[], eventIds: Set<string>, now: Date, problems: string[]): void {
  list.forEach((a, i) => {
    const where = `${file}: announcements[${i}]${a.id ? ` (id ${a.id})` : ''}`;
    if (a.fulfilled_by !== null && !eventIds.has(a.fulfilled_by)) problems.push(`${where}: field 'fulfilled_by': no event ${a.fulfilled_by}`);
    if (parseTimestamp(a.ts) > now) problems.push(`${where}: field 'ts': ${a.ts} is in the future of the build clock`);
  });
}

/** Validates every data file and the links between them. Throws one DataError listing all problems. */
export function parseDataset(texts: Record<DataFileKey, string>, now: Date): Dataset {
  const problems: string[] = [];
  const events = parseFile(EventsFile, DATA_FILES.events, texts.events, problems);
  const announcements = parseFile(AnnouncementsFile, DATA_FILES.announcements, texts.announcements, problems);
  const banked = parseFile(BankedFile, DATA_FILES.banked, texts.banked, problems);
  const signals = parseFile(SignalsFile, DATA_FILES.signals, texts.signals, problems);
  if (events) checkEvents(DATA_FILES.events, events.events, now, problems);
  const ids = new Set(events?.events.map((e) => e.id));
  if (events && banked) checkBanked(DATA_FILES.banked, banked, ids, problems);
  if (events && announcements) checkAnnouncements(DATA_FILES.announcements, announcements.announcements, ids, now, problems);
  if (problems.length > 0 || !events || !announcements || !banked || !signals) throw new DataError(problems);
  return {
    events: events.events,
    eventsCheckedAt: events.checked_at,
    announcements: announcements.announcements,
    banked,
    signals,
  };
}
