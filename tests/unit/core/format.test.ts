import { describe, expect, it } from 'vitest';
import { utcDateTime } from '../../../src/core/format.ts';

describe('dates for people', () => {
  it.each([
    ['2026-11-22T23:14:29Z', '2026-11-22 23:14 UTC'],
    ['2025-01-01T00:00:59Z', '2025-01-01 00:00 UTC'],
  ])('utcDateTime(%s) = %s', (ts, expected) => {
    expect(utcDateTime(ts)).toBe(expected);
  });
});
