/** Which corrections decide whether an event is in events.json, shared by the correction rules. */
import type { Correction, Rerecord, Retraction } from '../schema/index.ts';

/** A retraction takes an event out of events.json, a re-recording puts it back; amendments and relinks change neither. */
export const isRecording = (c: Correction): c is Retraction | Rerecord => c.what === 'retraction' || c.what === 'rerecorded';

/** The last retraction or re-recording of the event among `list` (all of it, or the ones before an index). */
export const lastRecording = (list: readonly Correction[], eventId: string): Correction | undefined =>
  list.filter((r) => r.event_id === eventId && isRecording(r)).at(-1);
