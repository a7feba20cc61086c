/** Small hand-made datasets for the forecast tests. */
import type { Dataset } from '../../../../src/core/dataset/index.ts';
import { defaultWindow } from '../../../../src/core/promises/window.ts';
import type { Announcement, SignalsFile, StoredEvent } from '../../../../src/core/schema/index.ts';

let seq = 1000;
export function event(ts: string, kind: StoredEvent['kind'] = 'reset'): StoredEvent {
  seq += 1;
  return {
    id: String(seq),
    date: ts.slice(0, 10),
    ts,
    scope: 'all',
    kind,
    source: 'test',
    url: `https://example.org/${seq}`,
    summary: 'test event',
    partial: false,
    global: false,
    origin: 'official_post',
    certainty: 'high',
    uncertain_fields: [],
  };
}

export function promise(ts: string, fulfilledBy: string | null): Announcement {
  const w = defaultWindow(new Date(ts));
  return {
    id: null,
    ts,
    source: 'test',
    url: `https://example.org/promise/${ts}`,
    summary: 'a reset is coming',
    by: w.by,
    window_start: w.start,
    window_end: w.end,
    fulfilled_by: fulfilledBy,
  };
}

export const UNKNOWN_SIGNALS: SignalsFile = {
  fetched_at: '2026-01-01T00:00:00Z',
  status: { indicator: 'unknown', components: [], incidents: [], checked_at: null },
  issues: { recent_count: null, baseline_per_day: null, baseline_days: 14, checked_at: null },
  sources: [],
};

export function dataset(
  events: StoredEvent[],
  opts: { checkedAt?: string; announcements?: Announcement[]; signals?: SignalsFile } = {},
): Dataset {
  return {
    events,
    eventsCheckedAt: opts.checkedAt ?? events.at(-1)?.ts ?? '2026-01-01T00:00:00Z',
    announcements: opts.announcements ?? [],
    banked: { expiry_days: 30, grants: [] },
    signals: opts.signals ?? UNKNOWN_SIGNALS,
    corrections: [],
    forecastLog: { lines: [], warnings: [], skipped: [] },
  };
}

/** The frozen history (tests/fixtures/history/) and its clock: a real-sized record that never moves. */
export { history as shipped, HISTORY_NOW as SHIPPED_NOW } from '../../../support/history.ts';
