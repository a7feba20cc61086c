import { compareByTs, compareEvents } from '../facts/timeline.ts';
import type { DatasetRule } from './rule.ts';

export const sorted: DatasetRule = {
  name: 'sorted',
  description: 'Events are stored by ts then id, promises by ts then url, corrections by at.',
  check({ events, announcements, corrections }, report) {
    events?.forEach((e, i) => {
      const prev = events[i - 1];
      if (prev && compareEvents(prev, e) > 0) report('events', i, 'ts', 'events must be sorted by ts, then id');
    });
    announcements?.forEach((a, i) => {
      const prev = announcements[i - 1];
      if (prev && compareByTs(prev, a) > 0) report('announcements', i, 'ts', 'announcements must be sorted by ts, then url');
    });
    corrections?.forEach((c, i) => {
      const prev = corrections[i - 1];
      if (prev && prev.at > c.at) report('corrections', i, 'at', 'corrections must be sorted by at');
    });
  },
};
