/**
 * Scores of the backtest: every model on every issue, with moving-block bootstrap intervals on each
 * skill figure, the cloglog calibration slope and the worst reliability bin (warm-up left out), and
 * the targets of formula "2". Nothing here selects or fits anything: formula "2" is fixed in advance
 * or learned online inside the model, so these scores are ones a live forecaster could have had.
 */
import type { Announcement, StoredEvent } from '../schema/index.ts';
import {
  HORIZONS,
  STEP_HOURS,
  afterWarmup,
  backtestOf,
  byHorizon,
  calibrationError,
  reliability,
  score,
  type Backtest,
  type Bin,
  type Issue,
  type Score,
} from './backtest.ts';
import { BLOCK_DAYS, blockLength, climatologySkillInterval, skillInterval, type Interval } from './bootstrap.ts';
import { calibrationSlope } from './calibration.ts';
import { RHYTHM_MODEL } from './rhythm.ts';

export const MODEL_NAMES = { memoryless: 'memoryless', rhythm: RHYTHM_MODEL, published: `${RHYTHM_MODEL}+official` } as const;

export interface Row extends Score {
  model: string;
  horizon_hours: number;
  skill_vs_memoryless: number;
  skill_vs_memoryless_90: Interval | null;
  skill_vs_climatology: number;
  skill_vs_climatology_90: Interval | null;
  /** Worst bin over all issues, warm-up included (formula "1"'s figure). */
  calibration_error: number;
  warmup_issues: number;
  /** Worst bin holding ≥ 50 issues, warm-up left out. */
  calibration_error_after_warmup: number;
  calibration_slope: number | null;
  calibration_intercept: number | null;
}

/** What issue 12 asks of formula "2" on the shipped history (docs/forecast.md). */
export const TARGETS = [
  { metric: 'skill_vs_memoryless', horizon_hours: 24, min: 0.14, max: null },
  { metric: 'skill_vs_memoryless', horizon_hours: 48, min: 0.165, max: null },
  { metric: 'calibration_slope', horizon_hours: 24, min: 0.8, max: 1.25 },
  { metric: 'calibration_slope', horizon_hours: 48, min: 0.8, max: 1.25 },
  { metric: 'calibration_error_after_warmup', horizon_hours: 24, min: null, max: 0.14 },
  { metric: 'calibration_error_after_warmup', horizon_hours: 48, min: null, max: 0.29 },
] as const;
export type TargetMetric = (typeof TARGETS)[number]['metric'];

export interface TargetResult {
  metric: TargetMetric;
  horizon_hours: number;
  min: number | null;
  max: number | null;
  value: number | null;
  interval: Interval | null;
  met: boolean;
}

export interface Evaluation {
  rows: Row[];
  /** Issues of the published forecast. */
  issues: Issue[];
  reliability: { horizon_hours: number; bins: Bin[] }[];
  reliability_after_warmup: { horizon_hours: number; bins: Bin[] }[];
  targets: TargetResult[];
  /** Issues per bootstrap block (28 days of the 6-hour grid). */
  block_issues: number;
}

const squaredErrors = (issues: readonly Issue[]): number[] => issues.map((x) => (x.p - x.outcome) ** 2);

function row(model: string, own: readonly Issue[], reference: readonly Issue[], block: number): Row {
  const s = score(own);
  const ref = score(reference);
  const climatology = ref.base_rate * (1 - ref.base_rate);
  const warm = afterWarmup(own);
  const fit = calibrationSlope(warm);
  const errors = squaredErrors(own);
  return {
    model,
    horizon_hours: own[0]?.horizon_hours ?? 0,
    ...s,
    skill_vs_memoryless: 1 - s.brier / ref.brier,
    skill_vs_memoryless_90: skillInterval(errors, squaredErrors(reference), { blockLength: block }),
    skill_vs_climatology: 1 - s.brier / climatology,
    skill_vs_climatology_90: climatologySkillInterval(
      errors,
      own.map((x) => x.outcome),
      { blockLength: block },
    ),
    calibration_error: calibrationError(reliability(own)),
    warmup_issues: own.length - warm.length,
    calibration_error_after_warmup: calibrationError(reliability(warm)),
    calibration_slope: fit?.slope ?? null,
    calibration_intercept: fit?.intercept ?? null,
  };
}

function targets(rows: readonly Row[]): TargetResult[] {
  return TARGETS.map((t) => {
    const r = rows.find((x) => x.model === MODEL_NAMES.published && x.horizon_hours === t.horizon_hours);
    const value = r ? r[t.metric] : null;
    const ok = value !== null && Number.isFinite(value) && (t.min === null || value >= t.min) && (t.max === null || value <= t.max);
    return { ...t, value, interval: t.metric === 'skill_vs_memoryless' ? (r?.skill_vs_memoryless_90 ?? null) : null, met: ok };
  });
}

export function evaluateBacktest(bt: Backtest): Evaluation {
  const perHorizon = bt.memoryless.length / HORIZONS.length;
  const block = blockLength(perHorizon, (perHorizon - 1) * STEP_HOURS, BLOCK_DAYS * 24);
  const rows = HORIZONS.flatMap((h) => {
    const reference = byHorizon(bt.memoryless, h);
    return [
      row(MODEL_NAMES.memoryless, reference, reference, block),
      row(MODEL_NAMES.rhythm, byHorizon(bt.rhythm, h), reference, block),
      row(MODEL_NAMES.published, byHorizon(bt.published, h), reference, block),
    ];
  });
  return {
    rows,
    issues: bt.published,
    reliability: HORIZONS.map((h) => ({ horizon_hours: h, bins: reliability(byHorizon(bt.published, h)) })),
    reliability_after_warmup: HORIZONS.map((h) => ({ horizon_hours: h, bins: reliability(afterWarmup(byHorizon(bt.published, h))) })),
    targets: targets(rows),
    block_issues: block,
  };
}

export function evaluate(events: readonly StoredEvent[], announcements: readonly Announcement[]): Evaluation {
  return evaluateBacktest(backtestOf(events, announcements));
}
