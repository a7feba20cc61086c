/**
 * The pricing of `npm run bench:cost` (scripts/lib/cost/): tables with a fixed clock and hand-computed
 * credits at the rates of scripts/lib/cost/rates.ts (15 a deploy, 10 a GB-hour, 10 a database unit-hour,
 * 2 per 10,000 requests, 20 a GB; a 30-day month; the database asleep after 5 idle minutes).
 */
import { describe, expect, it } from 'vitest';
import {
  cachedInvocations,
  CLOCK_ONLY_WINDOW_SECONDS,
  DESIGNS,
  NETWORK_MS,
  otherPayloadRoutes,
  type Measurements,
  type RecordSpan,
} from '../../scripts/lib/cost/designs.ts';
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

/** A record of 30 days: `builds` pulls that built (half for a fact, half for a signal moving the figures), one post, the given claims, no push. */
function record(builds: number, claims: RecordSpan['claims'] = []): RecordSpan {
  const pulls: Pull[] = Array.from({ length: 30 * 48 }, (_, i) => ({
    t: T0 + i * 30 * MIN,
    fact: i < builds && i % 2 === 0,
    numbers: i < builds && i % 2 === 1,
    timeBound: false,
  }));
  return {
    days: 30,
    stepMs: 30 * MIN,
    from: T0,
    to: T0 + 30 * DAY,
    stream: 'test',
    pulls,
    posts: [T0 + DAY],
    claims,
    pushes: { count: 0, days: 90, basis: 'none' },
  };
}
const MEASURED: Measurements = {
  source: 'stated',
  watcher: {
    quietMs: 300,
    alertMs: 900,
    dueAlertMs: 600,
    quietStatements: 0,
    quietOpened: 0,
    alertStatements: 19,
    dueAlertStatements: 14,
    quietBlobRequests: 1,
    alertBlobRequests: 5,
    dueAlertBlobRequests: 3,
  },
  mcp: { requestMs: 36, responseBytes: 1_000 },
  timetable: { requestMs: 3.6 },
  site: { pageViewRequests: 2, pageViewBytes: 10_000, apiBytes: 1_000 },
};

describe('the designs of the registry, on a record of 30 days', () => {
  const design = (name: string) => DESIGNS.find((d) => d.name === name)!;
  const previous = design('previous');
  const runTime = design('run-time signals');

  it('two designs: the code on main (measured) and run-time signals (projected)', () => {
    expect(DESIGNS.map((d) => [d.name, d.status, d.runTimeSignals])).toEqual([
      ['previous', 'measured', false],
      ['run-time signals', 'projected', true],
    ]);
  });

  it.each<[number, number, number]>([
    [0, 0, 0],
    [10, 0, 150],
    [10, 90, 150 + 30 * 15], // 90 pushes in 90 days: 30 a month
  ])('%d builds in the replay and %d pushes in 90 days: %d credits of deploys', (builds, pushes, expected) =>
    expect(
      credits(previous.usage({ ...record(builds), pushes: { count: pushes, days: 90, basis: '' } }, MEASURED), 'production deploys'),
    ).toBeCloseTo(expected, 9),
  );

  it('the database awake after each claim at its instant and each deploy, overlaps once', () => {
    // No build, two claims two minutes apart: one span of 7 minutes.
    const quiet = previous.usage(
      record(0, [
        { at: T0 + 10 * DAY, kind: 'grant-expiring' },
        { at: T0 + 10 * DAY + 2 * MIN, kind: 'promise-lapsed' },
      ]),
      MEASURED,
    );
    expect(quiet.database.awakeHours).toBeCloseTo(7 / 60, 9);
    // Two builds an hour apart at the start (the migration at each): two spans of 5 minutes more.
    const built = previous.usage(record(2, [{ at: T0 + 10 * DAY, kind: 'grant-expiring' }]), MEASURED);
    expect(built.database.awakeHours).toBeCloseTo(15 / 60, 9);
  });

  it('the watcher billed at its network time: in process plus 1 Blobs read, 3 X timelines and 1 site read', () => {
    const u = previous.usage(record(0), MEASURED);
    const quietMs = 300 + NETWORK_MS.blobsRead + 3 * NETWORK_MS.xTimeline + NETWORK_MS.siteRead;
    const w = u.functions.find((f) => f.name === 'watch (scheduled)')!;
    expect(w.invocations).toBe(8_640);
    // 8,639 quiet runs and one with a post, which also wakes the database, sends, writes and dispatches.
    const postMs = 900 + quietMs - 300 + NETWORK_MS.dbWake + NETWORK_MS.outlets + NETWORK_MS.blobsWrite + NETWORK_MS.dispatch;
    expect(w.durationMs * 8_640).toBeCloseTo(8_639 * quietMs + postMs, 6);
    // X's CRC every hour on a cold instance.
    expect(u.functions.find((f) => f.name === 'x-webhook CRC')).toMatchObject({ invocations: 720, durationMs: NETWORK_MS.cold });
  });

  it('run-time signals: a Blobs read in every timetable and /mcp call, one POST /signals a pull; fewer timetable calls with durable', () => {
    const before = previous.usage(record(0), MEASURED);
    const after = runTime.usage(record(0), MEASURED);
    const f = (u: typeof before, name: string) => u.functions.find((x) => x.name === name);
    expect(f(after, 'mcp')!.durationMs).toBeCloseTo(36 + NETWORK_MS.blobsRead, 9);
    expect(f(before, 'mcp')!.durationMs).toBeCloseTo(36, 9);
    expect(f(after, 'signals (POST)')).toMatchObject({ invocations: 1_440 });
    expect(f(before, 'signals (POST)')).toBeUndefined();
    expect(f(after, 'timetable (traffic)')!.invocations).toBeLessThan(f(before, 'timetable (traffic)')!.invocations);
  });

  it('the other payloads: 3 static files, 4 answers a snapshot may change, 4 only the clock moves (kept a day: about 30 calls a month each)', () => {
    expect(otherPayloadRoutes()).toEqual({ static: 3, runTime: 4, clockOnly: 4 });
    const still = cachedInvocations(1e6, 4, 1, CLOCK_ONLY_WINDOW_SECONDS);
    expect(still).toBeCloseTo(4 * 30, 0);
    expect(cachedInvocations(1e6, 4, 1, 300)).toBeCloseTo(4 * 8_640, 0);
  });

  it('cached invocations: never more than the requests, nor than one a window and cache', () => {
    const windows = (30 * DAY) / 1000 / 300;
    expect(cachedInvocations(10, 1, 1, 300)).toBeLessThanOrEqual(10);
    expect(cachedInvocations(10, 1, 1, 300)).toBeGreaterThan(9.9);
    expect(cachedInvocations(1e9, 1, 1, 300)).toBeCloseTo(windows, 6);
    expect(cachedInvocations(1e9, 1, 100, 300)).toBeCloseTo(100 * windows, 3);
    expect(cachedInvocations(0, 1, 100, 300)).toBe(0);
  });

  it('a quiet run that opens the database keeps it awake all month', () => {
    const u = previous.usage(record(10), { ...MEASURED, watcher: { ...MEASURED.watcher, quietOpened: 0.1 } });
    expect(u.database.awakeHours).toBeCloseTo(720, 9);
  });
});
