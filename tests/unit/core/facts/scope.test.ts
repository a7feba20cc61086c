/**
 * One scope labeller per language: core's English for feeds, alerts and the calendar, the catalogue's
 * group words on the pages, the same plan names and joiner ("Plus + Pro") in both.
 */
import { describe, expect, it } from 'vitest';
import { PLAN_NAMES, planNames, scopeLabel } from '../../../../src/core/facts/scope.ts';
import { PLANS } from '../../../../src/core/schema/index.ts';
import { scopeText } from '../../../../src/site/i18n/words.ts';
import { t } from '../../../../src/site/i18n/index.ts';

describe('scopeLabel (English titles)', () => {
  it.each([
    ['all', 'all users'],
    ['paid', 'paid plans'],
    ['unspecified', 'unspecified plans'],
    ['pro', 'Pro'],
    ['plus+pro', 'Plus + Pro'],
    ['go+plus+pro+business', 'Go + Plus + Pro + Business'],
    ['free+go+plus+pro+business+enterprise+edu', 'Free + Go + Plus + Pro + Business + Enterprise + Edu'],
  ])('%s → %s', (scope, label) => {
    expect(scopeLabel(scope)).toBe(label);
  });

  it('names every plan the schema knows', () => {
    expect(Object.keys(PLAN_NAMES).sort()).toEqual([...PLANS].sort());
  });
});

describe('scopeText (the pages)', () => {
  it("plan names are the same product names in every locale; groups are the catalogue's", () => {
    expect(scopeText(t('en'), 'plus+pro')).toBe('Plus + Pro');
    expect(scopeText(t('ja'), 'go+plus+pro+business')).toBe('Go + Plus + Pro + Business');
    expect(scopeText(t('ja'), 'plus+pro')).toBe(planNames('plus+pro'));
    expect(scopeText(t('en'), 'all')).toBe('All plans');
    expect(scopeText(t('es'), 'paid')).not.toBe(scopeText(t('en'), 'paid'));
  });
});
