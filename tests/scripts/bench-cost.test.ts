/**
 * `npm run bench:cost` (scripts/bench/cost.ts) as a process on the frozen history, with --no-measure (the
 * stated durations, statements, requests and bytes, labelled so; the measurement itself builds and takes
 * its time, and is a bench, not a test) and a stated push count: it prints the two designs side by side per
 * signal stream and each one's full bill, and its arithmetic holds on what it prints.
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

const number = (text: string): number => Number(text.replace(/[*,]/g, '').split(' ')[0]);

/** The side-by-side table's rows: stream, design, then the figures. */
function sideBySide(out: string): string[][] {
  const start = out.indexOf('## previous beside run-time signals');
  expect(start, out).toBeGreaterThanOrEqual(0);
  const body = out.slice(start, out.indexOf('\n## ', start + 3));
  return body
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| stream'))
    .map((r) => r.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim()));
}

describe('npm run bench:cost -- --no-measure on the frozen history', () => {
  it('prints previous beside run-time signals per stream; a signal never deploys at run time; the arithmetic holds', async () => {
    // The last 20 days of the record: every stream and claim at its instants, in a fraction of the 90 days' time.
    const { code, out } = await bench(['--no-measure', '--pushes', '0', '--last-days', '20']);
    expect(code, out).toBe(0);
    expect(out).toContain('--no-measure: nothing measured');
    // The fixture's history has one line (every source failed): replayed as its own stream.
    expect(out).toMatch(/\| committed history \(1 lines\) \| previous/);
    expect(out).toMatch(/pushes that deploy: stated with --pushes/);
    const rows = sideBySide(out).filter((r) => !r[0]!.startsWith('committed history'));
    expect(rows.map((r) => `${r[0]} / ${r[1]!.split(' (')[0]}`)).toEqual([
      'quiet / previous',
      'quiet / run-time signals',
      '1 issue a day / previous',
      '1 issue a day / run-time signals',
      '3 issues a day / previous',
      '3 issues a day / run-time signals',
    ]);
    const deploys = (stream: string, design: string): number => number(rows.find((r) => r[0] === stream && r[1]!.startsWith(design))![2]!);
    // Run-time signals: the same deploys whatever the stream (facts and the horizon only), and never more than previous.
    const runTime = ['quiet', '1 issue a day', '3 issues a day'].map((s) => deploys(s, 'run-time'));
    expect(new Set(runTime).size).toBe(1);
    for (const s of ['quiet', '1 issue a day', '3 issues a day'])
      expect(deploys(s, 'previous')).toBeGreaterThanOrEqual(deploys(s, 'run-time'));
    // Previous: a stream with issues and incidents moves the figures, so it deploys more than the quiet one.
    expect(deploys('3 issues a day', 'previous')).toBeGreaterThan(deploys('quiet', 'previous'));
    // The full bill of the busiest stream, per design: deploys priced at 15 credits, and the total their sum.
    for (const heading of ['previous (stated), "3 issues a day"', 'run-time signals (projected), "3 issues a day"']) {
      const start = out.indexOf(`## ${heading}`);
      expect(start, heading).toBeGreaterThanOrEqual(0);
      const rest = out.slice(start + 3);
      const body = rest.slice(0, rest.includes('\n## ') ? rest.indexOf('\n## ') : undefined);
      const lines = body.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| meter'));
      const cells = new Map(
        lines.map((r) => r.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, '').trim())).map((c) => [c[0]!, c.slice(1)]),
      );
      const meters = [...cells.keys()].filter((k) => k !== '**total**');
      const sum = meters.map((k) => number(cells.get(k)![1]!)).reduce((a, b) => a + b, 0);
      expect(Math.abs(number(cells.get('**total**')![1]!) - sum), heading).toBeLessThan(1);
      const d = cells.get('production deploys')!;
      expect(number(d[1]!)).toBeCloseTo(number(d[0]!) * 15, -1);
      expect(meters).toContain('function compute: x-webhook CRC');
      expect(meters).toContain("web requests: the service's own");
    }
    // 100,000 pages, /mcp's 100,000, and of the other 900,000: the badge and forecast (80 %), and the 20 % spread
    // over 11 more payloads, 3 of them static files (timeline, corrections, event notes): 900,000 × 0.2 × 8/11.
    expect(out).toMatch(/\| \*\*traffic total\*\* \| 1,050,909 \| [\d,]+ \| [\d,]+ \|/);
    expect(out).toMatch(/^- Free: /m);
  });

  it('refuses --dist with --no-measure, and a bad --last-days, in one line, exit 1', async () => {
    const both = await bench(['--no-measure', '--dist', 'dist']);
    expect([both.code, both.out.trim()]).toEqual([1, 'bench:cost: --dist and --no-measure cannot go together: --dist is what is measured']);
    const bad = await bench(['--no-measure', '--last-days', '0']);
    expect([bad.code, bad.out.trim()]).toEqual([1, 'bench:cost: --last-days: "0" is not a whole number above 0']);
  });
});
