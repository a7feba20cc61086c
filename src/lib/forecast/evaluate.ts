/**
 * Model selection: every rhythm model is backtested, the one with the lowest log loss (both horizons)
 * is selected, then the official-signal weight is chosen on the same backtest from a coarse grid.
 */
import type { Announcement, StoredEvent } from '../schema.ts';
import {
  HORIZONS, byHorizon, officialReplay, calibrationError, reliability, resetHours, rhythmPredictor, runBacktest, score, signalPredictor,
  type Bin, type Issue, type Score,
} from './backtest.ts';
import { RHYTHM_MODELS, type RhythmModel } from './rhythm.ts';

/** Coarse on purpose: 0, 0.1 … 0.9 — a finer grid would only fit the noise of ~20 promises. */
export const OFFICIAL_WEIGHT_GRID = Array.from({ length: 10 }, (_, i) => i / 10);

export interface Row extends Score {
  model: string;
  horizon_hours: number;
  skill_vs_memoryless: number;
  skill_vs_climatology: number;
  calibration_error: number;
}
export interface Evaluation {
  selected_model: RhythmModel;
  official_weight: number;
  rows: Row[];
  /** Issues of the published forecast: the selected model plus the official signal. */
  issues: Issue[];
  reliability: { horizon_hours: number; bins: Bin[] }[];
}

const totalLogLoss = (issues: readonly Issue[]): number =>
  HORIZONS.reduce((sum, h) => sum + score(byHorizon(issues, h)).log_loss, 0);

function rows(name: string, issues: readonly Issue[], memoryless: readonly Issue[]): Row[] {
  return HORIZONS.map((h) => {
    const own = byHorizon(issues, h);
    const s = score(own);
    const ref = score(byHorizon(memoryless, h));
    const climatology = ref.base_rate * (1 - ref.base_rate);
    return {
      model: name, horizon_hours: h, ...s,
      skill_vs_memoryless: 1 - s.brier / ref.brier,
      skill_vs_climatology: 1 - s.brier / climatology,
      calibration_error: calibrationError(reliability(own)),
    };
  });
}

export function evaluate(events: readonly StoredEvent[], announcements: readonly Announcement[]): Evaluation {
  const times = resetHours(events);
  const runs = new Map(RHYTHM_MODELS.map((m) => [m, runBacktest(times, rhythmPredictor(m))] as const));
  const memoryless = runs.get('memoryless') ?? [];
  let selected: RhythmModel = 'memoryless';
  for (const m of RHYTHM_MODELS) if (totalLogLoss(runs.get(m) ?? []) < totalLogLoss(runs.get(selected) ?? [])) selected = m;
  const officialAt = officialReplay(announcements, events);
  let weight = 0;
  let best = runs.get(selected) ?? [];
  for (const w of OFFICIAL_WEIGHT_GRID) {
    const issues = runBacktest(times, signalPredictor(selected, w, officialAt));
    if (totalLogLoss(issues) < totalLogLoss(best)) [weight, best] = [w, issues];
  }
  return {
    selected_model: selected,
    official_weight: weight,
    rows: [
      ...RHYTHM_MODELS.flatMap((m) => rows(m, runs.get(m) ?? [], memoryless)),
      ...rows(`${selected}+official`, best, memoryless),
    ],
    issues: best,
    reliability: HORIZONS.map((h) => ({ horizon_hours: h, bins: reliability(byHorizon(best, h)) })),
  };
}
