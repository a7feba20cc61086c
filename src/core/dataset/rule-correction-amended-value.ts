import { amendedValue } from '../corrections/index.ts';
import type { AmendableField, Correction } from '../schema/index.ts';
import { isRecording } from './recordings.ts';
import type { DatasetRule } from './rule.ts';

/**
 * The latest amendment of each field of each event, by index: a retraction or re-recording clears the
 * event's, since amendments before it describe an earlier record and are not compared with the present one.
 */
function latestAmendments(list: readonly Correction[]): Map<string, Map<AmendableField, { i: number; after: unknown }>> {
  const latest = new Map<string, Map<AmendableField, { i: number; after: unknown }>>();
  list.forEach((c, i) => {
    if (isRecording(c)) latest.delete(c.event_id);
    else if (c.what !== 'fulfilled_by') {
      const fields = latest.get(c.event_id) ?? new Map<AmendableField, { i: number; after: unknown }>();
      latest.set(c.event_id, fields.set(c.what, { i, after: c.after }));
    }
  });
  return latest;
}

export const correctionAmendedValue: DatasetRule = {
  name: 'correction-amended-value',
  description: "The latest amendment of a field holds the field's present value: nothing changed without a correction.",
  check({ corrections, eventsById, grants = [] }, report) {
    if (!corrections) return;
    for (const [id, fields] of latestAmendments(corrections)) {
      const event = eventsById.get(id);
      if (!event) continue;
      const grant = grants.find((g) => g.event_id === id);
      for (const [field, { i, after }] of fields) {
        if (field === 'expires_at' && !grant) continue; // the grant went with a kind change
        const now = amendedValue(event, grant, field) ?? 'none';
        const whose = field === 'expires_at' ? "grant's expires_at" : `event's ${field}`;
        if (now !== after)
          report(
            'corrections',
            i,
            'after',
            `${JSON.stringify(after)} is not the ${whose} now (${JSON.stringify(now)}): changed without a correction?`,
          );
      }
    }
  },
};
