/** A plain SVG bar chart as a string, built at build time: no client script, scales with its container. */

export interface Bar {
  label: string;
  value: number;
}

export interface BarChartOptions {
  /** Prefix of the title and description ids; by default made from an English title (a page with two charts in another script names them). */
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

/** Up to four whole-number ticks from 0 to the maximum. */
export function ticks(max: number): number[] {
  if (max <= 0) return [0];
  const step = Math.max(1, Math.ceil(max / 4));
  const out: number[] = [];
  for (let t = 0; t <= max; t += step) out.push(t);
  return out;
}

export function createBarChart(bars: readonly Bar[], opts: BarChartOptions): string {
  const id = opts.id ?? opts.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const max = Math.max(1, ...bars.map((b) => b.value));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = bars.length > 0 ? plotW / bars.length : plotW;
  const y = (v: number): number => PAD.top + plotH - (v / max) * plotH;
  const every = opts.labelEvery ?? 1;
  const grid = ticks(max)
    .map((t) => `<line class="grid" x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(t)}" y2="${y(t)}"/>` +
      `<text class="tick" x="${PAD.left - 6}" y="${y(t) + 4}" text-anchor="end">${t}</text>`)
    .join('');
  const rects = bars
    .map((b, i) => {
      const x = PAD.left + i * slot + slot * 0.15;
      const h = (b.value / max) * plotH;
      const tip = opts.tip ? opts.tip(b.label, b.value) : `${b.label}: ${b.value} ${b.value === 1 ? opts.unit[0] : opts.unit[1]}`;
      const label = i % every === 0
        ? `<text class="tick" x="${x + slot * 0.35}" y="${HEIGHT - PAD.bottom + 16}" text-anchor="middle">${escapeXml(b.label)}</text>`
        : '';
      return `<rect class="bar" x="${round(x)}" y="${round(PAD.top + plotH - h)}" width="${round(slot * 0.7)}" height="${round(h)}"><title>${escapeXml(tip)}</title></rect>${label}`;
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
