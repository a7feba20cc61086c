import type { DatasetRule } from './rule.ts';

export const eventDateMatchesTs: DatasetRule = {
  name: 'event-date-matches-ts',
  description: "An event's date is the UTC day of its ts.",
  check({ events }, report) {
    events?.forEach((e, i) => {
      if (e.ts.slice(0, 10) !== e.date) report('events', i, 'date', `${e.date} disagrees with ts ${e.ts}`);
    });
  },
};
