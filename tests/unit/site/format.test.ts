import { describe, expect, it } from 'vitest';
import { ago, daysSince, longDate, scopeLabel, utcDateTime } from '../../../src/core/format.ts';

const NOW = new Date('2026-11-23T00:00:00Z');

describe('ago (relative to the build clock, rounded down)', () => {
  it.each([
    ['2026-11-23T00:00:00Z', 'just now'],
    ['2026-11-22T23:59:01Z', 'just now'],
    ['2026-11-22T23:59:00Z', '1 min ago'],
    ['2026-11-22T23:48:00Z', '12 min ago'],
    ['2026-11-22T23:00:01Z', '59 min ago'],
    ['2026-11-22T23:00:00Z', '1 h ago'],
    ['2026-11-21T00:00:01Z', '47 h ago'],
    ['2026-11-21T00:00:00Z', '2 days ago'],
    ['2026-10-11T00:00:00Z', '43 days ago'],
    ['2026-11-23T02:00:00Z', 'in 2 h'],
    ['2026-11-23T00:00:59Z', 'just now'],
  ])('%s → %s', (ts, expected) => {
    expect(ago(ts, NOW)).toBe(expected);
  });

  it('refuses a string that is not a published timestamp', () => {
    expect(() => ago('2026-11-22 23:00', NOW)).toThrow(/not a timestamp/);
  });
});

describe('daysSince', () => {
  it.each([
    ['2026-10-11T00:00:00Z', 43],
    ['2026-11-22T00:00:01Z', 0],
    ['2026-11-22T00:00:00Z', 1],
  ])('%s → %i', (ts, days) => {
    expect(daysSince(ts, NOW)).toBe(days);
  });
});

describe('dates for people', () => {
  it.each([
    ['2026-11-22T23:14:29Z', '2026-11-22 23:14 UTC'],
    ['2025-01-01T00:00:59Z', '2025-01-01 00:00 UTC'],
  ])('utcDateTime(%s) = %s', (ts, expected) => {
    expect(utcDateTime(ts)).toBe(expected);
  });

  it.each([
    ['2025-09-17', '17 Sep 2025'],
    ['2026-12-31T23:59:59Z', '31 Dec 2026'],
    ['2024-02-29', '29 Feb 2024'],
  ])('longDate(%s) = %s', (input, expected) => {
    expect(longDate(input)).toBe(expected);
  });

  it('longDate refuses garbage', () => {
    expect(() => longDate('yesterday')).toThrow(RangeError);
  });
});

describe('scopeLabel', () => {
  it.each([
    ['all', 'All plans'],
    ['paid', 'Paid plans'],
    ['unspecified', 'Plans not stated'],
    ['plus+pro', 'Plus + Pro'],
    ['go+plus+pro+business', 'Go + Plus + Pro + Business'],
  ])('%s → %s', (scope, expected) => {
    expect(scopeLabel(scope)).toBe(expected);
  });
});
