import type { DatasetRule } from './rule.ts';

export const grantEventExists: DatasetRule = {
  name: 'grant-event-exists',
  description: "A grant's event_id, when set, names an event of events.json.",
  check({ grants, eventsById }, report) {
    grants?.forEach((g, i) => {
      if (g.event_id !== null && !eventsById.has(g.event_id)) report('banked', i, 'event_id', `no event ${g.event_id}`);
    });
  },
};
