/** The banked grant a banked event puts in users' accounts: one per banked event, linked by `event_id`. */
import type { BankedFile, BankedGrant, StoredEvent } from '../schema/index.ts';
import { toIsoDate, toTimestamp } from '../time.ts';
import { DAY_MS } from '../time-units.ts';

/** Expiry by the file's rule: `expiry_days` after the grant, to the second. */
export function defaultExpiry(grantedAt: string, expiryDays: number): string {
  return toTimestamp(new Date(Date.parse(grantedAt) + expiryDays * DAY_MS));
}

/** The grant of a banked event: granted when announced, expiring by the rule unless `expiresAt` is given. */
export function grantForEvent(e: StoredEvent, banked: Pick<BankedFile, 'expiry_days'>, expiresAt?: string): BankedGrant {
  return {
    id: `${toIsoDate(new Date(e.ts))}-${e.id}`,
    granted_at: e.ts,
    expires_at: expiresAt ?? defaultExpiry(e.ts, banked.expiry_days),
    scope: e.scope,
    summary: e.summary,
    url: e.url,
    event_id: e.id,
    certainty: e.certainty,
    uncertain_fields: [],
  };
}

/** Grants in the file's order: by grant time, then id. */
export function sortGrants(grants: readonly BankedGrant[]): BankedGrant[] {
  return [...grants].sort((a, b) =>
    a.granted_at === b.granted_at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.granted_at < b.granted_at ? -1 : 1,
  );
}

/** Grant fields that mirror a fact of its event (the grant's own name for it). */
const MIRRORED = [
  ['scope', 'scope'],
  ['summary', 'summary'],
  ['certainty', 'certainty'],
  ['url', 'url'],
  ['granted_at', 'ts'],
] as const;

/**
 * The grant after its event changed: a field follows the event's new value only where the grant held
 * the event's old one (a grant recorded with its own summary or scope keeps it).
 */
export function followEvent(grant: BankedGrant, before: StoredEvent, after: StoredEvent): BankedGrant {
  const next = { ...grant };
  for (const [g, e] of MIRRORED) if (grant[g] === before[e]) (next as Record<string, unknown>)[g] = after[e];
  return next;
}
