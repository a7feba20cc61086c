/** Whether a forecast is published as available, its confidence label, and the reasons as data (reasons.ts says them). */
import type { ConfidenceReason } from './reasons.ts';

export interface ConfidenceInput {
  events: number;
  firstTs: string | null;
  eventsAgeHours: number;
  minEvents: number;
  staleHours: number;
  status: number | null;
  issues: number | null;
  rhythmFitted: boolean;
  minRhythmEvents: number;
  model: string;
}
export interface Verdict {
  available: boolean;
  confidence: 'low' | 'medium' | 'high';
  reasons: ConfidenceReason[];
}

/** Below this many resets the confidence stays low: a couple of dozen gaps is a small sample. */
export const MEDIUM_EVENTS = 30;
/** An event record checked within this many hours can support high confidence. */
export const FRESH_EVENTS_HOURS = 24;

const wholeDays = (hours: number): number => Math.floor(hours / 24);

export function confidence(x: ConfidenceInput): Verdict {
  const reasons: ConfidenceReason[] = [];
  reasons.push({ kind: 'record', resets: x.events, since: x.firstTs ? x.firstTs.slice(0, 10) : null, model: x.model });
  const tooFew = x.events < x.minEvents;
  if (tooFew) reasons.push({ kind: 'too-few', min: x.minEvents });
  if (!x.rhythmFitted) reasons.push({ kind: 'no-rhythm', model: x.model, min: x.minRhythmEvents });
  const stale = x.eventsAgeHours > x.staleHours;
  if (stale)
    reasons.push(
      Number.isFinite(x.eventsAgeHours)
        ? { kind: 'stale', days: wholeDays(x.eventsAgeHours), limitDays: wholeDays(x.staleHours) }
        : { kind: 'stale-unknown' },
    );
  const signalsOk = x.status !== null && x.issues !== null;
  if (x.status === null) reasons.push({ kind: 'signal-missing', signal: 'status' });
  if (x.issues === null) reasons.push({ kind: 'signal-missing', signal: 'issues' });
  const available = !tooFew && !stale;
  let label: Verdict['confidence'] = 'low';
  if (available && x.events >= MEDIUM_EVENTS) label = signalsOk && x.eventsAgeHours <= FRESH_EVENTS_HOURS ? 'high' : 'medium';
  if (label === 'low' && available && x.events < MEDIUM_EVENTS) reasons.push({ kind: 'small-sample', min: MEDIUM_EVENTS });
  return { available, confidence: label, reasons };
}
