/** Merging what the sources found into the data files: only ever adds, keeps order, drops nothing. */
import { compareEvents } from '../../core/facts/timeline.ts';

/** Adds records by id (existing ones win), sorted by ts then id. Never shrinks the list. */
export function mergeById<T extends { ts: string; id: string }>(existing: readonly T[], added: readonly T[]): T[] {
  const ids = new Set(existing.map((e) => e.id));
  const merged = [...existing, ...added.filter((a) => !ids.has(a.id) && ids.add(a.id))].sort(compareEvents);
  if (merged.length < existing.length) throw new Error('merge would shrink the list'); // guards the invariant itself
  return merged;
}
