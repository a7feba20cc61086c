import { describe, expect, it } from 'vitest';
import { createBarChart, escapeXml, ticks } from '../../../src/site/charts/bars.ts';
import { gapHistogram, gapHistogramSvg, resetsPerMonth, resetsPerMonthSvg } from '../../../src/site/charts/resets.ts';

const at = (...ts: string[]): { ts: string }[] => ts.map((t) => ({ ts: t }));

describe('resetsPerMonth', () => {
  it.each([
    { name: 'no events', events: at(), expected: [] },
    {
      name: 'empty months between are kept, across a year end',
      events: at('2025-11-30T23:59:59Z', '2026-02-01T00:00:00Z', '2025-11-01T00:00:00Z'),
      expected: [
        { label: '2025-11', value: 2 },
        { label: '2025-12', value: 0 },
        { label: '2026-01', value: 0 },
        { label: '2026-02', value: 1 },
      ],
    },
    { name: 'one month', events: at('2026-03-05T10:00:00Z'), expected: [{ label: '2026-03', value: 1 }] },
  ])('$name', ({ events, expected }) => {
    expect(resetsPerMonth(events)).toEqual(expected);
  });
});

describe('gapHistogram (days between consecutive events, buckets [lo, hi))', () => {
  it('counts each gap once, in order of time even if the input is not', () => {
    // Gaps: 12 h (0–1), exactly 1 d (1–2), 3 d (2–4), 45 d (30+).
    const bars = gapHistogram(
      at('2026-01-05T12:00:00Z', '2026-01-01T00:00:00Z', '2026-01-01T12:00:00Z', '2026-01-02T12:00:00Z', '2026-02-19T12:00:00Z'),
    );
    expect(bars.map((b) => b.value)).toEqual([1, 1, 1, 0, 0, 0, 1]);
    expect(bars.map((b) => b.label)).toEqual(['0–1 d', '1–2 d', '2–4 d', '4–7 d', '7–14 d', '14–30 d', '30+ d']);
  });

  it.each([[at()], [at('2026-01-01T00:00:00Z')]])('no gaps from fewer than two events', (events) => {
    expect(gapHistogram(events).every((b) => b.value === 0)).toBe(true);
  });
});

describe('ticks', () => {
  it.each([
    [0, [0]],
    [1, [0, 1]],
    [4, [0, 1, 2, 3, 4]],
    // The last tick is at or above the maximum, so the axis holds the highest bar.
    [14, [0, 4, 8, 12, 16]],
    [21, [0, 6, 12, 18, 24]],
    [10, [0, 3, 6, 9, 12]],
    [12, [0, 3, 6, 9, 12]],
  ])('max %i → %j', (max, expected) => {
    expect(ticks(max)).toEqual(expected);
  });
});

describe('SVG output', () => {
  const events = at('2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z', '2026-03-01T00:00:00Z');

  it('is an accessible image: role="img" labelled by its title and description', () => {
    const svg = resetsPerMonthSvg(events);
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-labelledby="recorded-resets-per-month-t recorded-resets-per-month-d"/);
    expect(svg).toContain('<title id="recorded-resets-per-month-t">Recorded resets per month</title>');
    expect(svg).toContain('3 resets from 2026-01 to 2026-03; the busiest month was 2026-01 with 2.');
  });

  it('draws one bar per value, the tallest filling the plot height, with a tooltip per bar', () => {
    const svg = createBarChart(
      [
        { label: 'a', value: 2 },
        { label: 'b', value: 1 },
        { label: 'c', value: 0 },
      ],
      {
        title: 'T',
        description: 'D',
        unit: ['gap', 'gaps'],
      },
    );
    const heights = [...svg.matchAll(/<rect class="bar"[^>]* height="([\d.]+)"/g)].map((m) => Number(m[1]));
    // Plot height = 200 - 12 (top) - 30 (bottom) = 158.
    expect(heights).toEqual([158, 79, 0]);
    expect(svg).toContain('<title>a: 2 gaps</title>');
    expect(svg).toContain('<title>b: 1 gap</title>');
  });

  it('scales to the top tick, so the highest bar is under the axis top (max 10 → ticks 0, 3, 6, 9, 12)', () => {
    const svg = createBarChart(
      [
        { label: 'a', value: 10 },
        { label: 'b', value: 3 },
      ],
      { title: 'T', description: 'D', unit: ['r', 'rs'] },
    );
    const gridYs = [...svg.matchAll(/<line class="grid"[^>]* y1="([\d.]+)"/g)].map((m) => Number(m[1]));
    const tickTexts = [...svg.matchAll(/text-anchor="end">(\d+)</g)].map((m) => Number(m[1]));
    const bars = [...svg.matchAll(/<rect class="bar"[^>]* y="([\d.]+)"[^>]* height="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(tickTexts).toEqual([0, 3, 6, 9, 12]);
    // Plot 12..170 (height 158); tick t at 170 − t/12 × 158: 170, 130.5, 91, 51.5, 12.
    expect(gridYs).toEqual([170, 130.5, 91, 51.5, 12]);
    // Bar 10: height 10/12 × 158 = 131.67 → 131.7, top at 170 − 131.67 = 38.33 → 38.3, below the top grid line (12).
    expect(bars[0]).toEqual([38.3, 131.7]);
    expect(bars[1]).toEqual([130.5, 39.5]);
  });

  it('keeps the last month label inside the picture (15 months, every 2nd labelled: the last is labelled)', () => {
    const months = Array.from({ length: 15 }, (_, i) => ({
      label: `20${25 + Math.floor((i + 8) / 12)}-${String(((i + 8) % 12) + 1).padStart(2, '0')}`,
      value: 1,
    }));
    expect(months[0]!.label).toBe('2025-09');
    expect(months[14]!.label).toBe('2026-11');
    const svg = createBarChart(months, { title: 'T', description: 'D', unit: ['r', 'rs'], labelEvery: 2 });
    const labels = [...svg.matchAll(/<text class="tick(?: wide-only)?" x="([\d.]+)" y="186" text-anchor="middle">([^<]+)</g)].map((m) => [
      m[2],
      Number(m[1]),
    ]);
    expect(labels.map(([l]) => l)).toEqual(['2025-09', '2025-11', '2026-01', '2026-03', '2026-05', '2026-07', '2026-09', '2026-11']);
    // A phone shows every other one (every 4th month); the last, 2026-11, is left to wide screens, so its room is at 13 px.
    expect([...svg.matchAll(/<text class="tick" x="[\d.]+" y="186" text-anchor="middle">([^<]+)</g)].map((m) => m[1])).toEqual([
      '2025-09',
      '2026-01',
      '2026-05',
      '2026-09',
    ]);
    // Half a 7-glyph label at 13 px, 0.62 em a glyph: 28.21. Right padding (28.21 + 1 − 450/30) / (1 − 1/30) = 14.70,
    // slot (480 − 30 − 14.70) / 15 = 29.02, last centre 30 + 14.5 × 29.02 = 450.79: its right end 479.0 ≤ 480.
    // (With the old fixed padding of 8 the centre was 30 + 14.5 × 29.47 = 457.3 and the label ran to 485.5: "2026-1".)
    expect(labels.at(-1)).toEqual(['2026-11', 450.8]);
    expect(svg).toContain('x2="465.3"'); // the grid ends at 480 − 14.70
  });

  it('escapes text so data cannot break the markup', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(createBarChart([{ label: '<b>', value: 1 }], { title: 'x', description: 'a & b', unit: ['r', 'rs'] })).toContain(
      '<desc id="x-d">a &amp; b</desc>',
    );
  });

  it('describes the gap histogram in words', () => {
    expect(gapHistogramSvg(events)).toContain('0–1 d: 0, 1–2 d: 0, 2–4 d: 1, 4–7 d: 0, 7–14 d: 0, 14–30 d: 0, 30+ d: 1.');
  });
});
