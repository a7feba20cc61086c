/** The timeline: recorded events in the published shape of docs/api.md, and the queries over them. */
import { comparePostIds } from '../postid.ts';
import { SCHEMA_VERSION, TIMELINE_EVENT_FIELDS, type StoredEvent, type TimelineEvent, type TimelinePayload } from '../schema/index.ts';
import { uncertainFieldCodes } from '../uncertain-fields.ts';

/** Kinds that count as a reset for the forecast: an immediate reset, or a reset credit put in users' banks. */
export const RESET_KINDS: ReadonlySet<StoredEvent['kind']> = new Set(['reset', 'banked']);

/**
 * The one chronological order of recorded events, used by the validator, the pull's merge, every
 * curation command and every page: by ts, then by id read as a number (ids 999 and 1000 in the same
 * second sort 999 first, which comparing them as strings would not).
 */
export function compareEvents(a: { ts: string; id: string }, b: { ts: string; id: string }): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  return comparePostIds(a.id, b.id);
}

/** Order of records that have no numeric id of their own (promises, corrections): by time, then url. */
export function compareByTs(a: { ts: string; url: string }, b: { ts: string; url: string }): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  return a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/** Newest first; ties (same second) broken by id so the order is total and stable. */
export function newestFirst<T extends { ts: string; id: string }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => compareEvents(b, a));
}

/** The published event record: its eleven fields, in its order, and the codes of its uncertain fields (curation notes stay out). */
export function toTimelineEvent(e: StoredEvent): TimelineEvent {
  const record = Object.fromEntries(TIMELINE_EVENT_FIELDS.map((k) => [k, e[k]])) as Omit<TimelineEvent, 'uncertain_field_codes'>;
  return { ...record, uncertain_field_codes: uncertainFieldCodes(e.uncertain_fields) };
}

export function createTimelinePayload(events: readonly StoredEvent[], source: string): TimelinePayload {
  return { schema_version: SCHEMA_VERSION, source, events: newestFirst(events).map(toTimelineEvent) };
}

/**
 * Each list of events' resets in order with their times, worked out once per list: a build asks for the resets
 * at every instant of its timetable (docs/timetable.md). Kept with the list's length, so a list grown since is read again.
 */
const RESETS = new WeakMap<readonly StoredEvent[], { length: number; events: StoredEvent[]; times: number[] }>();

/** Events counted as resets, oldest first, up to and including `now` (no look-ahead). */
export function resetEventsAt(events: readonly StoredEvent[], now: Date): StoredEvent[] {
  let resets = RESETS.get(events);
  if (resets?.length !== events.length) {
    const counted = events.filter((e) => RESET_KINDS.has(e.kind)).sort(compareEvents);
    resets = { length: events.length, events: counted, times: counted.map((e) => Date.parse(e.ts)) };
    RESETS.set(events, resets);
  }
  // Ordered by time (compareEvents): the ones up to `now` are a prefix.
  const cutoff = now.getTime();
  let lo = 0;
  let hi = resets.times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (resets.times[mid]! <= cutoff) lo = mid + 1;
    else hi = mid;
  }
  return resets.events.slice(0, lo);
}

/** A record (event or banked grant) whose facts are not all sure: below high certainty, or a field marked in doubt. */
export function isUncertain(r: { certainty: string; uncertain_fields?: readonly string[] }): boolean {
  return r.certainty !== 'high' || (r.uncertain_fields?.length ?? 0) > 0;
}

/** The timeline has a page per UTC year; an event's year is that of its timestamp. */
export const yearOf = (r: { ts: string }): string => r.ts.slice(0, 4);

/** `/timeline/2026/`: the page of one year. */
export const timelineYearPath = (year: string): string => `/timeline/${year}/`;

/** `/timeline/2026/#e-<id>`: an event's place on the site, the link the feeds, calendar and alerts give. */
export const eventPath = (e: { ts: string; id: string }): string => `${timelineYearPath(yearOf(e))}#e-${e.id}`;

/** Years that have any record, newest first. */
export function timelineYears(records: readonly { ts: string }[]): string[] {
  return [...new Set(records.map(yearOf))].sort().reverse();
}

/**
 * Where a link to an event that may no longer be recorded (a retraction) points: its year page while
 * that year still has one (it lists the retraction), else the timeline overview, never a missing page.
 */
export function retractedEventPath(e: { ts: string; id: string }, pagedYears: readonly string[]): string {
  return pagedYears.includes(yearOf(e)) ? eventPath(e) : '/timeline/';
}
