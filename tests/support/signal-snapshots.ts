/**
 * Signals snapshots as the pull stores them (the shape of data/signals.json), made from a few facts: when
 * they were checked, whether a Codex incident is open, how many usage-limit issues against the baseline, and
 * whether a source failed. For the proofs that a newer snapshot is answered at run time as a build with it
 * would publish it (tests/unit/site/live/signal-states.test.ts).
 */
import type { SignalsFile } from '../../src/core/schema/index.ts';
import { toTimestamp } from '../../src/core/time.ts';

export interface SnapshotFacts {
  /** When both sources were checked (the snapshot's `fetched_at`). */
  checkedAt: Date;
  /** A Codex incident: none, open, or resolved an hour after it opened. */
  incident?: 'open' | 'resolved' | null;
  /** New usage-limit issues in the last 24 h, and the baseline per day. */
  recent?: number;
  baseline?: number;
  /** The issues source failed: its signal is unknown (the status one stands). */
  issuesFailed?: boolean;
}

export function snapshot(f: SnapshotFacts): SignalsFile {
  const at = toTimestamp(f.checkedAt);
  const opened = toTimestamp(new Date(f.checkedAt.getTime() - 2 * 3_600_000));
  const incidents =
    f.incident === 'open' || f.incident === 'resolved'
      ? [
          {
            id: 'inc-1',
            name: 'Elevated errors in Codex',
            status: f.incident === 'open' ? 'investigating' : 'resolved',
            impact: 'major',
            started_at: opened,
            resolved_at: f.incident === 'open' ? null : toTimestamp(new Date(f.checkedAt.getTime() - 3_600_000)),
            url: 'https://status.openai.com/incidents/inc-1',
          },
        ]
      : [];
  return {
    fetched_at: at,
    status: {
      indicator: f.incident === 'open' ? 'major' : 'none',
      components: [{ name: 'Codex', status: f.incident === 'open' ? 'partial_outage' : 'operational' }],
      incidents,
      checked_at: at,
    },
    issues: f.issuesFailed
      ? { recent_count: null, baseline_per_day: null, baseline_days: 14, checked_at: null }
      : { recent_count: f.recent ?? 4, baseline_per_day: f.baseline ?? 4, baseline_days: 14, checked_at: at },
    sources: [
      { name: 'status', ok: true, error: null, checked_at: at, outcome: 'ok', last_ok_at: at },
      f.issuesFailed
        ? { name: 'issues', ok: false, error: 'HTTP 503', checked_at: at, outcome: 'failed', last_ok_at: null }
        : { name: 'issues', ok: true, error: null, checked_at: at, outcome: 'ok', last_ok_at: at },
    ],
  };
}
