/**
 * What the post sources found, added to the record: new events (a banked one with its grant), the
 * promises they fulfil, and candidates for review. Only ever adds; what is already recorded, queued
 * or rejected is never proposed again.
 */
import { sortGrants } from '../../core/curate/grants.ts';
import type { Curated } from '../../core/curate/state.ts';
import { linkPromises } from '../../core/promises/index.ts';
import type { Candidate, StoredEvent } from '../../core/schema/index.ts';
import { compareEvents } from '../../core/facts/timeline.ts';
import { postRecords } from '../intake/posts.ts';
import { mergeById } from './merge.ts';

export interface Found {
  events: StoredEvent[];
  candidates: Candidate[];
}

const key = (platform: string, id: string): string => `${platform}:${id}`;

/** Every post id the record already knows, so a puller can skip it. */
export function knownPosts(state: Curated): Set<string> {
  return new Set([
    ...state.events.events.map((e) => e.id),
    ...state.announcements.announcements.flatMap((a) => (a.id ? [a.id] : [])),
    ...state.candidates.candidates.map((c) => c.id),
    ...state.candidates.rejected.map((r) => r.id),
  ]);
}

export function recordFound(state: Curated, found: readonly Found[]): Curated {
  const added = found.flatMap((f) => f.events);
  const events = mergeById(state.events.events, added);
  const newIds = new Set(added.map((e) => e.id).filter((id) => !state.events.events.some((e) => e.id === id)));
  // The grants come from the same function as the watcher's (intake/posts.ts), so its alerts are these records'.
  const granted = new Set(state.banked.grants.map((g) => g.event_id));
  const grants = postRecords(
    events.filter((e) => newIds.has(e.id)),
    state.banked,
  ).grants.filter((g) => !granted.has(g.event_id));
  const queued = new Set([...state.candidates.candidates, ...state.candidates.rejected].map((c) => key(c.platform, c.id)));
  const fresh = found.flatMap((f) => f.candidates).filter((c) => !queued.has(key(c.platform, c.id)) && queued.add(key(c.platform, c.id)));
  return {
    ...state,
    events: { ...state.events, events },
    banked: { ...state.banked, grants: sortGrants([...state.banked.grants, ...grants]) },
    announcements: { announcements: linkPromises(state.announcements.announcements, events).announcements },
    candidates: { ...state.candidates, candidates: [...state.candidates.candidates, ...fresh].sort(compareEvents) },
  };
}
