/** A plain SVG bar chart as a string, built at build time: no client script, scales with its container. */

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartOptions {
  /**
   * Prefix of the title and description ids; by default made from an English title (a page with two charts in another
   * script names them).
   */
  id?: string;
  title: string;
  /** Text alternative read by screen readers in place of the picture. */
  description: string;
  /** Label every nth bar on the x axis (dense charts would overlap otherwise). */
  labelEvery?: number;
  /** Unit of one bar, for each bar's tooltip: "3 resets". */
  unit: [singular: string, plural: string];
  /** Each bar's tooltip in another language: overrides `unit`. */
  tip?: (label: string, value: number) => string;
}

const WIDTH = 480;
const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 30, left: 30 };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** Whole-number y ticks from 0 in up to four equal steps, the last at or above the maximum (the axis holds the highest bar). */
export function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const step = Math.max(1, Math.ceil(max / 4));
  const top = step * Math.ceil(max / step);
  const out: number[] = [];
  for (let t = 0; t <= top; t += step) out.push(t);
  return out;
}

/** Font size of a tick label in the chart's user units (`.chart .tick` in global.css). */
export const TICK_FONT_PX = 13;
/**
 * Font size of a tick label in user units on a phone (`@media (max-width: 30rem)` in global.css): a chart
 * 480 units wide is drawn about 358 px wide on a 390 px screen, so 15.5 units are 11.5 px there, never
 * smaller than 11 px (tests/browser/readable.test.ts). Layout room is reserved for this, the larger size.
 */
export const PHONE_TICK_FONT_PX = 15.5;
/** Class of a label a phone leaves out (`.chart .tick.wide-only` in global.css): at its larger size, every other one would overlap. */
export const WIDE_ONLY = 'wide-only';
/**
 * Width of one label glyph, as a share of the font size: a safe upper bound for the digits, hyphens and
 * Latin letters of our labels in the system sans-serif fonts (digits are about 0.55 em).
 */
const GLYPH_EM = 0.62;
const labelHalfWidth = (label: string, fontPx: number): number => (label.length * GLYPH_EM * fontPx) / 2;

/**
 * Right padding that keeps the last bar's label inside the picture: a label is centred on its bar, so
 * with the last bar labelled its centre is `WIDTH − right − slot/2` with `slot = (WIDTH − left − right)/n`;
 * solved for `right` so that the centre plus half the label stays 1 unit inside the edge.
 */
function rightPadding(bars: readonly Bar[], every: number): number {
  const n = bars.length;
  const last = bars.at(-1);
  if (!last || (n - 1) % every !== 0) return PAD.right;
  // A label a phone shows too is sized for the phone's larger font.
  const fontPx = (n - 1) % (2 * every) === 0 ? PHONE_TICK_FONT_PX : TICK_FONT_PX;
  const needed = (labelHalfWidth(last.label, fontPx) + 1 - (WIDTH - PAD.left) / (2 * n)) / (1 - 1 / (2 * n));
  return Math.max(PAD.right, needed);
}

export function createBarChart(bars: readonly Bar[], opts: BarChartOptions): string {
  const id = opts.id ?? opts.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const yTicks = ticks(Math.max(1, ...bars.map((b) => b.value)));
  const top = yTicks.at(-1)!;
  const every = opts.labelEvery ?? 1;
  const right = rightPadding(bars, every);
  const plotW = WIDTH - PAD.left - right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = bars.length > 0 ? plotW / bars.length : plotW;
  const y = (v: number): number => PAD.top + plotH - (v / top) * plotH;
  const grid = yTicks
    .map(
      (t) =>
        `<line class="grid" x1="${PAD.left}" x2="${round(WIDTH - right)}" y1="${round(y(t))}" y2="${round(y(t))}"/>` +
        `<text class="tick" x="${PAD.left - 6}" y="${round(y(t) + 4)}" text-anchor="end">${t}</text>`,
    )
    .join('');
  const rects = bars
    .map((b, i) => {
      const x = PAD.left + i * slot + slot * 0.15;
      const h = (b.value / top) * plotH;
      const tip = opts.tip ? opts.tip(b.label, b.value) : `${b.label}: ${b.value} ${b.value === 1 ? opts.unit[0] : opts.unit[1]}`;
      // A phone shows every other label of those a wide screen shows (at its larger size they would touch).
      const cls = i % (2 * every) === 0 ? 'tick' : `tick ${WIDE_ONLY}`;
      const label =
        i % every === 0
          ? `<text class="${cls}" x="${round(x + slot * 0.35)}" y="${HEIGHT - PAD.bottom + 16}" text-anchor="middle">${escapeXml(b.label)}</text>`
          : '';
      return (
        `<rect class="bar" x="${round(x)}" y="${round(PAD.top + plotH - h)}" width="${round(slot * 0.7)}" height="${round(h)}">` +
        `<title>${escapeXml(tip)}</title></rect>${label}`
      );
    })
    .join('');
  return (
    `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${id}-t ${id}-d" xmlns="http://www.w3.org/2000/svg">` +
    `<title id="${id}-t">${escapeXml(opts.title)}</title><desc id="${id}-d">${escapeXml(opts.description)}</desc>` +
    `${grid}${rects}</svg>`
  );
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
