import { describe, expect, it } from 'vitest';
import {
  SIGNAL_WEIGHTS,
  combine,
  combineSignals,
  issuesSignal,
  otherSignals,
  statusSignal,
} from '../../../../src/core/forecast/signals.ts';
import { UNKNOWN_SIGNALS } from './fixtures.ts';

const now = new Date('2026-03-01T12:00:00Z');
const freshStatus = { ...UNKNOWN_SIGNALS.status, indicator: 'none' as const, checked_at: '2026-03-01T11:00:00Z' };
describe('status signal', () => {
  it.each([
    ['never checked', UNKNOWN_SIGNALS.status, null],
    ['checked 7 h ago (stale)', { ...freshStatus, checked_at: '2026-03-01T05:00:00Z' }, null],
    ['all operational', { ...freshStatus, components: [{ name: 'Codex', status: 'operational' as const }] }, 0],
    ['Codex partial outage', { ...freshStatus, components: [{ name: 'Codex Web', status: 'partial_outage' as const }] }, 0.75],
    ['another product down', { ...freshStatus, components: [{ name: 'Sora', status: 'major_outage' as const }] }, 0],
    [
      'unresolved major incident',
      {
        ...freshStatus,
        indicator: 'major' as const,
        incidents: [
          {
            id: 'x',
            name: 'n',
            status: 'investigating',
            impact: 'major',
            started_at: '2026-03-01T10:00:00Z',
            resolved_at: null,
            url: null,
          },
        ],
      },
      0.75,
    ],
  ])('%s', (_name, status, expected) => expect(statusSignal(status, now)).toBe(expected));
});

describe('issues signal: excess over baseline, 0 at baseline, 1 at four times it', () => {
  const base = { baseline_days: 14, checked_at: '2026-03-01T11:00:00Z' };
  it.each([
    [null, null, null],
    [5, 5, 0],
    [2, 5, 0],
    [10, 5, 1 / 3],
    [20, 5, 1],
    [100, 5, 1],
    [3, 0, 2 / 3], // baseline floored at 1 issue a day
  ])('recent %s vs baseline %s → %s', (recent, baseline, expected) => {
    const s = issuesSignal({ ...base, recent_count: recent, baseline_per_day: baseline }, now);
    if (expected === null) expect(s).toBeNull();
    else expect(s).toBeCloseTo(expected, 12);
  });
});

describe('combination', () => {
  it('status and issues weigh 0.1 each (no history to fit them on)', () => expect(SIGNAL_WEIGHTS).toEqual({ status: 0.1, issues: 0.1 }));
  it.each([
    [{ status: 1, issues: 0 }, 0.1],
    [{ status: 1, issues: 1 }, 1 - 0.9 * 0.9],
    [{ status: 0.5, issues: 0 }, 0.05],
    [{ status: 0, issues: 0 }, 0],
  ])('other signals %j → %d', (s, expected) => expect(otherSignals(s)).toBeCloseTo(expected, 12));
  it.each([
    [[0.6], 0.6],
    [[0.6, 0.1], 1 - 0.4 * 0.9],
    [[], 0],
  ])('S of %j = %d', (parts, expected) => expect(combineSignals(...parts)).toBeCloseTo(expected, 12));
  it('p = 1 − (1 − cad)(1 − S)', () => expect(combine(0.2, 0.5)).toBeCloseTo(0.6, 12));
});
