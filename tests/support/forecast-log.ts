/** Forecast-log lines (data/forecast-log.jsonl) written by hand for the alert tests: the chances given, every signal at 0. */
import type { ForecastLogLine } from '../../src/core/schema/index.ts';

/** One log line issued at `issued_at` with these chances; `extra` replaces any field in place (the key order stays). */
export const forecastLogLine = (issued_at: string, p24: number, p48: number, extra: Partial<ForecastLogLine> = {}): ForecastLogLine => ({
  issued_at,
  available: true,
  p24,
  p48,
  rhythm_model: 'memoryless',
  S: 0,
  official_signal: 0,
  status_signal: 0,
  issues_signal: 0,
  formula_version: '1',
  ...extra,
});
