/**
 * A month of Resetcast in Netlify credits, meter by meter (docs/cost.md): pure arithmetic over a
 * design's usage (designs.ts) and the rates (rates.ts). No clock, no I/O: instants and durations are
 * given.
 */
import {
  BYTES_PER_GB,
  CREDITS_PER_BLOBS_REQUEST,
  CREDITS_PER_10K_WEB_REQUESTS,
  CREDITS_PER_DB_COMPUTE_UNIT_HOUR,
  CREDITS_PER_GB_BANDWIDTH,
  CREDITS_PER_GB_HOUR,
  CREDITS_PER_PRODUCTION_DEPLOY,
  DB_MIN_COMPUTE_UNITS,
  MONTH_DAYS,
  PLANS,
} from './rates.ts';

const HOUR_MS = 3_600_000;
export const MONTH_MS = MONTH_DAYS * 24 * HOUR_MS;

/** One function's month: how often it runs, how long each run is billed, at what memory. */
export interface FunctionUse {
  name: string;
  invocations: number;
  /** Mean billed duration of one invocation. */
  durationMs: number;
  memoryMb: number;
  /** Runs whatever the traffic (a schedule), rather than per request. */
  fixed: boolean;
  /** Where the figures come from, for the printed table. */
  basis: string;
}

/** What a design uses in a month, per meter, each with where its figure comes from. */
export interface Usage {
  deploys: { count: number; basis: string };
  functions: FunctionUse[];
  database: { awakeHours: number; basis: string };
  /** The watcher's requests to its state in Netlify Blobs (a design without Blobs has none). */
  blobs?: { requests: number; basis: string };
  webRequests: { count: number; basis: string };
  /** Requests the service makes of itself whatever the traffic (its own site reads, X's deliveries): fixed. */
  ownRequests?: { count: number; basis: string };
  bandwidth: { bytes: number; basis: string };
}

export interface MeterLine {
  meter: string;
  quantity: string;
  credits: number;
  /** Spent whatever the traffic: the deploys, the scheduled functions, the database. */
  fixed: boolean;
  basis: string;
}

/**
 * Hours a database is awake when queried at `instants` (ms) and asleep after `sleepAfterMs` without one,
 * within [from, to): each query keeps it awake until sleepAfterMs after it, overlapping spans counted
 * once. Waking takes no billed time here (Netlify: "well under a second"); the query's own work is in the span.
 */
export function awakeHours(instants: readonly number[], sleepAfterMs: number, from: number, to: number): number {
  const inside = instants.filter((t) => t >= from && t < to).sort((a, b) => a - b);
  let awake = 0;
  let spanStart = Number.NaN;
  let spanEnd = Number.NaN;
  for (const t of inside) {
    if (t <= spanEnd) {
      spanEnd = Math.max(spanEnd, Math.min(t + sleepAfterMs, to));
      continue;
    }
    if (!Number.isNaN(spanStart)) awake += spanEnd - spanStart;
    spanStart = t;
    spanEnd = Math.min(t + sleepAfterMs, to);
  }
  if (!Number.isNaN(spanStart)) awake += spanEnd - spanStart;
  return awake / HOUR_MS;
}

/** Instants every `periodMs` from `from` (inclusive) to `to` (exclusive): a schedule's runs. */
export function everyPeriod(from: number, to: number, periodMs: number): number[] {
  const out: number[] = [];
  for (let t = from; t < to; t += periodMs) out.push(t);
  return out;
}

/** A count over `days` of record, scaled to the month. */
export const perMonth = (count: number, days: number): number => (days > 0 ? (count * MONTH_DAYS) / days : 0);

/** GB-hours of a function's month: invocations × duration × memory. */
export const gbHours = (f: Pick<FunctionUse, 'invocations' | 'durationMs' | 'memoryMb'>): number =>
  (f.invocations * f.durationMs * (f.memoryMb / 1024)) / HOUR_MS;

const fmt = (x: number, digits = 0): string => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const sizeOf = (bytes: number): string => (bytes >= 1e9 ? `${fmt(bytes / 1e9, 2)} GB` : `${fmt(bytes / 1e6, 1)} MB`);

/** Every meter of a design's month, with its credits. */
export function priceUsage(u: Usage): MeterLine[] {
  return [
    {
      meter: 'production deploys',
      quantity: `${fmt(u.deploys.count, 1)} deploys`,
      credits: u.deploys.count * CREDITS_PER_PRODUCTION_DEPLOY,
      fixed: true,
      basis: u.deploys.basis,
    },
    ...u.functions.map((f) => ({
      meter: `function compute: ${f.name}`,
      quantity: `${fmt(f.invocations)} × ${fmt(f.durationMs, 1)} ms × ${fmt(f.memoryMb)} MB = ${fmt(gbHours(f), 2)} GB-h`,
      credits: gbHours(f) * CREDITS_PER_GB_HOUR,
      fixed: f.fixed,
      basis: f.basis,
    })),
    {
      meter: 'database hours awake',
      quantity: `${fmt(u.database.awakeHours, 1)} h × ${DB_MIN_COMPUTE_UNITS} unit`,
      credits: u.database.awakeHours * DB_MIN_COMPUTE_UNITS * CREDITS_PER_DB_COMPUTE_UNIT_HOUR,
      fixed: true,
      basis: u.database.basis,
    },
    ...(u.blobs
      ? [
          {
            meter: 'Netlify Blobs requests',
            quantity: `${fmt(u.blobs.requests)} requests`,
            credits: u.blobs.requests * CREDITS_PER_BLOBS_REQUEST,
            fixed: true,
            basis:
              `${u.blobs.basis}; not a metered item (rates.ts): at the web-request rate they would be ` +
              `${fmt((u.blobs.requests / 10_000) * CREDITS_PER_10K_WEB_REQUESTS, 1)} credits`,
          },
        ]
      : []),
    {
      meter: 'web requests',
      quantity: `${fmt(u.webRequests.count)} requests`,
      credits: (u.webRequests.count / 10_000) * CREDITS_PER_10K_WEB_REQUESTS,
      fixed: false,
      basis: u.webRequests.basis,
    },
    ...(u.ownRequests
      ? [
          {
            meter: "web requests: the service's own",
            quantity: `${fmt(u.ownRequests.count)} requests`,
            credits: (u.ownRequests.count / 10_000) * CREDITS_PER_10K_WEB_REQUESTS,
            fixed: true,
            basis: u.ownRequests.basis,
          },
        ]
      : []),
    {
      meter: 'bandwidth',
      quantity: sizeOf(u.bandwidth.bytes),
      credits: (u.bandwidth.bytes / BYTES_PER_GB) * CREDITS_PER_GB_BANDWIDTH,
      fixed: false,
      basis: u.bandwidth.basis,
    },
  ];
}

export const totalCredits = (lines: readonly MeterLine[]): number => lines.reduce((sum, l) => sum + l.credits, 0);

/** The credits a month costs with no traffic at all. */
export const fixedCredits = (lines: readonly MeterLine[]): number => totalCredits(lines.filter((l) => l.fixed));

/** Per plan: whether a month of `credits` fits, else on which day of the month the plan's credits run out. */
export function planFit(credits: number): { plan: string; fits: boolean; spentOnDay: number | null; whenSpent: string }[] {
  return PLANS.map((p) => {
    const fits = credits <= p.credits;
    // Spent evenly through the month, the allowance lasts p.credits / (credits / MONTH_DAYS) days: it runs out on that day (from 1).
    const spentOnDay = fits ? null : Math.max(1, Math.ceil((p.credits / credits) * MONTH_DAYS));
    return { plan: p.name, fits, spentOnDay, whenSpent: p.whenSpent };
  });
}
