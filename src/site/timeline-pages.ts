/**
 * The human timeline, a page per UTC year (newest first), so a page stays small and fast at any length
 * of history: each year's events with the promises they fulfilled and their corrections, the promises
 * posted that year, and the events retracted from it. Pure: the pages only render this.
 */
import type { Dataset } from '../core/dataset/index.ts';
import { correctionKey, correctionsByEvent, isLinkMove } from '../core/corrections/index.ts';
import type { Announcement, Correction, Rerecord, Retraction, StoredEvent } from '../core/schema/index.ts';
import { compareByTs, newestFirst, timelineYears, yearOf } from '../core/facts/timeline.ts';

export interface TimelineYear {
  year: string;
  events: StoredEvent[];
  promises: Announcement[];
  retracted: Retraction[];
}

export interface TimelinePages {
  /** Newest year first. */
  years: TimelineYear[];
  /** Promises each event fulfilled. */
  promisedBy: ReadonlyMap<string, Announcement[]>;
  /**
   * Each event's corrections that changed a fact, oldest first. A link move (isLinkMove) is bookkeeping, only
   * in corrections.json; a superseded retraction is shown folded under its `rerecorded` correction instead.
   */
  corrections: ReadonlyMap<string, Correction[]>;
  /** Every recorded event by id (to link a promise to the reset that fulfilled it). */
  eventsById: ReadonlyMap<string, StoredEvent>;
  /**
   * Retractions a live event superseded (it was recorded again: a `rerecorded` correction names the
   * retraction's key in `supersedes`), by that key. The event shows once, live, with the retraction folded
   * under it; the year's "retracted" list leaves these out.
   */
  superseded: ReadonlyMap<string, Retraction>;
}

const built = new WeakMap<object, TimelinePages>();

/** Computed once per dataset: the overview and every year page of one build share it. */
export function createTimelinePages(data: Pick<Dataset, 'events' | 'announcements' | 'corrections'>): TimelinePages {
  const hit = built.get(data);
  if (hit) return hit;
  const pages = timelinePages(data);
  built.set(data, pages);
  return pages;
}

function timelinePages(data: Pick<Dataset, 'events' | 'announcements' | 'corrections'>): TimelinePages {
  const events = newestFirst(data.events);
  const promises = [...data.announcements].sort((a, b) => compareByTs(b, a));
  const live = new Set(data.events.map((e) => e.id));
  const supersededKeys = new Set(
    data.corrections.filter((c): c is Rerecord => c.what === 'rerecorded' && live.has(c.event_id)).map((c) => c.supersedes),
  );
  const retractions = data.corrections.filter((c): c is Retraction => c.what === 'retraction');
  const superseded = new Map(retractions.filter((r) => supersededKeys.has(correctionKey(r))).map((r) => [correctionKey(r), r]));
  const retracted = retractions.filter((r) => !superseded.has(correctionKey(r))).reverse();
  const promisedBy = new Map<string, Announcement[]>();
  for (const p of promises) if (p.fulfilled_by !== null) promisedBy.set(p.fulfilled_by, [...(promisedBy.get(p.fulfilled_by) ?? []), p]);
  // A year has a page only while it holds a recorded event or promise: retracting the only event of a
  // year removes its page (the retraction stays in the corrections log and feed).
  const years = timelineYears([...events, ...promises]).map((year) => ({
    year,
    events: events.filter((e) => yearOf(e) === year),
    promises: promises.filter((p) => yearOf(p) === year),
    retracted: retracted.filter((r) => yearOf(r.before.event) === year),
  }));
  return {
    years,
    promisedBy,
    corrections: correctionsByEvent(
      data.corrections.filter((c) => !isLinkMove(c) && !(c.what === 'retraction' && superseded.has(correctionKey(c)))),
    ),
    eventsById: new Map(data.events.map((e) => [e.id, e])),
    superseded,
  };
}

/** The anchor of a retraction folded under the event recorded again: #r-<event id>-<time of the retraction, digits only>. */
export function retractionAnchor(r: Pick<Retraction, 'event_id' | 'at'>): string {
  return `r-${r.event_id}-${r.at.replace(/\D/g, '')}`;
}
