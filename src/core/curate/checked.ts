/**
 * `npm run checked`: the maintainer vouches for the record by hand. A check up to `at` moves
 * events.checked_at (the freshness the forecast and the pages use, as a successful X pull does) and is
 * logged in data/checks.json with who, what and when. A check in the future is refused; one older than
 * the freshness already recorded is logged but never moves it back.
 */
import { Timestamp } from '../schema/index.ts';
import { beyondSkew, toTimestamp } from '../time.ts';
import { CurationError, parseFlag, textFlag } from './errors.ts';
import type { Curated, Outcome } from './state.ts';

export interface CheckArgs {
  /** Up to when the sources were looked at (default: now). */
  at?: string;
  note: string;
  /** Who checked; absent when unknowable. */
  by?: string;
}

export function recordCheck(state: Curated, args: CheckArgs, now: Date): Outcome {
  const at = args.at === undefined ? toTimestamp(now) : parseFlag(Timestamp, args.at, 'at');
  if (beyondSkew(at, now))
    throw new CurationError(`--at ${at}: in the future (now ${toTimestamp(now)}); a check vouches only for what has happened`);
  const note = textFlag(args.note, 'note', 'note');
  const by = args.by === undefined ? undefined : textFlag(args.by, 'name', 'by');
  const check = { at, recorded_at: toTimestamp(now), ...(by ? { by } : {}), note };
  const moved = at > state.events.checked_at;
  const events = moved ? { ...state.events, checked_at: at } : state.events;
  return {
    state: { ...state, events, checks: { checks: [...(state.checks?.checks ?? []), check] } },
    lines: [
      moved
        ? `checked up to ${at}${by ? ` by ${by}` : ''}: the record is fresh from ${at}`
        : `logged a check up to ${at}; the record was already checked up to ${state.events.checked_at}`,
    ],
  };
}
