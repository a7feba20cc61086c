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
 * The baseline of a marked point's label: just below the point, or just above it when below would put the
 * text on a grid line or the x axis (a low chance sits near the axis), at the largest size a label takes
 * (a phone's); below again, further down, if neither fits. Pure geometry, so a test can check it.
 */
export function markLabelBaseline(pointY: number, gridYs: readonly number[], fontPx = PHONE_TICK_FONT_PX): number {
  const clear = (baseline: number): boolean => {
    const top = baseline - ASCENT_EM * fontPx - CLEARANCE;
    const bottom = baseline + DESCENT_EM * fontPx + CLEARANCE;
    return gridYs.every((g) => g < top || g > bottom);
  };
  const below = round(pointY + 4 + CLEARANCE + ASCENT_EM * fontPx);
  const above = round(pointY - 4 - CLEARANCE - DESCENT_EM * fontPx);
  if (clear(below)) return below;
  if (clear(above)) return above;
  // Between two close lines: past the nearer one below the point.
  const next = Math.min(...gridYs.filter((g) => g > pointY));
  return round(next + CLEARANCE + ASCENT_EM * fontPx);
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
        `<text class="tick" x="${x(p.hours) + 6}" y="${markLabelBaseline(y(p.percent), gridYs)}">${escapeXml(pct(p.percent))}</text>`,
    )
    .join('');
  return (
    `<svg class="chart outlook" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-t">${escapeXml(opts.title)}</title><desc id="${id}-d">${escapeXml(opts.description)}</desc>` +
    `${grid}${days}<polyline class="curve" points="${line}"/>${marks}</svg>`
  );
}
