/** The two charts of the timeline: recorded resets per month, and how long the gaps between them were. */
import { createBarChart, type Bar } from './bars.ts';
import { hoursBetween, parseTimestamp } from '../../core/time.ts';

interface Dated {
  ts: string;
}

/** One bar per calendar month (UTC) from the first event's month to the last's, empty months included. */
export function resetsPerMonth(events: readonly Dated[]): Bar[] {
  const months = events.map((e) => e.ts.slice(0, 7)).sort();
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) return [];
  const counts = new Map<string, number>();
  for (const m of months) counts.set(m, (counts.get(m) ?? 0) + 1);
  const bars: Bar[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let key = first; key <= last; ) {
    bars.push({ label: key, value: counts.get(key) ?? 0 });
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${String(month).padStart(2, '0')}`;
  }
  return bars;
}

/** Gap buckets in days: [lower, upper) — the last one is open-ended. */
export const GAP_BUCKETS: readonly [number, number][] = [
  [0, 1],
  [1, 2],
  [2, 4],
  [4, 7],
  [7, 14],
  [14, 30],
  [30, Infinity],
];

export function bucketLabel([lo, hi]: [number, number]): string {
  return hi === Infinity ? `${lo}+ d` : `${lo}–${hi} d`;
}

/** Histogram of the gaps between consecutive events (sorted by time), in days. */
export function gapHistogram(events: readonly Dated[]): Bar[] {
  const times = events.map((e) => parseTimestamp(e.ts)).sort((a, b) => a.getTime() - b.getTime());
  const counts: number[] = GAP_BUCKETS.map(() => 0);
  for (let i = 1; i < times.length; i++) {
    const days = hoursBetween(times[i - 1]!, times[i]!) / 24;
    const at = GAP_BUCKETS.findIndex(([lo, hi]) => days >= lo && days < hi);
    counts[at] = (counts[at] ?? 0) + 1;
  }
  return GAP_BUCKETS.map((b, i) => ({ label: bucketLabel(b), value: counts[i] ?? 0 }));
}

/** The words of the per-month chart; English unless a page passes its locale's. */
export interface PerMonthText {
  id?: string;
  title: string;
  describe: (info: { count: number; first: string; last: string; busiest: Bar | undefined }) => string;
  tip?: (label: string, value: number) => string;
}

const PER_MONTH_EN: PerMonthText = {
  title: 'Recorded resets per month',
  describe: ({ count, first, last, busiest }) =>
    `${count} resets from ${first} to ${last}` +
    (busiest ? `; the busiest month was ${busiest.label} with ${busiest.value}.` : '.') +
    ' The table of events below lists each one.',
};

export function resetsPerMonthSvg(events: readonly Dated[], text: PerMonthText = PER_MONTH_EN): string {
  const bars = resetsPerMonth(events);
  const busiest = bars.reduce<Bar | undefined>((best, b) => (best && best.value >= b.value ? best : b), undefined);
  return createBarChart(bars, {
    ...(text.id ? { id: text.id } : {}),
    ...(text.tip ? { tip: text.tip } : {}),
    title: text.title,
    description: text.describe({ count: events.length, first: bars[0]?.label ?? '–', last: bars.at(-1)?.label ?? '–', busiest }),
    labelEvery: Math.max(1, Math.ceil(bars.length / 8)),
    unit: ['reset', 'resets'],
  });
}

/** The words of the gap histogram; English unless a page passes its locale's. */
export interface GapsText {
  id?: string;
  title: string;
  /** A bucket's label from its bounds in days (`hi` is Infinity for the open one). */
  bucket: (lo: number, hi: number) => string;
  describe: (bars: readonly Bar[]) => string;
  tip?: (label: string, value: number) => string;
}

const GAPS_EN: GapsText = {
  title: 'Gaps between recorded resets',
  bucket: (lo, hi) => bucketLabel([lo, hi]),
  describe: (bars) => `How many days passed between consecutive resets: ${bars.map((b) => `${b.label}: ${b.value}`).join(', ')}.`,
};

export function gapHistogramSvg(events: readonly Dated[], text: GapsText = GAPS_EN): string {
  const bars = gapHistogram(events).map((b, i) => ({ ...b, label: text.bucket(...GAP_BUCKETS[i]!) }));
  return createBarChart(bars, {
    ...(text.id ? { id: text.id } : {}),
    ...(text.tip ? { tip: text.tip } : {}),
    title: text.title,
    description: text.describe(bars),
    unit: ['gap', 'gaps'],
  });
}
