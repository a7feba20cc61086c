/**
 * The small rules that keep figures readable: intervals only where they say something, one precision per column, chart
 * labels off the lines.
 */
import { describe, expect, it } from 'vitest';
import { meaningfulInterval } from '../../../src/site/interval.ts';
import { formatter } from '../../../src/site/i18n/format.ts';
import { markLabelBaseline } from '../../../src/site/charts/outlook.ts';

describe('meaningfulInterval', () => {
  it.each([
    ['both ends equal the estimate as shown', 0.051, { lower: 0.051, upper: 0.051 }, null],
    ['ends within rounding of the estimate', 0.051, { lower: 0.05104, upper: 0.05096 }, null],
    ['one end differs', 0.051, { lower: 0.051, upper: 0.06 }, { lower: 0.051, upper: 0.06 }],
    ['a real interval', 0.145, { lower: 0.096, upper: 0.185 }, { lower: 0.096, upper: 0.185 }],
    ['no interval', 0.1, null, null],
  ])('%s', (_, value, interval, want) => expect(meaningfulInterval(value, interval)).toEqual(want));
});

describe('fixed: one precision for a whole column', () => {
  it.each([
    ['en', 0.2, 3, '0.200'],
    ['en', 0.1544, 3, '0.154'],
    ['es', 0.2, 3, '0,200'],
    ['zh', 1.25, 2, '1.25'],
    ['en', 20.3, 1, '20.3'],
    ['en', 20, 1, '20.0'],
  ] as const)('%s %d to %d decimals → %s', (locale, x, digits, want) => expect(formatter(locale).fixed(x, digits)).toBe(want));
});

describe('markLabelBaseline: a marked point’s label is kept off the grid lines and above the x axis', () => {
  // The outlook chart's grid: 0 % (the x axis) at 184, then 25 % steps up to 14.
  const GRID = [184, 141.5, 99, 56.5, 14];
  const AXIS = 184;
  const FONT = 15.5;
  const box = (baseline: number): [number, number] => [baseline - 0.8 * FONT, baseline + 0.25 * FONT];
  const meets = (baseline: number): number[] => GRID.filter((g) => g >= box(baseline)[0] && g <= box(baseline)[1]);

  it('puts the label just above the point when that is clear of every line (the rising curve is never there)', () => {
    const b = markLabelBaseline(90, GRID, FONT);
    expect(b).toBeLessThan(90);
    expect(box(b)[1]).toBeGreaterThan(80);
    expect(meets(b)).toEqual([]);
  });

  it.each([184, 182, 178, 174, 170, 160, 150, 137, 95, 60, 20, 14])(
    'a point at y %d: the label is off every line and wholly above the x axis (the day ticks are below it)',
    (y) => {
      const b = markLabelBaseline(y, GRID, FONT);
      expect(meets(b)).toEqual([]);
      expect(box(b)[1]).toBeLessThan(AXIS);
      expect(box(b)[0]).toBeGreaterThanOrEqual(0);
    },
  );
});
