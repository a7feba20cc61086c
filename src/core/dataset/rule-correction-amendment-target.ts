import type { DatasetRule } from './rule.ts';

export const correctionAmendmentTarget: DatasetRule = {
  name: 'correction-amendment-target',
  description: 'An amendment names an event of events.json, or one retracted since (its record lives on in the retraction).',
  check({ corrections, eventsById }, report) {
    corrections?.forEach((c, i) => {
      if (c.what === 'retraction' || c.what === 'rerecorded' || c.what === 'fulfilled_by') return;
      if (!eventsById.has(c.event_id) && !corrections.some((r) => r.what === 'retraction' && r.event_id === c.event_id))
        report('corrections', i, 'event_id', `no event ${c.event_id}`);
    });
  },
};
