/**
 * `npm run bench:cost` (scripts/bench/cost.ts) as a process on the frozen history, with --no-measure (the
 * stated durations, statements, requests and bytes, labelled so; the measurement itself builds and takes
 * its time, and is a bench, not a test): it prints every meter for each design of the registry (the code
 * before this commit, this commit as it ships and once the pages are states), with the plans, and its
 * arithmetic holds on what it prints (deploy credits = deploys × 15).
 */
import { describe, expect, it } from 'vitest';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';

const bench = (args: string[]) =>
  runNode(['scripts/bench/cost.ts', ...args], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: HISTORY_DIR,
    SOURCE_DATE_EPOCH: String(HISTORY_EPOCH),
  });

/**
 * The meters of the design before the pages were states and the database slept; this commit's add the timetable
 * function after /mcp's and the watcher's requests to Netlify Blobs after the database's.
 */
const METERS = [
  'production deploys',
  'function compute: watch (scheduled)',
  'function compute: x-webhook',
  'function compute: mcp',
  'database hours awake',
  'web requests',
  'bandwidth',
  '**total**',
];

/** The table rows of one design's section, by meter. */
function section(out: string, heading: string): Map<string, string[]> {
  const start = out.indexOf(`## ${heading}`);
  expect(start, `no section "${heading}" in:\n${out}`).toBeGreaterThanOrEqual(0);
  const rest = out.slice(start + 3);
  const body = rest.slice(0, rest.includes('\n## ') ? rest.indexOf('\n## ') : undefined);
  const rows = body.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| meter'));
  return new Map(rows.map((r) => r.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim())).map((c) => [c[0]!, c.slice(1)]));
}
const number = (text: string): number => Number(text.replace(/[*,]/g, '').split(' ')[0]);

describe('npm run bench:cost -- --no-measure on the frozen history', () => {
  it('prints every meter of each design, the stated and the measured said so, their totals and each plan', async () => {
    const { code, out } = await bench(['--no-measure']);
    expect(code, out).toBe(0);
    expect(out).toContain('--no-measure: nothing measured');
    expect(out).toMatch(/traffic \(stated\): 100,000 page views and 1,000,000 API requests a month/);
    for (const [heading, now] of [
      ['before the database slept (stated)', false],
      ['as it ships (stated)', true],
    ] as const) {
      const rows = section(out, heading);
      const meters = now
        ? [...METERS.slice(0, 4), 'function compute: timetable', METERS[4]!, 'Netlify Blobs requests', ...METERS.slice(5)]
        : METERS;
      expect([...rows.keys()], heading).toEqual(meters);
      // Every meter's credits are a number, and the total is their sum (to the printed rounding).
      const credits = meters.slice(0, -1).map((m) => number(rows.get(m)![1]!));
      for (const c of credits) expect(Number.isFinite(c), heading).toBe(true);
      expect(Math.abs(number(rows.get('**total**')![1]!) - credits.reduce((a, b) => a + b, 0))).toBeLessThan(1);
      // Deploys are priced at 15 credits each, from the replay's count.
      const deploys = rows.get('production deploys')!;
      expect(number(deploys[1]!)).toBeCloseTo(number(deploys[0]!) * 15, -1);
      expect(deploys[2]).toMatch(/\d+ builds/);
    }
    // Before: the watcher on the database every 5 minutes never lets it sleep, 720 hours; as it ships, a quiet run makes no
    // statement (stated: measured so), and the database is awake only around the alerts of the record.
    expect(section(out, 'before the database slept').get('database hours awake')![0]).toBe('720.0 h × 1 unit');
    const asleep = section(out, 'as it ships (stated)').get('database hours awake')!;
    expect(number(asleep[0]!)).toBeLessThan(24);
    expect(asleep[2]).toMatch(/^woken at each of the record's \d+ alerts \(stated: 0\.0 statements a quiet run/);
    expect(section(out, 'as it ships (stated)').get('Netlify Blobs requests')![1]).toBe('0.0');
    // X's webhook: 300 deliveries and 720 hourly CRCs a month.
    expect(section(out, 'as it ships').get('function compute: x-webhook')![0]).toMatch(/^1,020 × /);
    expect(out).toMatch(/^- Free: (fits|spent on day \d+ of 30, then every site of the team paused \("Site not available"\).*)$/m);
    expect(out).toMatch(/^- Personal: /m);
    expect(out).toMatch(/^- Pro: /m);
  });

  it('refuses --dist with --no-measure, and a bad --last-days, in one line, exit 1', async () => {
    const both = await bench(['--no-measure', '--dist', 'dist']);
    expect([both.code, both.out.trim()]).toEqual([1, 'bench:cost: --dist and --no-measure cannot go together: --dist is what is measured']);
    const bad = await bench(['--no-measure', '--last-days', '0']);
    expect([bad.code, bad.out.trim()]).toEqual([1, 'bench:cost: --last-days: "0" is not a whole number above 0']);
  });
});
