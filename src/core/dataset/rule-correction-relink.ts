import { promiseAnchor } from '../promises/index.ts';
import type { DatasetRule } from './rule.ts';

export const correctionRelink: DatasetRule = {
  name: 'correction-relink',
  description: 'A relink names a promise of announcements.json by its post id (promiseAnchor), not an event.',
  check({ corrections, announcements = [] }, report) {
    corrections?.forEach((c, i) => {
      if (c.what === 'fulfilled_by' && !announcements.some((a) => promiseAnchor(a) === `p-${c.event_id}`))
        report('corrections', i, 'event_id', `no promise ${c.event_id}`);
    });
  },
};
