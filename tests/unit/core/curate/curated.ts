/**
 * A small hand-built curated record for the pure curation rules, with every value written out here so a
 * test's expected lines and records can be read off this file:
 * - R, a reset for all (an official X post) that fulfils promise P;
 * - B, a banked reset with its grant G (the grant keeps its own summary);
 * - T, a reset for Plus whose partial is unknown;
 * - V, a second reset inside P's window (a relink may move P to it);
 * - W, an observed page that is not a post;
 * - P, a promise fulfilled by R; Q, a promise still waiting (a reset between 2026-06-10 and 2026-06-13).
 * The clock is NOW, after all of them.
 */
import type { Announcement, BankedGrant, StoredEvent } from '../../../../src/core/schema/index.ts';
import type { Curated } from '../../../../src/core/curate/state.ts';

export const NOW = new Date('2026-07-01T12:00:00Z');
export const AT = '2026-07-01T12:00:00Z';

export const R: StoredEvent = {
  id: '2067399435009622521',
  date: '2026-06-18',
  ts: '2026-06-18T00:10:10Z',
  scope: 'all',
  kind: 'reset',
  source: 'thsottiaux',
  url: 'https://x.com/thsottiaux/status/2067399435009622521',
  summary: 'Limits reset.',
  partial: false,
  global: true,
  origin: 'official_post',
  certainty: 'high',
  uncertain_fields: [],
};

export const B: StoredEvent = {
  id: '2065225362544726371',
  date: '2026-06-12',
  ts: '2026-06-12T00:11:11Z',
  scope: 'plus+pro',
  kind: 'banked',
  source: 'OpenAI',
  url: 'https://x.com/OpenAI/status/2065225362544726371',
  summary: 'Banked resets launched.',
  partial: false,
  global: false,
  origin: 'official_post',
  certainty: 'high',
  uncertain_fields: ['global'],
};

export const G: BankedGrant = {
  id: '2026-06-12-2065225362544726371',
  granted_at: '2026-06-12T00:11:11Z',
  expires_at: '2026-07-12T00:11:11Z',
  scope: 'plus+pro',
  summary: 'Launch grant.',
  url: 'https://x.com/OpenAI/status/2065225362544726371',
  event_id: '2065225362544726371',
  certainty: 'high',
  uncertain_fields: [],
};

export const T: StoredEvent = {
  id: '2093014447833116908',
  date: '2026-06-28',
  ts: '2026-06-28T12:00:00Z',
  scope: 'plus',
  kind: 'reset',
  source: 'thsottiaux',
  url: 'https://x.com/thsottiaux/status/2093014447833116908',
  summary: 'Plus limits reset.',
  partial: false,
  global: false,
  origin: 'official_post',
  certainty: 'high',
  uncertain_fields: ['partial'],
};

export const V: StoredEvent = {
  ...R,
  id: '2067700000000000000',
  date: '2026-06-19',
  ts: '2026-06-19T06:00:00Z',
  url: 'https://x.com/thsottiaux/status/2067700000000000000',
  summary: 'Limits reset again.',
};

export const W: StoredEvent = {
  id: '2070000000000000000',
  date: '2026-06-25',
  ts: '2026-06-25T00:00:00Z',
  scope: 'pro',
  kind: 'other',
  source: 'a reader',
  url: 'https://example.com/report',
  summary: 'Pro limits looked higher.',
  partial: false,
  global: false,
  origin: 'observed',
  certainty: 'medium',
  uncertain_fields: [],
};

export const P: Announcement = {
  id: '2066956441173323943',
  ts: '2026-06-16T18:49:52Z',
  source: 'thsottiaux',
  url: 'https://x.com/thsottiaux/status/2066956441173323943',
  summary: 'A reset soon.',
  by: null,
  window_start: '2026-06-16T18:49:52Z',
  window_end: '2026-06-19T18:49:52Z',
  fulfilled_by: R.id,
};

export const Q: Announcement = {
  id: '2064000000000000000',
  ts: '2026-06-10T00:00:00Z',
  source: 'thsottiaux',
  url: 'https://x.com/thsottiaux/status/2064000000000000000',
  summary: 'Another reset soon.',
  by: null,
  window_start: '2026-06-10T00:00:00Z',
  window_end: '2026-06-13T00:00:00Z',
  fulfilled_by: null,
};

/** The record above, events in file order (ts, then id); `over` replaces whole files. */
export function curated(over: Partial<Curated> = {}): Curated {
  return {
    events: { checked_at: '2026-06-30T00:00:00Z', events: [B, R, V, W, T] },
    announcements: { announcements: [Q, P] },
    banked: { expiry_days: 30, grants: [G] },
    corrections: { corrections: [] },
    candidates: { candidates: [], rejected: [] },
    ...over,
  };
}

export const eventIn = (state: Curated, id: string): StoredEvent | undefined => state.events.events.find((e) => e.id === id);
