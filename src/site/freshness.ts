/**
 * The one staleness rule every human page follows: the record is vouched for exactly when the published
 * forecast is `available` (src/core/forecast/confidence.ts decides it). When it is not, each page that
 * lists facts says so the same way (src/components/Unvouched.astro), and the status line prints the
 * figure marked "not vouched for" (docs/statusline.md). Pure: the pages render what this returns.
 */
import type { ConfidenceReason } from '../core/forecast/reasons.ts';
import { MIN_EVENTS } from '../core/forecast/live.ts';

export type Unvouched =
  /** The event record was last checked at `checkedAt`, longer ago than the limit: recent resets may be missing. */
  | { kind: 'stale'; checkedAt: string }
  /** The event record has no usable last check time. */
  | { kind: 'staleUnknown' }
  /** Too few resets are recorded to average a gap. */
  | { kind: 'tooFew'; min: number };

/** Why the record is not vouched for, or null when the forecast is available. */
export function unvouched(
  forecast: { available: boolean; freshness: { events_checked_at: string } },
  reasons: readonly ConfidenceReason[],
): Unvouched | null {
  if (forecast.available) return null;
  for (const r of reasons) {
    if (r.kind === 'stale') return { kind: 'stale', checkedAt: forecast.freshness.events_checked_at };
    if (r.kind === 'stale-unknown') return { kind: 'staleUnknown' };
  }
  const few = reasons.find((r) => r.kind === 'too-few');
  return { kind: 'tooFew', min: few?.kind === 'too-few' ? few.min : MIN_EVENTS };
}
