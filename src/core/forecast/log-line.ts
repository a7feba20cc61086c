/** One line of data/forecast-log.jsonl from a published forecast: what the live track record scores. */
import type { ForecastLogLine, ForecastPayload } from '../schema/index.ts';

export function toLogLine(f: ForecastPayload): ForecastLogLine {
  return {
    issued_at: f.generated_at,
    available: f.available,
    p24: f.p24,
    p48: f.p48,
    rhythm_model: f.inputs.rhythm_model,
    S: f.inputs.S,
    official_signal: f.inputs.official_signal,
    status_signal: f.inputs.status_signal,
    issues_signal: f.inputs.issues_signal,
    formula_version: f.formula_version,
  };
}
