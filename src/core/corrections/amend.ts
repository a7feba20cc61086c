/** The published facts that differ between two versions of an event, as corrections (src/core/schema/storage.ts). */
import { amendedValue } from './index.ts';
import { AMENDABLE_FIELDS, type Amendment, type BankedGrant, type StoredEvent } from '../schema/index.ts';

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
    const [b, a] = [amendedValue(before, grantBefore, what), amendedValue(after, grantAfter, what)];
    if (what === 'expires_at' && (b === undefined || a === undefined)) continue; // a grant made or removed by a kind change
    if (b !== a) out.push({ event_id: after.id, at, what, before: b ?? 'none', after: a ?? 'none', reason });
  }
  return out;
}
