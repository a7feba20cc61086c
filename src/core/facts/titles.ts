/** Titles a person can scan in a feed reader or a calendar: "Codex limits reset for Plus + Pro". */
import type { StoredEvent } from '../schema/index.ts';
import { scopeLabel } from './scope.ts';

const VERB: Record<StoredEvent['kind'], string> = {
  reset: 'Codex limits reset',
  banked: 'Banked Codex reset granted',
  boost: 'Codex limits boosted',
  other: 'Codex limits changed',
};

/** Whether the reset reached everyone in its scope: true, false, or null when the post did not say (uncertain_fields). */
export const globalKnown = (e: Pick<StoredEvent, 'global' | 'uncertain_fields'>): boolean | null =>
  e.uncertain_fields.includes('global') ? null : e.global;

/** "(some accounts)" only when the post said so: an unknown reach is not invented either way. */
export function eventTitle(e: Pick<StoredEvent, 'kind' | 'scope' | 'global' | 'uncertain_fields'>): string {
  return `${VERB[e.kind]} for ${scopeLabel(e.scope)}${globalKnown(e) === false ? ' (some accounts)' : ''}`;
}
