/**
 * The confidence verdict's reasons as data, and the one English wording forecast.json publishes for
 * them. The expected sentences are written out as the site has published them (forecast.json on the
 * shipped data, docs/api.md's "one English sentence each"), so a change of wording fails here.
 */
import { describe, expect, it } from 'vitest';
import { confidence, type ConfidenceInput } from '../../../../src/core/forecast/confidence.ts';
import { REASON_KINDS, reasonSentence, type ConfidenceReason } from '../../../../src/core/forecast/reasons.ts';

describe('reasonSentence: the English of forecast.json', () => {
  it.each<[ConfidenceReason, string]>([
    [
      { kind: 'record', resets: 66, since: '2025-09-17', model: 'recency-mix' },
      '66 recorded resets since 2025-09-17; rhythm model: recency-mix',
    ],
    [
      { kind: 'record', resets: 1, since: '2026-03-01', model: 'recency-mix' },
      '1 recorded reset since 2026-03-01; rhythm model: recency-mix',
    ],
    [{ kind: 'record', resets: 0, since: null, model: 'recency-mix' }, '0 recorded resets; rhythm model: recency-mix'],
    [{ kind: 'too-few', min: 3 }, 'fewer than 3 resets recorded: no gap to average, so no forecast'],
    [{ kind: 'no-rhythm', model: 'recency-mix', min: 6 }, 'the recency-mix model needs 6 resets; the memoryless rate is used instead'],
    [
      { kind: 'stale', days: 45, limitDays: 7 },
      'the event record was last checked 45 days ago (limit 7 days): resets since then may be missing, so the numbers are shown but not vouched for',
    ],
    [
      { kind: 'stale', days: 1, limitDays: 1 },
      'the event record was last checked 1 day ago (limit 1 day): resets since then may be missing, so the numbers are shown but not vouched for',
    ],
    [
      { kind: 'stale-unknown' },
      'the event record has no usable last check time (none, or one in the future): resets may be missing, so the numbers are shown but not vouched for',
    ],
    [{ kind: 'signal-missing', signal: 'status' }, 'status signal unavailable (no recent successful check): it contributes nothing'],
    [{ kind: 'signal-missing', signal: 'issues' }, 'issues signal unavailable (no recent successful check): it contributes nothing'],
    [{ kind: 'small-sample', min: 30 }, 'fewer than 30 resets: a small sample'],
  ])('%o', (reason, sentence) => {
    expect(reasonSentence(reason)).toBe(sentence);
  });

  it('REASON_KINDS names each kind once', () => {
    expect(new Set(REASON_KINDS).size).toBe(REASON_KINDS.length);
  });
});

describe('confidence: the reasons as data', () => {
  /** 40 resets since 2025-09-17, checked 2 hours ago, both signals fresh, the rhythm fitted: high, one reason. */
  const fresh: ConfidenceInput = {
    events: 40,
    firstTs: '2025-09-17T08:00:00Z',
    eventsAgeHours: 2,
    minEvents: 3,
    staleHours: 168,
    status: 0.1,
    issues: 0,
    rhythmFitted: true,
    minRhythmEvents: 6,
    model: 'recency-mix',
  };

  it('a fresh record with both signals: high, and only the record is named', () => {
    expect(confidence(fresh)).toEqual({
      available: true,
      confidence: 'high',
      reasons: [{ kind: 'record', resets: 40, since: '2025-09-17', model: 'recency-mix' }],
    });
  });

  it('checked 1 079.9 hours ago: stale by 44 whole days (rounded down) against a 7-day limit; unavailable, low', () => {
    // 1079.9 h / 24 = 44.995… days → 44; 168 h / 24 = 7.
    const v = confidence({ ...fresh, eventsAgeHours: 1079.9 });
    expect([v.available, v.confidence]).toEqual([false, 'low']);
    expect(v.reasons).toContainEqual({ kind: 'stale', days: 44, limitDays: 7 });
  });

  it('no usable check time (Infinity) is its own kind, not a number of days', () => {
    const v = confidence({ ...fresh, eventsAgeHours: Infinity });
    expect(v.available).toBe(false);
    expect(v.reasons).toContainEqual({ kind: 'stale-unknown' });
    expect(v.reasons.some((r) => r.kind === 'stale')).toBe(false);
  });

  it('two resets, no signals, no rhythm, no first date: every reason in the published order', () => {
    const v = confidence({ ...fresh, events: 2, firstTs: null, status: null, issues: null, rhythmFitted: false });
    expect(v).toEqual({
      available: false,
      confidence: 'low',
      reasons: [
        { kind: 'record', resets: 2, since: null, model: 'recency-mix' },
        { kind: 'too-few', min: 3 },
        { kind: 'no-rhythm', model: 'recency-mix', min: 6 },
        { kind: 'signal-missing', signal: 'status' },
        { kind: 'signal-missing', signal: 'issues' },
      ],
    });
  });

  it('available with 29 resets: low, a small sample below 30', () => {
    const v = confidence({ ...fresh, events: 29 });
    expect([v.available, v.confidence]).toEqual([true, 'low']);
    expect(v.reasons.at(-1)).toEqual({ kind: 'small-sample', min: 30 });
  });
});
