/** The published backtest (/api/v1/backtest.json): how the forecast would have scored on the record. */
import { FORMULA_VERSION, SCHEMA_VERSION, type BacktestPayload } from '../schema.ts';
import { RESET_KINDS } from '../timeline.ts';
import { roundTo } from '../time.ts';
import { HORIZONS, NO_INFORMATION_P, STEP_HOURS, WARMUP_DAYS } from './backtest.ts';
import type { Evaluation } from './evaluate.ts';

const r4 = (x: number): number => roundTo(x, 4);

export function createBacktestPayload(e: Evaluation, generatedAt: string, source: string): BacktestPayload {
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
    },
    selected_model: e.selected_model,
    official_weight: e.official_weight,
    // A model with no scored issue has no score to publish (NaN is not JSON).
    scores: e.rows.filter((row) => row.n > 0).map((row) => ({
      model: row.model,
      horizon_hours: row.horizon_hours,
      n: row.n,
      brier: r4(row.brier),
      log_loss: r4(row.log_loss),
      base_rate: r4(row.base_rate),
      skill_vs_memoryless: r4(row.skill_vs_memoryless),
      skill_vs_climatology: r4(row.skill_vs_climatology),
      calibration_error: r4(row.calibration_error),
    })),
    reliability: e.reliability.map(({ horizon_hours, bins }) => ({
      horizon_hours,
      bins: bins.map((b) => ({ lower: r4(b.lower), upper: r4(b.upper), n: b.n, mean_p: r4(b.mean_p), observed: r4(b.observed) })),
    })),
  };
}
