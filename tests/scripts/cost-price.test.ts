/**
 * The pricing of `npm run bench:cost` (scripts/lib/cost/): tables with a fixed clock and hand-computed
 * credits at the rates of scripts/lib/cost/rates.ts (15 a deploy, 10 a GB-hour, 10 a database unit-hour,
 * 2 per 10,000 requests, 20 a GB; a 30-day month; the database asleep after 5 idle minutes).
 */
import { describe, expect, it } from 'vitest';
import { DESIGNS, factDeploys, type Measurements, type RecordSpan } from '../../scripts/lib/cost/designs.ts';
import {
  awakeHours,
  everyPeriod,
  fixedCredits,
  gbHours,
  perMonth,
  planFit,
  priceUsage,
  totalCredits,
  type Usage,
} from '../../scripts/lib/cost/price.ts';
import type { Pull } from '../../scripts/lib/rebuild-replay.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const at = (minutes: number): number => T0 + minutes * MIN;
const SLEEP = 5 * MIN;

describe('database hours awake: each query keeps it awake 5 minutes, overlaps counted once', () => {
  it.each<[string, number[], number]>([
    ['no query: asleep all month', [], 0],
    ['one query: 5 minutes', [at(10)], 5 / 60],
    ['two queries 3 minutes apart: 3 + 5 minutes', [at(10), at(13)], 8 / 60],
    ['two queries exactly 5 minutes apart: one span of 10 minutes', [at(10), at(15)], 10 / 60],
    ['two queries 10 minutes apart: two spans of 5', [at(10), at(20)], 10 / 60],
    ['in any order', [at(20), at(10), at(13)], 13 / 60],
    ['the same instant twice: once', [at(10), at(10)], 5 / 60],
    ['a query before the window or at its end: not counted', [at(-1), at(60)], 0],
    ['a query 2 minutes before the end: clipped to 2 minutes', [at(58)], 2 / 60],
  ])('%s', (_why, instants, hours) => expect(awakeHours(instants, SLEEP, T0, at(60))).toBeCloseTo(hours, 9));

  it('queried every minute for 30 days it never sleeps: 720 h; every 6 minutes it sleeps a sixth of the time', () => {
    const month = T0 + 30 * DAY;
    expect(awakeHours(everyPeriod(T0, month, MIN), SLEEP, T0, month)).toBeCloseTo(720, 9);
    expect(awakeHours(everyPeriod(T0, month, 6 * MIN), SLEEP, T0, month)).toBeCloseTo(600, 9);
  });
});

describe('a schedule and a record scaled to the month', () => {
  it('every minute of a 30-day month is 43,200 runs; every 5 minutes 8,640', () => {
    expect(everyPeriod(0, 30 * DAY, MIN)).toHaveLength(43_200);
    expect(everyPeriod(0, 30 * DAY, 5 * MIN)).toHaveLength(8_640);
  });

  it.each<[number, number, number]>([
    [651, 90, 217], // the last 90 days of data/: 7.23 builds a day
    [30, 30, 30],
    [5, 0, 0], // no record: nothing
  ])('%d over %d days is %d a month', (count, days, month) => expect(perMonth(count, days)).toBeCloseTo(month, 9));
});

const usage = (over: Partial<Usage> = {}): Usage => ({
  deploys: { count: 0, basis: '' },
  functions: [],
  database: { awakeHours: 0, basis: '' },
  webRequests: { count: 0, basis: '' },
  bandwidth: { bytes: 0, basis: '' },
  ...over,
});
const credits = (u: Usage, meter: string): number => priceUsage(u).find((l) => l.meter === meter)!.credits;

describe('credits per meter', () => {
  it.each<[number, number]>([
    [0, 0],
    [1, 15],
    [20, 300], // the Free plan's whole month in deploys
    [216.9, 3_253.5],
  ])('%d production deploys: %d credits', (count, expected) =>
    expect(credits(usage({ deploys: { count, basis: '' } }), 'production deploys')).toBeCloseTo(expected, 9),
  );

  it.each<[number, number, number, number]>([
    // invocations, ms, MB → GB-hours
    [43_200, 300, 1024, 3.6], // the watcher every minute at 300 ms, 1 GB: 43,200 × 0.3 s = 3.6 h
    [43_200, 300, 512, 1.8],
    [100_000, 36, 1024, 1],
    [0, 500, 1024, 0],
  ])('%d invocations × %d ms × %d MB = %d GB-hours, 10 credits each', (invocations, durationMs, memoryMb, hours) => {
    const f = { name: 'f', invocations, durationMs, memoryMb, fixed: true, basis: '' };
    expect(gbHours(f)).toBeCloseTo(hours, 9);
    expect(credits(usage({ functions: [f] }), 'function compute: f')).toBeCloseTo(hours * 10, 9);
  });

  it.each<[number, number]>([
    [720, 7_200], // never asleep: one unit all month
    [1.5, 15],
    [0, 0],
  ])('the database awake %d h: %d credits (one compute unit, the minimum)', (awake, expected) =>
    expect(credits(usage({ database: { awakeHours: awake, basis: '' } }), 'database hours awake')).toBeCloseTo(expected, 9),
  );

  it('web requests at 2 per 10,000 and bandwidth at 20 per GB', () => {
    const u = usage({ webRequests: { count: 1_200_000, basis: '' }, bandwidth: { bytes: 1.5e9, basis: '' } });
    expect(credits(u, 'web requests')).toBeCloseTo(240, 9);
    expect(credits(u, 'bandwidth')).toBeCloseTo(30, 9);
    expect(totalCredits(priceUsage(u))).toBeCloseTo(270, 9);
    expect(fixedCredits(priceUsage(u))).toBe(0);
  });

  it('prices every meter, functions one line each', () => {
    const f = { name: 'watch', invocations: 1, durationMs: 1, memoryMb: 1024, fixed: true, basis: '' };
    expect(priceUsage(usage({ functions: [f, { ...f, name: 'mcp' }] })).map((l) => l.meter)).toEqual([
      'production deploys',
      'function compute: watch',
      'function compute: mcp',
      'database hours awake',
      'web requests',
      'bandwidth',
    ]);
  });
});

describe('which plans a month fits (Free 300, a hard limit; Personal 1,000; Pro 3,000)', () => {
  const plansFor = (total: number): string[] => planFit(total).map((p) => `${p.plan} ${p.fits ? 'fits' : `day ${p.spentOnDay}`}`);
  it.each<[number, string[]]>([
    [200, ['Free fits', 'Personal fits', 'Pro fits']],
    [300, ['Free fits', 'Personal fits', 'Pro fits']],
    [301, ['Free day 30', 'Personal fits', 'Pro fits']],
    [600, ['Free day 15', 'Personal fits', 'Pro fits']],
    [10_000, ['Free day 1', 'Personal day 3', 'Pro day 9']], // 300 last 0.9 days, 1,000 last 3, 3,000 last 9
    [1_000_000, ['Free day 1', 'Personal day 1', 'Pro day 1']],
  ])('%d credits: %j', (total, expected) => expect(plansFor(total)).toEqual(expected));

  it('says what the maintainer sees when the Free plan is spent', () => {
    expect(planFit(10_000)[0]!.whenSpent).toContain('Site not available');
  });
});

const pull = (day: number, fact = false, numbers = false): Pull => ({ t: T0 + day * DAY, fact, numbers, timeBound: false });

describe('deploys for facts only: a fact, or the horizon run out since the last deploy', () => {
  const days = (pulls: Pull[]): number[] => factDeploys(pulls, 7 * DAY).map((p) => (p.t - T0) / DAY);
  it.each<[string, Pull[], number[]]>([
    ['facts only', [pull(0), pull(1, true), pull(2, false, true), pull(3, true)], [1, 3]],
    ['no fact for 7 days after the span starts: one deploy at the horizon', [pull(0), pull(6.5), pull(7), pull(8)], [7]],
    ['the horizon counts from the last deploy', [pull(0), pull(2, true), pull(8), pull(9), pull(16)], [2, 9, 16]],
    ['a clock-only change deploys nothing', [pull(0), pull(1, false, true), pull(2, false, true)], []],
    ['no pull', [], []],
  ])('%s', (_why, pulls, expected) => expect(days(pulls)).toEqual(expected));
});

/** A record of 30 days: `builds` pulls that built (half for a fact), one post, no alert. */
function record(builds: number): RecordSpan {
  const pulls = Array.from({ length: 30 * 48 }, (_, i) => ({
    t: T0 + i * 30 * MIN,
    fact: i < builds && i % 2 === 0,
    numbers: i < builds && i % 2 === 1,
    timeBound: false,
  }));
  return { days: 30, stepMs: 30 * MIN, from: T0, to: T0 + 30 * DAY, pulls, posts: [T0 + DAY], alerts: [] };
}
const MEASURED: Measurements = {
  source: 'stated',
  watcher: { quietMs: 300, alertMs: 900, quietNoDbMs: 100, quietStatements: 7, alertStatements: 19 },
  mcp: { requestMs: 36, responseBytes: 1_000 },
  timetable: { requestMs: 3.6 },
  site: { pageViewRequests: 2, pageViewBytes: 10_000, apiBytes: 1_000 },
};

describe('the designs of the registry, on a record of 30 days', () => {
  const today = DESIGNS.find((d) => d.name === 'as it ships')!;
  const projected = DESIGNS.find((d) => d.status === 'projected')!;

  it.each<[number, number]>([
    [0, 0],
    [10, 150],
    [217, 3_255],
  ])("as it ships: %d builds in the replay's 30 days are %d credits of deploys", (builds, expected) =>
    expect(credits(today.usage(record(builds), MEASURED), 'production deploys')).toBeCloseTo(expected, 9),
  );

  it('as it ships: the watcher every 5 minutes keeps the database awake all month, 720 h; its runs and the webhook billed by their durations', () => {
    const u = today.usage(record(10), MEASURED);
    expect(u.database.awakeHours).toBeCloseTo(720, 9);
    // 8,639 quiet runs at 300 ms and one with a post at 900 ms, at 1 GB: (8,639 × 0.3 + 0.9) / 3600 GB-hours.
    expect(credits(u, 'function compute: watch (scheduled)')).toBeCloseTo(((8_639 * 0.3 + 0.9) / 3600) * 10, 9);
    // X's webhook: 300 deliveries as a run with an alert (900 ms) and 720 hourly CRCs at 5 ms.
    expect(credits(u, 'function compute: x-webhook')).toBeCloseTo(((300 * 0.9 + 720 * 0.005) / 3600) * 10, 9);
    // 100,000 /mcp requests (10 % of 1,000,000) at 36 ms: 1 GB-hour.
    expect(credits(u, 'function compute: mcp')).toBeCloseTo(10, 9);
    // The timetable function, as if the CDN cached nothing: 100,000 pages + 900,000 API answers at 3.6 ms, 1 GB-hour.
    expect(credits(u, 'function compute: timetable')).toBeCloseTo(10, 9);
    // 100,000 page views × 2 requests + 1,000,000 API requests; 100,000 × 10 kB + 900,000 × 1 kB + 100,000 × 1 kB = 2 GB.
    expect(credits(u, 'web requests')).toBeCloseTo(240, 9);
    expect(credits(u, 'bandwidth')).toBeCloseTo(40, 9);
    // With no traffic: the 10 deploys, the watcher and the database.
    const hook = ((300 * 0.9 + 720 * 0.005) / 3600) * 10;
    expect(fixedCredits(priceUsage(u))).toBeCloseTo(150 + ((8_639 * 0.3 + 0.9) / 3600) * 10 + hook + 7_200, 9);
  });

  it('before the webhook: the watcher every minute, 43,200 runs, and no webhook', () => {
    const u = DESIGNS.find((d) => d.name === 'watcher every minute, no webhook')!.usage(record(10), MEASURED);
    expect(credits(u, 'function compute: watch (scheduled)')).toBeCloseTo(((43_199 * 0.3 + 0.9) / 3600) * 10, 9);
    expect(u.functions.map((f) => f.name)).toEqual(['watch (scheduled)', 'mcp']);
    expect(u.database.awakeHours).toBeCloseTo(720, 9);
  });

  it('as it ships, were a quiet run to make no statement: the database awake only around the deploys and alerts, as counted', () => {
    const quiet = { ...MEASURED, watcher: { ...MEASURED.watcher, quietStatements: 0 } };
    // 10 builds, every half hour from T0: spans of 5 minutes, 10 of them, and the alert at day 10 another.
    expect(today.usage({ ...record(10), alerts: [T0 + 10 * DAY] }, quiet).database.awakeHours).toBeCloseTo(55 / 60, 9);
  });

  it('projected: deploys only the facts, quiet runs without the database, the database awake around deploys and alerts only', () => {
    const u = projected.usage({ ...record(10), alerts: [T0 + 10 * DAY] }, MEASURED);
    // The 5 facts among the 10 builds (pulls 0, 2, 4, 6, 8: hours 0 to 4), then one deploy each 7 days as the horizon runs out.
    expect(factDeploys(record(10).pulls, 7 * DAY).map((p) => (p.t - T0) / HOUR)).toEqual([0, 1, 2, 3, 4, 172, 340, 508, 676]);
    expect(credits(u, 'production deploys')).toBeCloseTo(9 * 15, 9);
    expect(credits(u, 'function compute: watch (scheduled)')).toBeCloseTo(((8_639 * 0.1 + 0.9) / 3600) * 10, 9);
    // Nine deploys, each an hour or more apart, and the alert: ten spans of 5 minutes.
    expect(u.database.awakeHours).toBeCloseTo(50 / 60, 9);
  });
});
