/** The timeline: recorded events in the published shape of SPEC §2.2, and the queries over them. */
import { SCHEMA_VERSION, TIMELINE_EVENT_FIELDS, type StoredEvent, type TimelineEvent, type TimelinePayload } from './schema.ts';

/** Kinds that count as a reset for the forecast: an immediate reset, or a reset credit put in users' banks. */
export const RESET_KINDS: ReadonlySet<StoredEvent['kind']> = new Set(['reset', 'banked']);

/** Chronological order of events: by ts, then by id read as a number (digit strings: shorter is smaller). */
export function compareEvents(a: { ts: string; id: string }, b: { ts: string; id: string }): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  if (a.id.length !== b.id.length) return a.id.length - b.id.length;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Newest first; ties (same second) broken by id so the order is total and stable. */
export function newestFirst<T extends { ts: string; id: string }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => compareEvents(b, a));
}

/** The SPEC's event record: exactly its eleven fields, in its order (curation notes stay out). */
export function toTimelineEvent(e: StoredEvent): TimelineEvent {
  return Object.fromEntries(TIMELINE_EVENT_FIELDS.map((k) => [k, e[k]])) as TimelineEvent;
}

export function createTimelinePayload(events: readonly StoredEvent[], source: string): TimelinePayload {
  return { schema_version: SCHEMA_VERSION, source, events: newestFirst(events).map(toTimelineEvent) };
}

/** Events counted as resets, oldest first, up to and including `now` (no look-ahead). */
export function resetEventsAt(events: readonly StoredEvent[], now: Date): StoredEvent[] {
  const cutoff = now.getTime();
  return events
    .filter((e) => RESET_KINDS.has(e.kind) && Date.parse(e.ts) <= cutoff)
    .sort(compareEvents);
}

/** A record (event or banked grant) whose facts are not all sure: below high certainty, or a field marked in doubt. */
export function isUncertain(r: { certainty: string; uncertain_fields?: readonly string[] }): boolean {
  return r.certainty !== 'high' || (r.uncertain_fields?.length ?? 0) > 0;
}
