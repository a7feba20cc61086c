import type { DatasetRule, RecordFile, Report } from './rule.ts';

/** Reports the record's time when it lies after the build clock (no skew allowed: these are facts, not check times). */
function atOrBefore(now: Date, report: Report, file: RecordFile, i: number, field: string, ts: string): void {
  if (Date.parse(ts) > now.getTime()) report(file, i, field, `${ts} is in the future of the build clock`);
}

export const notInFuture: DatasetRule = {
  name: 'not-in-future',
  description: 'No event, grant, promise or correction is dated after the build clock.',
  check({ now, events, grants, announcements, corrections }, report) {
    events?.forEach((e, i) => {
      atOrBefore(now, report, 'events', i, 'ts', e.ts);
    });
    grants?.forEach((g, i) => {
      atOrBefore(now, report, 'banked', i, 'granted_at', g.granted_at);
    });
    announcements?.forEach((a, i) => {
      atOrBefore(now, report, 'announcements', i, 'ts', a.ts);
    });
    corrections?.forEach((c, i) => {
      atOrBefore(now, report, 'corrections', i, 'at', c.at);
    });
  },
};
