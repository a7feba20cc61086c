/** Timestamp helpers. Every instant Resetcast publishes is UTC, to the second, `YYYY-MM-DDTHH:MM:SSZ`. */
import { differenceInMilliseconds } from 'date-fns/differenceInMilliseconds';

const HOUR_MS = 3_600_000;

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

/** True for a real calendar instant written `YYYY-MM-DDTHH:MM:SSZ` (rejects 2026-02-30, 24:00:00…). */
export function isValidTimestamp(ts: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(ts)) return false;
  const d = new Date(ts);
  return !Number.isNaN(d.getTime()) && toTimestamp(d) === ts;
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
