/** Small hand-made datasets for the forecast tests. */
import { readFileSync } from 'node:fs';
import { parseDataset, type Dataset } from '../../../src/lib/dataset.ts';
import type { Announcement, SignalsFile, StoredEvent } from '../../../src/lib/schema.ts';

let seq = 1000;
export function event(ts: string, kind: StoredEvent['kind'] = 'reset'): StoredEvent {
  seq += 1;
  return {
    id: String(seq), date: ts.slice(0, 10), ts, scope: 'all', kind, source: 'test', url: `https://example.org/${seq}`,
    summary: 'test event', partial: false, global: false, origin: 'official_post', certainty: 'high', uncertain_fields: [],
  };
}

export function promise(ts: string, fulfilledBy: string | null): Announcement {
  return { id: null, ts, source: 'test', url: 'https://example.org/promise', summary: 'a reset is coming', fulfilled_by: fulfilledBy };
}

export const UNKNOWN_SIGNALS: SignalsFile = {
  fetched_at: '2026-01-01T00:00:00Z',
  status: { indicator: 'unknown', components: [], incidents: [], checked_at: null },
  issues: { recent_count: null, baseline_per_day: null, baseline_days: 14, checked_at: null },
  sources: [],
};

export function dataset(events: StoredEvent[], opts: { checkedAt?: string; announcements?: Announcement[]; signals?: SignalsFile } = {}): Dataset {
  return {
    events,
    eventsCheckedAt: opts.checkedAt ?? events.at(-1)?.ts ?? '2026-01-01T00:00:00Z',
    announcements: opts.announcements ?? [],
    banked: { expiry_days: 30, grants: [] },
    signals: opts.signals ?? UNKNOWN_SIGNALS,
  };
}

/** The shipped data/, validated against the brief's build day. */
export const SHIPPED_NOW = new Date('2026-11-22T12:00:00Z');
export function shipped(): Dataset {
  const read = (f: string): string => readFileSync(new URL(`../../../data/${f}`, import.meta.url), 'utf8');
  return parseDataset(
    { events: read('events.json'), announcements: read('announcements.json'), banked: read('banked.json'), signals: read('signals.json') },
    SHIPPED_NOW,
  );
}
