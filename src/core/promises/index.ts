/** Promises of a coming reset (data/announcements.json): where each stands at an instant, and the payload. */
import { PLANS, SCHEMA_VERSION, type Announcement, type PromisesPayload, type StoredEvent } from '../schema/index.ts';
import { compareByTs, compareEvents, timelineYearPath, yearOf } from '../facts/timeline.ts';
import { WINDOW_RULE } from './window.ts';

export type PromiseStatus = 'open' | 'fulfilled' | 'lapsed';

/** Fulfilled once its event is recorded; open until its window ends; lapsed after that with no reset. */
export function promiseStatus(a: Pick<Announcement, 'fulfilled_by' | 'window_end'>, now: Date): PromiseStatus {
  if (a.fulfilled_by !== null) return 'fulfilled';
  return now.getTime() < Date.parse(a.window_end) ? 'open' : 'lapsed';
}

/**
 * What of the clock the promises at `now` depend on: which are posted yet and the status of each. Equal
 * keys at two instants, the same promises.json (but for generated_at) and the same promise alerts.
 */
export function promisesClockKey(list: readonly Announcement[], now: Date): string {
  return list.map((a) => (Date.parse(a.ts) <= now.getTime() ? promiseStatus(a, now) : '-')).join(',');
}

/** Promises published at or before `now`, newest first, each with its status and the time of its reset. */
export function createPromisesPayload(
  list: readonly Announcement[],
  events: readonly StoredEvent[],
  now: Date,
  generatedAt: string,
  source: string,
): PromisesPayload {
  const eventTs = new Map(events.map((e) => [e.id, e.ts]));
  const promises = list
    .filter((a) => Date.parse(a.ts) <= now.getTime())
    .sort((a, b) => compareByTs(b, a))
    .map((a) => ({
      id: a.id,
      ts: a.ts,
      source: a.source,
      url: a.url,
      summary: a.summary,
      by: a.by,
      window_start: a.window_start,
      window_end: a.window_end,
      status: promiseStatus(a, now),
      fulfilled_by: a.fulfilled_by,
      fulfilled_at: a.fulfilled_by === null ? null : (eventTs.get(a.fulfilled_by) ?? null),
    }));
  return { schema_version: SCHEMA_VERSION, generated_at: generatedAt, source, window_rule: WINDOW_RULE, promises };
}

/** Plans each group word stands for, to compare scopes ("paid" is every plan but free). */
const GROUP_PLANS: Record<string, readonly string[]> = { all: PLANS, paid: PLANS.filter((p) => p !== 'free') };
const plansOf = (scope: string): readonly string[] | null => GROUP_PLANS[scope] ?? (scope === 'unspecified' ? null : scope.split('+'));

/** True when a reset for `scope` reaches every plan of `promised` (an unstated scope covers nothing but itself). */
export function scopeCovers(scope: string, promised: string): boolean {
  if (scope === 'all' || promised === 'unspecified') return true;
  const have = plansOf(scope);
  const want = plansOf(promised);
  if (have === null || want === null) return false;
  return want.every((p) => have.includes(p));
}

/**
 * The fulfilment rule: an event fulfils a promise only when it is what was promised (a reset; a banked
 * reset only if the promise said banked), for plans covering the promised scope (a promise that named
 * none is covered by any), at a time inside its window (both ends included).
 */
export function fulfils(
  e: Pick<StoredEvent, 'kind' | 'scope' | 'ts'>,
  a: Pick<Announcement, 'kind' | 'scope' | 'window_start' | 'window_end'>,
): boolean {
  return e.kind === (a.kind ?? 'reset') && scopeCovers(e.scope, a.scope ?? 'unspecified') && e.ts >= a.window_start && e.ts <= a.window_end;
}

/**
 * Links every promise still waiting (fulfilled_by null) to the first event that fulfils it (the rule
 * above). Never unlinks: a link set by hand (npm run correct -- <promise> --fulfilled-by) stays.
 */
export function linkPromises(
  list: readonly Announcement[],
  events: readonly StoredEvent[],
): { announcements: Announcement[]; linked: Announcement[] } {
  const resets = [...events].sort(compareEvents);
  const linked: Announcement[] = [];
  const announcements = list.map((a) => {
    if (a.fulfilled_by !== null) return a;
    const hit = resets.find((e) => fulfils(e, a));
    if (!hit) return a;
    const done = { ...a, fulfilled_by: hit.id };
    linked.push(done);
    return done;
  });
  return { announcements, linked };
}

/** The page anchor of a promise (`#p-<post id>`): the X id, else the last number in its URL (the GitHub comment). */
export function promiseAnchor(a: Pick<Announcement, 'id' | 'url'>): string {
  return `p-${a.id ?? /(\d+)\D*$/.exec(a.url)?.[1] ?? 'post'}`;
}

/** `/timeline/2026/#p-<id>`: a promise's place on the site (the year it was posted). */
export const promisePath = (a: Pick<Announcement, 'id' | 'url' | 'ts'>): string => `${timelineYearPath(yearOf(a))}#${promiseAnchor(a)}`;
