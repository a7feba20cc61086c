import { dataPath } from './files.ts';
import { lastRecording } from './recordings.ts';
import type { DatasetRule } from './rule.ts';

export const correctionRetraction: DatasetRule = {
  name: 'correction-retraction',
  description: 'A retracted event is gone from events.json (unless recorded again later), and the retraction keeps that very event.',
  check({ corrections, eventsById }, report) {
    corrections?.forEach((c, i) => {
      if (c.what !== 'retraction') return;
      if (eventsById.has(c.event_id) && lastRecording(corrections, c.event_id) === c)
        report('corrections', i, 'event_id', `event ${c.event_id} is retracted but still in ${dataPath('events')}`);
      if (c.before.event.id !== c.event_id)
        report('corrections', i, 'before.event.id', `${c.before.event.id} is not the retracted event ${c.event_id}`);
    });
  },
};
