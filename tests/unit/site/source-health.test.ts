import { describe, expect, it } from 'vitest';
import type { SignalsFile, SourceCheck } from '../../../src/core/schema/index.ts';
import { noCheckYet, sourceHealth } from '../../../src/site/source-health.ts';

const at = '2026-11-22T23:14:29Z';
const base = { name: 'status', ok: false, error: 'an error only machines read', checked_at: at } as const;

describe('sourceHealth: the kind comes from the check, never from its error text', () => {
  it.each<[string, SourceCheck, ReturnType<typeof sourceHealth>]>([
    ['answered', { ...base, ok: true, error: null, outcome: 'ok', last_ok_at: at }, { kind: 'ok', checked_at: at }],
    ['answered (a check from before outcome was stored)', { ...base, ok: true, error: null }, { kind: 'ok', checked_at: at }],
    ['skipped for want of a token', { ...base, outcome: 'skipped', skip_reason: 'no_token', last_ok_at: null }, { kind: 'needsKey' }],
    [
      'skipped, reason not recorded (the error text says "token" but is never read)',
      { ...base, error: 'X_BEARER_TOKEN not set', outcome: 'skipped', last_ok_at: null },
      { kind: 'skipped', checked_at: at },
    ],
    [
      'failing since its last good check',
      { ...base, outcome: 'failed', last_ok_at: '2026-11-20T08:00:00Z' },
      { kind: 'failingSince', since: '2026-11-20T08:00:00Z' },
    ],
    ['failing and never reached', { ...base, outcome: 'failed', last_ok_at: null }, { kind: 'neverReached' }],
    ['failed, history not recorded', { ...base, outcome: 'failed' }, { kind: 'failed', checked_at: at }],
    ['failed, outcome not recorded', { ...base }, { kind: 'failed', checked_at: at }],
  ])('%s', (_, check, health) => {
    expect(sourceHealth(check)).toEqual(health);
  });
});

describe('noCheckYet', () => {
  const empty: SignalsFile = {
    fetched_at: at,
    status: { indicator: 'unknown', components: [], incidents: [], checked_at: null },
    issues: { recent_count: null, baseline_per_day: null, baseline_days: 14, checked_at: null },
    sources: [],
  };
  it('holds before the first pull (no sources) and while every check has failed or been skipped', () => {
    expect(noCheckYet(empty)).toBe(true);
    expect(
      noCheckYet({
        ...empty,
        sources: [
          { ...base, outcome: 'failed', last_ok_at: null },
          { ...base, name: 'x', outcome: 'skipped', skip_reason: 'no_token', last_ok_at: null },
        ],
      }),
    ).toBe(true);
  });
  it('fails once any check has succeeded, now or before', () => {
    expect(noCheckYet({ ...empty, status: { ...empty.status, checked_at: at } })).toBe(false);
    expect(noCheckYet({ ...empty, issues: { ...empty.issues, checked_at: at } })).toBe(false);
    expect(noCheckYet({ ...empty, sources: [{ ...base, outcome: 'failed', last_ok_at: '2026-11-01T00:00:00Z' }] })).toBe(false);
    expect(noCheckYet({ ...empty, sources: [{ ...base, name: 'x', ok: true, error: null, outcome: 'ok', last_ok_at: at }] })).toBe(false);
  });
});
