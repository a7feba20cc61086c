/**
 * Banked resets: which granted reset credits are still redeemable at a given instant, and whether to
 * spend or hold each one given the chance of a free reset before it expires.
 */
import { utcDateTime } from '../format.ts';
import { SCHEMA_VERSION, type ActiveBankedReset, type BankedFile, type BankedPayload } from '../schema/index.ts';
import { hoursBetween, parseTimestamp, roundTo } from '../time.ts';

/** An active grant as recorded, before the advice is added. */
export type ActiveGrant = Omit<ActiveBankedReset, 'p_free_reset_before_expiry' | 'advice' | 'advice_text'>;

/**
 * Hold a grant when a free reset before it expires is more likely than not (above 50 %, in the whole
 * percent shown): the free reset then does the grant's job and the grant is still there afterwards.
 * At a coin flip or below, using it before it lapses is the safer bet.
 */
export const HOLD_ABOVE_PERCENT = 50;

/** "62 %"; an estimate never claims certainty, so "over 99 %" and "under 1 %" at the ends. */
export function chanceText(p: number): string {
  const percent = Math.round(p * 100);
  return percent >= 100 && p < 1 ? 'over 99 %' : percent <= 0 && p > 0 ? 'under 1 %' : `${percent} %`;
}

export function spendOrHold(p: number, expiresAt: string): Pick<ActiveBankedReset, 'advice' | 'advice_text'> {
  const percent = Math.round(p * 100);
  const odds = `Estimate: the chance of a free reset before it expires is ${chanceText(p)}.`;
  return percent > HOLD_ABOVE_PERCENT
    ? { advice: 'hold', advice_text: `${odds} A reset before it expires is likely: hold it.` }
    : { advice: 'use', advice_text: `${odds} A reset before then is not likely: use it before ${utcDateTime(expiresAt)}.` };
}

/**
 * Each active grant is reminded of this many hours before it expires (what reminder tools people use do:
 * a day, 5 hours, an hour), longest first: as VALARMs on its calendar event and as one `grant-expiring`
 * alert each (docs/alerts.md). The first is the original single reminder: its alert id has no suffix.
 */
export const EXPIRY_REMINDER_HOURS = [24, 5, 1] as const;

/** "24 hours", "1 hour": a reminder's horizon in the English of alert titles and calendar alarms. */
export const reminderHoursText = (hours: number): string => `${hours} hour${hours === 1 ? '' : 's'}`;

export function expiryRule(expiryDays: number): string {
  return `A banked reset expires ${expiryDays} days after it is granted if unused, unless the grant records another expiry.`;
}

/** Grants already granted and not yet expired at `now` (expiry is exclusive: at expires_at it is gone), soonest expiry first. */
export function activeGrants(banked: BankedFile, now: Date): ActiveGrant[] {
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

/**
 * The payload; `chance(hours)` is the forecast's probability of a free reset within `hours` of `now`
 * (the same model as forecast.json and outlook.json).
 */
export function createBankedPayload(
  banked: BankedFile,
  now: Date,
  generatedAt: string,
  source: string,
  chance: (hours: number) => number,
): BankedPayload {
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: generatedAt,
    source,
    expiry_rule: expiryRule(banked.expiry_days),
    // The same fact as structure, for programs (the watcher): never read back out of the sentence above.
    expiry_days: banked.expiry_days,
    active: activeGrants(banked, now).map((g) => {
      const p = chance(hoursBetween(now, parseTimestamp(g.expires_at)));
      return { ...g, p_free_reset_before_expiry: roundTo(p, 4), ...spendOrHold(p, g.expires_at) };
    }),
  };
}
