/** Banked resets: which granted reset credits are still redeemable at a given instant. */
import { SCHEMA_VERSION, type ActiveBankedReset, type BankedFile, type BankedPayload } from './schema.ts';
import { hoursBetween, parseTimestamp, roundTo } from './time.ts';

export function expiryRule(expiryDays: number): string {
  return `A banked reset expires ${expiryDays} days after it is granted if unused, unless the grant records another expiry.`;
}

/** Grants already granted and not yet expired at `now` (expiry is exclusive: at expires_at it is gone), soonest expiry first. */
export function activeGrants(banked: BankedFile, now: Date): ActiveBankedReset[] {
  return banked.grants
    .filter((g) => parseTimestamp(g.granted_at) <= now && parseTimestamp(g.expires_at) > now)
    .sort((a, b) => (a.expires_at === b.expires_at ? (a.id < b.id ? -1 : 1) : a.expires_at < b.expires_at ? -1 : 1))
    .map((g) => ({
      id: g.id,
      granted_at: g.granted_at,
      expires_at: g.expires_at,
      hours_left: roundTo(hoursBetween(now, parseTimestamp(g.expires_at)), 2),
      scope: g.scope,
      summary: g.summary,
      url: g.url,
      certainty: g.certainty,
    }));
}

export function createBankedPayload(banked: BankedFile, now: Date, generatedAt: string, source: string): BankedPayload {
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: generatedAt,
    source,
    expiry_rule: expiryRule(banked.expiry_days),
    active: activeGrants(banked, now),
  };
}
