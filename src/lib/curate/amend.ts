/** The published facts that differ between two versions of an event, as corrections (src/lib/schema/storage.ts). */
import { AMENDABLE_FIELDS, type Amendment, type BankedGrant, type StoredEvent } from '../schema.ts';

export const BANKED_KIND_CHANGE =
  'changing a kind to or from banked would add or remove a banked grant; retract the event (npm run correct -- <id> --retract) and record it again';

/** One Amendment per amendable field that changed, in AMENDABLE_FIELDS order (the grant's expiry included). */
export function amendments(
  before: StoredEvent,
  after: StoredEvent,
  grantBefore: BankedGrant | undefined,
  grantAfter: BankedGrant | undefined,
  at: string,
  reason: string,
): Amendment[] {
  const out: Amendment[] = [];
  for (const what of AMENDABLE_FIELDS) {
    const [b, a] = what === 'expires_at' ? [grantBefore?.expires_at, grantAfter?.expires_at] : [before[what], after[what]];
    if (b !== undefined && a !== undefined && b !== a) out.push({ event_id: after.id, at, what, before: b, after: a, reason });
  }
  return out;
}
