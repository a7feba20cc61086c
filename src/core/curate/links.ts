/**
 * The links from promises to the event that fulfilled them: a change that would cut one is refused,
 * naming the promises and the relink command to run first (docs/data.md), so which event fulfils a
 * promise is always decided on the record, never as a side effect.
 */
import { fulfils, promiseAnchor } from '../promises/index.ts';
import type { Announcement, StoredEvent } from '../schema/index.ts';
import { CurationError } from './errors.ts';

/** Promises that point at the event but would no longer be fulfilled by it as changed (the rule in src/core/promises/index.ts). */
export function brokenLinks(promises: readonly Announcement[], after: StoredEvent): Announcement[] {
  return promises.filter((a) => a.fulfilled_by === after.id && !fulfils(after, a));
}

/** Throws when `promises` is not empty: `event <id> <change> promise <id> (<url>); relink it first: …`. */
export function refuseUnlinking(eventId: string, change: string, promises: readonly Announcement[]): void {
  if (promises.length === 0) return;
  const ids = promises.map((a) => `${promiseAnchor(a).slice(2)} (${a.url})`).join(', ');
  const many = promises.length > 1;
  throw new CurationError(
    `event ${eventId} ${change} promise${many ? 's' : ''} ${ids}; relink ${many ? 'each' : 'it'} first: npm ` +
      `run correct -- ${promiseAnchor(promises[0]!).slice(2)} --fulfilled-by <event id|none> --reason "…"`,
  );
}
