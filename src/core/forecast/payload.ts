/** The published backtest (/api/v1/backtest.json): how formula "2" would have scored on the record. */
import { FORMULA_VERSION, SCHEMA_VERSION, type BacktestPayload } from '../schema/index.ts';
import { RESET_KINDS } from '../facts/timeline.ts';
import { roundTo } from '../time.ts';
import { HORIZONS, NO_INFORMATION_P, STEP_HOURS, WARMUP_DAYS, type Bin } from './backtest.ts';
import { BLOCK_DAYS, LEVEL, REPLICATES, SEED, type Interval } from './bootstrap.ts';
import type { Evaluation } from './evaluate.ts';
import type { LiveModel } from './live.ts';
import { PROMISE_PRIOR } from './official.ts';
import { HALF_LIVES_HOURS, MIN_RHYTHM_EVENTS, RHYTHM_MODEL, WEEKDAY_PRIOR_RESETS } from './rhythm.ts';
import { SIGNAL_WEIGHTS } from './signals.ts';

const r4 = (x: number): number => roundTo(x, 4);
const r4n = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : r4(x));
const interval = (i: Interval | null): Interval | null => (i === null ? null : { lower: r4(i.lower), upper: r4(i.upper) });
const bins = (list: { horizon_hours: number; bins: Bin[] }[]): BacktestPayload['reliability'] =>
  list.map(({ horizon_hours, bins: b }) => ({
    horizon_hours,
    bins: b.map((x) => ({ lower: r4(x.lower), upper: r4(x.upper), n: x.n, mean_p: r4(x.mean_p), observed: r4(x.observed) })),
  }));

/** The official signal's weight per horizon at the model's clock: the one part of backtest.json the clock moves. */
export function officialWeights(model: LiveModel): BacktestPayload['official_weights'] {
  return HORIZONS.map((h) => {
    const o = model.parts(h).official;
    return { horizon_hours: h, weight: r4(o.weight), kept: o.kept, settled: o.settled };
  });
}

export function createBacktestPayload(e: Evaluation, model: LiveModel, generatedAt: string, source: string): BacktestPayload {
  const weights = officialWeights(model);
  return {
    schema_version: SCHEMA_VERSION,
    generated_at: generatedAt,
    source,
    formula_version: FORMULA_VERSION,
    method: {
      step_hours: STEP_HOURS,
      warmup_days: WARMUP_DAYS,
      horizons: [...HORIZONS],
      reset_kinds: [...RESET_KINDS].sort(),
      first_issue: e.issues[0]?.issued_at ?? null,
      last_issue: e.issues.at(-1)?.issued_at ?? null,
      no_information_p: NO_INFORMATION_P,
      bootstrap: {
        method: 'circular moving-block bootstrap, percentile interval',
        block_days: BLOCK_DAYS,
        block_issues: e.block_issues,
        replicates: REPLICATES,
        level: LEVEL,
        seed: SEED,
      },
    },
    selected_model: RHYTHM_MODEL,
    official_weight: weights[0]?.weight ?? 0,
    parameters: {
      half_lives_days: HALF_LIVES_HOURS.map((h) => h / 24),
      weekday_prior_resets: WEEKDAY_PRIOR_RESETS,
      promise_prior: { ...PROMISE_PRIOR },
      min_rhythm_events: MIN_RHYTHM_EVENTS,
      status_weight: SIGNAL_WEIGHTS.status,
      issues_weight: SIGNAL_WEIGHTS.issues,
    },
    official_weights: weights,
    // A model with no scored issue has no score to publish (NaN is not JSON).
    scores: e.rows
      .filter((row) => row.n > 0)
      .map((row) => ({
        model: row.model,
        horizon_hours: row.horizon_hours,
        n: row.n,
        brier: r4(row.brier),
        log_loss: r4(row.log_loss),
        base_rate: r4(row.base_rate),
        skill_vs_memoryless: r4(row.skill_vs_memoryless),
        skill_vs_climatology: r4(row.skill_vs_climatology),
        calibration_error: r4(row.calibration_error),
        skill_vs_memoryless_90: interval(row.skill_vs_memoryless_90),
        skill_vs_climatology_90: interval(row.skill_vs_climatology_90),
        warmup_issues: row.warmup_issues,
        calibration_error_after_warmup: r4(row.calibration_error_after_warmup),
        calibration_slope: r4n(row.calibration_slope),
        calibration_intercept: r4n(row.calibration_intercept),
      })),
    targets: e.targets.map((t) => ({
      metric: t.metric,
      horizon_hours: t.horizon_hours,
      min: t.min,
      max: t.max,
      value: r4n(t.value),
      interval: interval(t.interval),
      met: t.met,
    })),
    reliability: bins(e.reliability),
    reliability_after_warmup: bins(e.reliability_after_warmup),
  };
}
