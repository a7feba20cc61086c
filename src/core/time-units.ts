/**
 * Milliseconds per unit of time: the one place a duration's factor is written. Time in Resetcast is
 * counted in milliseconds (Date's unit) and converted with these, never with an inline 3_600_000.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
