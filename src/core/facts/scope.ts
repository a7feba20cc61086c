/**
 * A scope ("all", "paid", "unspecified", or plan ids joined with "+") in words. Plan names are product
 * names, never translated, so this one table serves every language; the plans are joined the way the
 * pages and readers write them ("Plus + Pro"). Group words are words: the English ones are here, for
 * the titles of the feeds, the alerts and the calendar; the pages say them from their catalogue
 * (src/site/i18n/words.ts, scopeText).
 */
import { SCOPE_GROUPS, type PLANS } from '../schema/index.ts';

export type Plan = (typeof PLANS)[number];
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  free: 'Free',
  go: 'Go',
  plus: 'Plus',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
  edu: 'Edu',
};

/** Between two plan names, in every language. */
export const PLAN_JOINER = ' + ';

const ENGLISH_GROUPS: Readonly<Record<ScopeGroup, string>> = { all: 'all users', paid: 'paid plans', unspecified: 'unspecified plans' };

/** The group a scope names, or undefined for a list of plans. */
export const scopeGroup = (scope: string): ScopeGroup | undefined => SCOPE_GROUPS.find((g) => g === scope);

/** "go+plus+pro" → "Go + Plus + Pro"; an id the table does not know (the schema refuses one) stays as it is. */
export function planNames(scope: string): string {
  return scope
    .split('+')
    .map((p) => PLAN_NAMES[p as Plan] ?? p)
    .join(PLAN_JOINER);
}

/** A scope in English: "Plus + Pro", "all users", "paid plans", "unspecified plans". */
export function scopeLabel(scope: string): string {
  const group = scopeGroup(scope);
  return group === undefined ? planNames(scope) : ENGLISH_GROUPS[group];
}
