/** Whether a forecast is published as available, its confidence label, and the reasons in plain words. */

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
export interface Verdict { available: boolean; confidence: 'low' | 'medium' | 'high'; reasons: string[] }

/** Below this many resets the confidence stays low: a couple of dozen gaps is a small sample. */
export const MEDIUM_EVENTS = 30;
/** An event record checked within this many hours can support high confidence. */
export const FRESH_EVENTS_HOURS = 24;

const days = (hours: number): string => {
  const d = Math.floor(hours / 24);
  return d === 1 ? '1 day' : `${d} days`;
};

export function confidence(x: ConfidenceInput): Verdict {
  const reasons: string[] = [];
  const since = x.firstTs ? ` since ${x.firstTs.slice(0, 10)}` : '';
  reasons.push(`${x.events} recorded reset${x.events === 1 ? '' : 's'}${since}; rhythm model: ${x.model}`);
  const tooFew = x.events < x.minEvents;
  if (tooFew) reasons.push(`fewer than ${x.minEvents} resets recorded: no gap to average, so no forecast`);
  if (!x.rhythmFitted) reasons.push(`the ${x.model} model needs ${x.minRhythmEvents} resets; the memoryless rate is used instead`);
  const stale = x.eventsAgeHours > x.staleHours;
  if (stale)
    reasons.push(
      Number.isFinite(x.eventsAgeHours)
        ? `the event record was last checked ${days(x.eventsAgeHours)} ago (limit ${days(x.staleHours)}): resets since then may be missing, so the numbers are shown but not vouched for`
        : 'the event record has no usable last check time (none, or one in the future): resets may be missing, so the numbers are shown but not vouched for',
    );
  const signalsOk = x.status !== null && x.issues !== null;
  if (x.status === null) reasons.push('status signal unavailable (no recent successful check): it contributes nothing');
  if (x.issues === null) reasons.push('issues signal unavailable (no recent successful check): it contributes nothing');
  const available = !tooFew && !stale;
  let label: Verdict['confidence'] = 'low';
  if (available && x.events >= MEDIUM_EVENTS) label = signalsOk && x.eventsAgeHours <= FRESH_EVENTS_HOURS ? 'high' : 'medium';
  if (label === 'low' && available && x.events < MEDIUM_EVENTS) reasons.push(`fewer than ${MEDIUM_EVENTS} resets: a small sample`);
  return { available, confidence: label, reasons };
}
