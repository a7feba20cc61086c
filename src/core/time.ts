/** Timestamp helpers. Every instant Resetcast publishes is UTC, to the second, `YYYY-MM-DDTHH:MM:SSZ`. */
import { differenceInMilliseconds } from 'date-fns/differenceInMilliseconds';
import { MINUTE_MS, HOUR_MS } from './time-units.ts';

/** Formats an instant as `YYYY-MM-DDTHH:MM:SSZ`, dropping (not rounding) milliseconds. */
export function toTimestamp(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('toTimestamp: invalid date');
  return instant.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The UTC calendar date `YYYY-MM-DD` of an instant. */
export function toIsoDate(instant: Date): string {
  return toTimestamp(instant).slice(0, 10);
}

/** Parses a published timestamp; throws on anything that is not one. */
export function parseTimestamp(ts: string): Date {
  if (!isValidTimestamp(ts)) throw new RangeError(`not a timestamp YYYY-MM-DDTHH:MM:SSZ: ${JSON.stringify(ts)}`);
  return new Date(ts);
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * True for a real calendar instant written `YYYY-MM-DDTHH:MM:SSZ` (rejects 2026-02-30, 24:00:00…).
 * Checked field by field rather than through Date: every MCP answer re-validates its timestamps.
 */
export function isValidTimestamp(ts: string): boolean {
  const m = TIMESTAMP.exec(ts);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59;
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isValidDate(date: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && isValidTimestamp(`${date}T00:00:00Z`);
}

/** Hours from `from` to `to` (negative when `to` is earlier). */
export function hoursBetween(from: Date, to: Date): number {
  return differenceInMilliseconds(to, from) / HOUR_MS;
}

/** Rounds for publication: fixed decimals, and never `-0`. */
export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  const r = Math.round(value * f) / f;
  return Object.is(r, -0) ? 0 : r;
}

/**
 * How far ahead of the reader's clock a recorded check time may be and still count (docs/data.md,
 * "Times"): the pull, the build and a maintainer's machine keep slightly different clocks. Beyond it a
 * time is from the future: `validate` refuses it and the forecast reads it as unknown, never as fresh.
 */
export const CLOCK_SKEW_MS = 5 * MINUTE_MS;

/** True when `ts` lies further ahead of `now` than the allowed clock skew. */
export function beyondSkew(ts: string, now: Date): boolean {
  return Date.parse(ts) > now.getTime() + CLOCK_SKEW_MS;
}

/** Hours since a check time, or Infinity (unknown, so stale) when there was none or it lies in the future beyond the skew. */
export function checkAgeHours(checkedAt: string | null, now: Date): number {
  if (checkedAt === null || beyondSkew(checkedAt, now)) return Infinity;
  return Math.max(0, (now.getTime() - Date.parse(checkedAt)) / HOUR_MS);
}
