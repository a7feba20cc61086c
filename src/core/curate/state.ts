/**
 * The curated part of data/ as objects: what the curation commands read, change and hand back whole,
 * to be validated as a dataset before a byte is written.
 */
import type {
  AnnouncementsFile,
  BankedFile,
  CandidatesFile,
  ChecksFile,
  Correction,
  CorrectionsFile,
  EventsFile,
} from '../schema/index.ts';
import { compareEvents } from '../facts/timeline.ts';
import type { Dataset } from '../dataset/index.ts';

export interface Curated {
  events: EventsFile;
  announcements: AnnouncementsFile;
  banked: BankedFile;
  corrections: CorrectionsFile;
  candidates: CandidatesFile;
  /** Checks of the sources by hand (npm run checked); read by the curation commands only (the pull never writes it). */
  checks?: ChecksFile;
}

/** The curated files as a validated dataset holds them, with the bookkeeping its reader keeps beside them. */
export function curatedOf(data: Dataset, bookkeeping: Pick<Curated, 'candidates'> & Pick<Partial<Curated>, 'checks'>): Curated {
  return {
    events: { checked_at: data.eventsCheckedAt, events: data.events },
    announcements: { announcements: data.announcements },
    banked: data.banked,
    corrections: { corrections: data.corrections },
    ...bookkeeping,
  };
}

/** What a command did: the new state and one line per thing recorded, for the terminal. */
export interface Outcome {
  state: Curated;
  lines: string[];
}

/** Events in the one order (ts, then numeric id). */
export function withEvents(state: Curated, events: EventsFile['events']): Curated {
  return { ...state, events: { ...state.events, events: [...events].sort(compareEvents) } };
}

/** Appends corrections; the log stays in recording order (`at` never decreases: every command uses one clock). */
export function withCorrections(state: Curated, added: readonly Correction[]): Curated {
  return { ...state, corrections: { corrections: [...state.corrections.corrections, ...added] } };
}
