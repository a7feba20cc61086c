import type { DatasetRule } from './rule.ts';

/** The index of the first record before `i` with the same key, or undefined; fills `seen` as it goes. */
function firstWith<K>(seen: Map<K, number>, key: K, i: number): number | undefined {
  const first = seen.get(key);
  if (first === undefined) seen.set(key, i);
  return first;
}

export const uniqueIds: DatasetRule = {
  name: 'unique-ids',
  description: 'No two events share an id, no two grants an id, no two promises a post URL.',
  check({ events, grants, announcements }, report) {
    const eventIds = new Map<string, number>();
    events?.forEach((e, i) => {
      const first = firstWith(eventIds, e.id, i);
      if (first !== undefined) report('events', i, 'id', `duplicate of events[${first}]`);
    });
    const grantIds = new Map<string, number>();
    grants?.forEach((g, i) => {
      if (firstWith(grantIds, g.id, i) !== undefined) report('banked', i, 'id', 'duplicate');
    });
    const urls = new Map<string, number>();
    announcements?.forEach((a, i) => {
      const first = firstWith(urls, a.url, i);
      if (first !== undefined) report('announcements', i, 'url', `duplicate of announcements[${first}]`);
    });
  },
};
