/** The 7-day outlook as a plain SVG line chart, built at build time: no client script, scales with its container. */
import { escapeXml, PHONE_TICK_FONT_PX } from './bars.ts';

export interface OutlookPoint {
  hours: number;
  percent: number;
}

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { top: 14, right: 14, bottom: 36, left: 52 };
const round = (n: number): number => Math.round(n * 10) / 10;

export interface OutlookChartOptions {
  /** Prefix of the title and description ids; by default made from an English title. */
  id?: string;
  title: string;
  description: string;
  /** Axis and mark words in the page's language; English by default ("2 d", "25%", "24 h: 6%"). */
  dayTick?: (days: number) => string;
  percentTick?: (percent: number) => string;
  markTitle?: (hours: number, percent: number) => string;
}

/** The percents with a grid line (0 is the x axis). */
const GRID_PERCENTS = [0, 25, 50, 75, 100] as const;

/**
 * The vertical extent of a label's glyphs around its baseline, in em (ascent above, descent below): a
 * generous bound for digits and the percent sign in the system sans-serif fonts.
 */
const ASCENT_EM = 0.8;
const DESCENT_EM = 0.25;
/** Space kept between a mark label's glyphs and its point or a grid line, in user units. */
const CLEARANCE = 3;

/**
 * The baseline of a marked point's label, drawn to the left of the point (text-anchor end): just above it,
 * where the rising curve never is (every point to its left is lower); else just below it; else just above
 * the nearest grid line it would meet. Whatever it picks keeps the label's glyphs, at the largest size a
 * label takes (a phone's), off every grid line and above the x axis, so never on the day ticks below the
 * axis (a low chance sits near the axis: the 48 h "12%" once landed on "2 d"). Pure geometry, so a test
 * can check it; tests/browser/readable.test.ts measures the drawn boxes.
 */
export function markLabelBaseline(pointY: number, gridYs: readonly number[], fontPx = PHONE_TICK_FONT_PX): number {
  const axis = Math.max(...gridYs);
  const fits = (baseline: number): boolean => {
    const top = baseline - ASCENT_EM * fontPx - CLEARANCE;
    const bottom = baseline + DESCENT_EM * fontPx + CLEARANCE;
    return top >= 0 && bottom <= axis && gridYs.every((g) => g < top || g > bottom);
  };
  const above = round(pointY - 4 - CLEARANCE - DESCENT_EM * fontPx);
  const below = round(pointY + 4 + CLEARANCE + ASCENT_EM * fontPx);
  const overLines = gridYs
    .filter((g) => g < pointY)
    .sort((a, b) => b - a)
    .map((g) => round(g - CLEARANCE - DESCENT_EM * fontPx));
  return [above, below, ...overLines].find(fits) ?? above;
}

/** Cumulative chance (percent) against hours ahead, from (0, 0); the 24 h and 48 h points are marked. */
export function createOutlookChart(points: readonly OutlookPoint[], opts: OutlookChartOptions): string {
  const id = opts.id ?? opts.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const dayTick = opts.dayTick ?? ((d: number): string => `${d} d`);
  const pct = opts.percentTick ?? ((p: number): string => `${p}%`);
  const markTitle = opts.markTitle ?? ((h: number, p: number): string => `${h} h: ${p}%`);
  const maxHours = Math.max(24, ...points.map((p) => p.hours));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (h: number): number => round(PAD.left + (h / maxHours) * plotW);
  const y = (pct: number): number => round(PAD.top + plotH - (pct / 100) * plotH);
  const grid = GRID_PERCENTS.map(
    (t) =>
      `<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(t)}" y2="${y(t)}"/>` +
      `<text class="tick" x="${PAD.left - 6}" y="${y(t) + 4}" text-anchor="end">${escapeXml(pct(t))}</text>`,
  ).join('');
  const days = Array.from({ length: Math.floor(maxHours / 24) }, (_, i) => (i + 1) * 24)
    .map((h) => `<text class="tick" x="${x(h)}" y="${HEIGHT - PAD.bottom + 20}" text-anchor="middle">${escapeXml(dayTick(h / 24))}</text>`)
    .join('');
  const line = [{ hours: 0, percent: 0 }, ...points].map((p) => `${x(p.hours)},${y(p.percent)}`).join(' ');
  const gridYs = GRID_PERCENTS.map(y);
  const marks = points
    .filter((p) => p.hours === 24 || p.hours === 48)
    .map(
      (p) =>
        `<circle class="mark" cx="${x(p.hours)}" cy="${y(p.percent)}" r="4"><title>${escapeXml(markTitle(p.hours, p.percent))}</title></circle>` +
        `<text class="tick mark-label" x="${x(p.hours) - 6}" y="${markLabelBaseline(y(p.percent), gridYs)}" text-anchor="end">` +
        `${escapeXml(pct(p.percent))}</text>`,
    )
    .join('');
  return (
    `<svg class="chart outlook" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-t">${escapeXml(opts.title)}</title><desc id="${id}-d">${escapeXml(opts.description)}</desc>` +
    `${grid}${days}<polyline class="curve" points="${line}"/>${marks}</svg>`
  );
}
