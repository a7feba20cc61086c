import { correctionKey } from '../corrections/index.ts';
import { dataPath } from './files.ts';
import { lastRecording } from './recordings.ts';
import type { DatasetRule } from './rule.ts';

export const correctionRerecord: DatasetRule = {
  name: 'correction-rerecord',
  description:
    'A re-recording supersedes the retraction just before it and, unless retracted again later, its event is back in events.json.',
  check({ corrections, eventsById }, report) {
    corrections?.forEach((c, i) => {
      if (c.what !== 'rerecorded') return;
      const before = lastRecording(corrections.slice(0, i), c.event_id);
      if (before?.what !== 'retraction' || correctionKey(before) !== c.supersedes)
        report('corrections', i, 'supersedes', `${c.supersedes} is not the retraction just before it`);
      if (!eventsById.has(c.event_id) && lastRecording(corrections, c.event_id) === c)
        report('corrections', i, 'event_id', `event ${c.event_id} was recorded again but is not in ${dataPath('events')}`);
    });
  },
};
