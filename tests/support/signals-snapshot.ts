/**
 * A signals snapshot (data/signals.json) unlike the frozen history's, which has never read a signal: the
 * status page checked an hour before the history's clock with a major incident open on Codex (it moves p24),
 * the issue tracker checked seven hours before (a stale check: the issues signal says nothing), X skipped
 * for want of a token, and a source name and adapter that need escaping. What the page slots and the
 * proof's snapshot build (tests/build/timetable.test.ts) render from.
 */
import type { SignalsFile } from '../../src/core/schema/index.ts';

export const SNAPSHOT_SIGNALS: SignalsFile = {
  fetched_at: '2026-11-22T23:00:00Z',
  status: {
    indicator: 'major',
    components: [{ name: 'Codex', status: 'partial_outage' }],
    incidents: [
      {
        id: 'inc-1',
        name: 'Elevated errors on Codex',
        status: 'investigating',
        impact: 'major',
        started_at: '2026-11-22T21:40:00Z',
        resolved_at: null,
        url: 'https://status.openai.com/incidents/inc-1',
      },
    ],
    checked_at: '2026-11-22T23:00:00Z',
  },
  issues: { recent_count: 30, baseline_per_day: 6, baseline_days: 14, checked_at: '2026-11-22T17:00:00Z' },
  sources: [
    {
      name: 'status',
      ok: true,
      error: null,
      checked_at: '2026-11-22T23:00:00Z',
      outcome: 'ok',
      last_ok_at: '2026-11-22T23:00:00Z',
      via: 'summary<&>"json"',
    },
    {
      name: 'issues',
      ok: false,
      error: 'fetch failed',
      checked_at: '2026-11-22T23:00:00Z',
      outcome: 'failed',
      last_ok_at: '2026-11-22T17:00:00Z',
    },
    {
      name: 'x',
      ok: false,
      error: 'X_BEARER_TOKEN not set',
      checked_at: '2026-11-22T23:00:00Z',
      outcome: 'skipped',
      skip_reason: 'no_token',
      last_ok_at: null,
    },
    {
      name: 'a <new> source',
      ok: true,
      error: null,
      checked_at: '2026-11-22T22:10:00Z',
      outcome: 'ok',
      last_ok_at: '2026-11-22T22:10:00Z',
    },
  ],
};

/** The snapshot as the file data/signals.json holds it. */
export const snapshotText = (): string => `${JSON.stringify(SNAPSHOT_SIGNALS, null, 2)}\n`;
