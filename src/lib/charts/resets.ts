/** The two charts of the timeline: recorded resets per month, and how long the gaps between them were. */
import { createBarChart, type Bar } from './bars.ts';
import { hoursBetween, parseTimestamp } from '../time.ts';

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
  [0, 1], [1, 2], [2, 4], [4, 7], [7, 14], [14, 30], [30, Infinity],
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

export function resetsPerMonthSvg(events: readonly Dated[]): string {
  const bars = resetsPerMonth(events);
  const busiest = bars.reduce<Bar | undefined>((best, b) => (best && best.value >= b.value ? best : b), undefined);
  return createBarChart(bars, {
    title: 'Recorded resets per month',
    description:
      `${events.length} resets from ${bars[0]?.label ?? '–'} to ${bars.at(-1)?.label ?? '–'}` +
      (busiest ? `; the busiest month was ${busiest.label} with ${busiest.value}.` : '.') +
      ' The table of events below lists each one.',
    labelEvery: Math.max(1, Math.ceil(bars.length / 8)),
    unit: ['reset', 'resets'],
  });
}

export function gapHistogramSvg(events: readonly Dated[]): string {
  const bars = gapHistogram(events);
  return createBarChart(bars, {
    title: 'Gaps between recorded resets',
    description: `How many days passed between consecutive resets: ${bars.map((b) => `${b.label}: ${b.value}`).join(', ')}.`,
    unit: ['gap', 'gaps'],
  });
}
