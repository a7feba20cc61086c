/**
 * Whether an interval says anything beside its estimate. A bootstrap interval whose ends both round to the
 * shown estimate (every resample gave the same figure, as on a short record) would print as
 * "+5.1% (+5.1% to +5.1%)": it is left out, and the page shows the estimate alone. Pure.
 */
export interface Interval {
  lower: number;
  upper: number;
}

/**
 * The interval when it differs from `value` at the shown precision (`digits` decimals of the figure as
 * printed; a share printed as a percent with one decimal compares at `scale` 100, `digits` 1), else null.
 */
export function meaningfulInterval(value: number, interval: Interval | null | undefined, scale = 100, digits = 1): Interval | null {
  if (!interval) return null;
  const shown = (x: number): number => Math.round(x * scale * 10 ** digits);
  return shown(interval.lower) === shown(value) && shown(interval.upper) === shown(value) ? null : interval;
}
