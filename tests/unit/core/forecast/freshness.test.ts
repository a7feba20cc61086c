/**
 * forecast.json's freshness and signals.json agree on what was checked when (issue 40): signals_fetched_at
 * is signals.json's last attempt, signals_checked_at its newest successful check, and signals_failed_at says
 * when that attempt checked nothing, as the attempt's own per-source outcomes tell. inputs.global_known says
 * whether inputs.global is a fact.
 */
import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../../src/core/dataset/index.ts';
import { computeForecast } from '../../../../src/core/forecast/index.ts';
import type { SignalsFile } from '../../../../src/core/schema/index.ts';
import { history, HISTORY_NOW } from '../../../support/history.ts';

const base = history();
const ATTEMPT = '2026-11-22T23:14:29Z';
const EARLIER = '2026-11-20T08:00:00Z';

function withSignals(change: (s: SignalsFile) => SignalsFile): Dataset {
  return { ...base, signals: change(structuredClone(base.signals)) };
}

const outcome = (name: string, ok: boolean): SignalsFile['sources'][number] => ({
  name,
  ok,
  error: ok ? null : 'fetch failed',
  checked_at: ATTEMPT,
  outcome: ok ? 'ok' : 'failed',
  last_ok_at: ok ? ATTEMPT : null,
});

describe('freshness against signals.json', () => {
  it.each<[string, (s: SignalsFile) => SignalsFile]>([
    ['the recorded history: every source failed, nothing ever checked', (s) => s],
    ['no pull yet: no source at all', (s) => ({ ...s, sources: [] })],
    [
      'the status page answered this time',
      (s) => ({ ...s, status: { ...s.status, checked_at: ATTEMPT }, sources: [outcome('status', true), outcome('issues', false)] }),
    ],
    [
      'both failed this time, the issues answered before',
      (s) => ({ ...s, issues: { ...s.issues, checked_at: EARLIER }, sources: [outcome('status', false), outcome('issues', false)] }),
    ],
    [
      'both answered this time',
      (s) => ({
        ...s,
        status: { ...s.status, checked_at: ATTEMPT },
        issues: { ...s.issues, checked_at: ATTEMPT },
        sources: [outcome('status', true), outcome('issues', true)],
      }),
    ],
  ])('%s', (_label, change) => {
    const data = withSignals(change);
    const { freshness } = computeForecast(data, HISTORY_NOW, 'https://example.org');
    const signals = data.signals;
    expect(signals.fetched_at).toBe(ATTEMPT);
    expect(freshness.signals_fetched_at).toBe(signals.fetched_at);
    // Read from signals.json as a client would: the newest per-signal check, and whether any signal source answered.
    const checks = [signals.status.checked_at, signals.issues.checked_at].filter((t) => t !== null).sort();
    expect(freshness.signals_checked_at).toBe(checks.at(-1) ?? null);
    const answered = signals.sources.some((s) => (s.name === 'status' || s.name === 'issues') && s.outcome === 'ok');
    expect(freshness.signals_failed_at).toBe(answered ? null : signals.fetched_at);
  });
});

describe('inputs.global_known', () => {
  const lastReset = (data: Dataset) =>
    data.events
      .filter((e) => e.kind === 'reset' || e.kind === 'banked')
      .sort((a, b) => a.ts.localeCompare(b.ts))
      .at(-1)!;

  it('is true when the last reset says whether it reached everyone, false when its post did not', () => {
    const last = lastReset(base);
    const said = { ...base, events: base.events.map((e) => (e === last ? { ...e, uncertain_fields: [] } : e)) };
    const unsaid = { ...base, events: base.events.map((e) => (e === last ? { ...e, uncertain_fields: ['global'] } : e)) };
    expect(computeForecast(said, HISTORY_NOW, 'https://example.org').inputs.global_known).toBe(true);
    expect(computeForecast(unsaid, HISTORY_NOW, 'https://example.org').inputs.global_known).toBe(false);
  });
});
