import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hoursBetween, isValidDate, isValidTimestamp, parseTimestamp, roundTo, toIsoDate, toTimestamp } from '../../../src/core/time.ts';
import { clockFromEnv } from '../../../src/core/clock.ts';

describe('toTimestamp', () => {
  it.each([
    ['2026-03-04T21:30:47.999Z', '2026-03-04T21:30:47Z'],
    ['2026-03-04T21:30:47.000Z', '2026-03-04T21:30:47Z'],
    ['1970-01-01T00:00:00.000Z', '1970-01-01T00:00:00Z'],
  ])('%s → %s (milliseconds dropped, never rounded up)', (iso, want) => {
    expect(toTimestamp(new Date(iso))).toBe(want);
  });
  it('rejects an invalid date', () => expect(() => toTimestamp(new Date('nope'))).toThrow(RangeError));
  it('gives the UTC date', () => expect(toIsoDate(new Date('2026-03-04T23:59:59Z'))).toBe('2026-03-04'));
});

describe('isValidTimestamp', () => {
  it.each([
    ['2026-03-04T21:30:47Z', true],
    ['2026-02-29T00:00:00Z', false], // 2026 is not a leap year
    ['2028-02-29T00:00:00Z', true],
    ['2100-02-29T00:00:00Z', false], // divisible by 100, not by 400
    ['2000-02-29T00:00:00Z', true], // divisible by 400
    ['2026-04-31T00:00:00Z', false],
    ['2026-00-10T00:00:00Z', false],
    ['2026-01-00T00:00:00Z', false],
    ['2026-03-04T23:60:00Z', false],
    ['2026-03-04T23:59:60Z', false], // no leap seconds in published timestamps
    ['2026-12-31T23:59:59Z', true],
    ['2026-03-04T24:00:00Z', false],
    ['2026-03-04T21:30:47.000Z', false],
    ['2026-03-04T21:30:47+00:00', false],
    ['2026-03-04 21:30:47Z', false],
    ['', false],
  ])('%j → %s', (ts, ok) => expect(isValidTimestamp(ts)).toBe(ok));
  it.each([
    ['2026-12-31', true],
    ['2026-13-01', false],
    ['2026-02-30', false],
    ['26-01-01', false],
  ])('date %j → %s', (d, ok) => expect(isValidDate(d)).toBe(ok));
  it('agrees with a Date round trip for every instant (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(isValidTimestamp(new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'))).toBe(true);
      }),
    );
    // Field strings that Date would roll over (Feb 30 → Mar 2) must be refused.
    fc.assert(
      fc.property(fc.integer({ min: 1970, max: 2200 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }), (y, mo, d) => {
        const ts = `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}T12:00:00Z`;
        const date = new Date(ts);
        const roundTrips = !Number.isNaN(date.getTime()) && date.toISOString().startsWith(ts.slice(0, 10));
        expect(isValidTimestamp(ts)).toBe(roundTrips);
      }),
    );
  });
  it('parseTimestamp refuses what it cannot publish', () => expect(() => parseTimestamp('2026-03-04')).toThrow(/YYYY-MM-DDTHH:MM:SSZ/));
});

describe('hoursBetween and roundTo', () => {
  it('counts hours, signed', () => {
    expect(hoursBetween(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T06:00:00Z'))).toBe(30);
    expect(hoursBetween(new Date('2026-01-02T06:00:00Z'), new Date('2026-01-01T00:00:00Z'))).toBe(-30);
  });
  it.each([
    [1.23456, 3, 1.235],
    [-0.0001, 2, 0],
    [2.5, 0, 3],
  ])('roundTo(%d, %d) = %d and never -0', (v, d, want) => {
    const r = roundTo(v, d);
    expect(r).toBe(want);
    expect(Object.is(r, -0)).toBe(false);
  });
});

describe('clockFromEnv', () => {
  const fallback = () => new Date('2000-01-01T00:00:00Z');
  it('reads SOURCE_DATE_EPOCH seconds', () =>
    expect(clockFromEnv({ SOURCE_DATE_EPOCH: '1795392000' }, fallback).toISOString()).toBe('2026-11-23T00:00:00.000Z'));
  it('falls back to the clock when unset or empty', () => {
    expect(clockFromEnv({}, fallback)).toEqual(fallback());
    expect(clockFromEnv({ SOURCE_DATE_EPOCH: '' }, fallback)).toEqual(fallback());
  });
  it.each(['-1', '1.5', 'yesterday'])('refuses %j', (v) =>
    expect(() => clockFromEnv({ SOURCE_DATE_EPOCH: v }, fallback)).toThrow(/SOURCE_DATE_EPOCH/),
  );
});
