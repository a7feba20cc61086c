/**
 * Frozen signal snapshots for the tests of the snapshot's boundary, store and way in
 * (src/core/signals/snapshot.ts, src/db/signal-snapshot-store.ts, src/db/signals-door.ts), with their own
 * clock: never the live data/ nor the wall clock.
 */
import type { SignalsFile } from '../../src/core/schema/storage.ts';

/** The clock the snapshots are judged at. */
export const SNAPSHOT_NOW = new Date('2026-06-01T12:00:00Z');
/** A secret piece no snapshot may hold. */
export const SNAPSHOT_SECRET = 'sigTok3n-abcdefghijklmnopqrstu';

/** A snapshot as the pull writes it: checked at `at`, both signals stamped with the attempt. */
export function snapshot(at = '2026-06-01T11:37:00Z', changes: (s: SignalsFile) => void = () => {}): SignalsFile {
  const s: SignalsFile = {
    fetched_at: at,
    status: {
      indicator: 'minor',
      components: [{ name: 'Codex', status: 'degraded_performance' }],
      incidents: [
        {
          id: 'inc1',
          name: 'Elevated errors on Codex',
          status: 'investigating',
          impact: 'minor',
          started_at: '2026-06-01T10:00:00Z',
          resolved_at: null,
          url: 'https://status.openai.com/incidents/inc1',
        },
      ],
      checked_at: at,
    },
    issues: { recent_count: 4, baseline_per_day: 1.5, baseline_days: 14, checked_at: at },
    sources: [
      { name: 'status', ok: true, error: null, checked_at: at, last_ok_at: at },
      { name: 'issues', ok: true, error: null, checked_at: at, last_ok_at: at },
    ],
  };
  changes(s);
  return s;
}
