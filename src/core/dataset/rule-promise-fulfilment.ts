import { fulfils } from '../promises/index.ts';
import type { DatasetRule } from './rule.ts';

export const promiseFulfilment: DatasetRule = {
  name: 'promise-fulfilment',
  description: "A promise's fulfilled_by names an event no older than the promise that matches its kind, scope and window.",
  check({ announcements, eventsById }, report) {
    announcements?.forEach((a, i) => {
      if (a.fulfilled_by === null) return;
      const e = eventsById.get(a.fulfilled_by);
      if (!e) report('announcements', i, 'fulfilled_by', `no event ${a.fulfilled_by}`);
      else if (e.ts < a.ts) report('announcements', i, 'fulfilled_by', `event ${e.id} (${e.ts}) is older than the promise`);
      else if (!fulfils(e, a))
        report(
          'announcements',
          i,
          'fulfilled_by',
          `a ${e.kind} for ${e.scope} at ${e.ts} does not fulfil it (kind, scope and window must match)`,
        );
    });
  },
};
