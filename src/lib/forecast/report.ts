/** Text and JSON renderings of the backtest for `npm run backtest`. */
import { HORIZONS, byHorizon, score } from './backtest.ts';
import type { Evaluation } from './evaluate.ts';
import { roundTo } from '../time.ts';

const pct = (x: number): string => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;

/** One line per model × horizon: Brier, log loss, skill vs memoryless and climatology, calibration error. */
export function backtestTable(e: Evaluation): string {
  const head = ['model', 'H', 'n', 'Brier', 'logloss', 'skill/mem', 'skill/clim', 'calib.err'];
  const body = e.rows.map((r) => [
    r.model, `${r.horizon_hours}h`, String(r.n), r.brier.toFixed(4), r.log_loss.toFixed(4),
    pct(r.skill_vs_memoryless), pct(r.skill_vs_climatology), r.calibration_error.toFixed(3),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [
    line(head),
    ...body.map(line),
    '',
    `selected rhythm model: ${e.selected_model} (lowest log loss, 24 h + 48 h); official-signal weight: ${e.official_weight}`,
  ].join('\n');
}

/** Every issue of the published model, so anyone can recompute the scores. */
export function backtestJson(e: Evaluation): { issues: { issued_at: string; horizon_hours: number; p: number; outcome: 0 | 1 }[]; summary: Record<string, unknown> } {
  const issues = e.issues.map((x) => ({ ...x, p: roundTo(x.p, 6) }));
  const summary = Object.fromEntries(HORIZONS.map((h) => [`${h}h`, score(byHorizon(issues, h))]));
  return { issues, summary: { model: `${e.selected_model}+official`, official_weight: e.official_weight, ...summary } };
}
