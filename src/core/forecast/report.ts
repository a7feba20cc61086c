/** Text and JSON renderings of the backtest for `npm run backtest`. */
import { roundTo } from '../time.ts';
import { HORIZONS, byHorizon, score } from './backtest.ts';
import type { Interval } from './bootstrap.ts';
import { MODEL_NAMES, type Evaluation, type TargetResult } from './evaluate.ts';

const pct = (x: number): string => `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)}%`;
const range = (i: Interval | null): string => (i ? `[${pct(i.lower)}, ${pct(i.upper)}]` : '–');
const pts = (x: number): string => `${(x * 100).toFixed(1)} pts`;

function table(head: string[], body: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), ...body.map(line)];
}

function targetCell(t: TargetResult): string {
  const bound =
    t.min !== null && t.max !== null
      ? `${t.min}–${t.max}`
      : t.min !== null
        ? `≥ ${t.metric === 'skill_vs_memoryless' ? pct(t.min) : t.min}`
        : `≤ ${pts(t.max ?? 0)}`;
  const value =
    t.value === null
      ? '–'
      : t.metric === 'skill_vs_memoryless'
        ? `${pct(t.value)} ${range(t.interval)}`
        : t.metric === 'calibration_slope'
          ? t.value.toFixed(2)
          : pts(t.value);
  return [`${t.metric} ${t.horizon_hours}h`, bound, value, t.met ? 'met' : 'NOT met'].join('|');
}

/** Scores per model × horizon with 90 % intervals, then the targets of formula "2". */
export function backtestTable(e: Evaluation): string {
  const scores = table(
    ['model', 'H', 'n', 'Brier', 'logloss', 'skill/mem [90% CI]', 'skill/clim [90% CI]', 'slope', 'worst bin*'],
    e.rows.map((r) => [
      r.model,
      `${r.horizon_hours}h`,
      String(r.n),
      r.brier.toFixed(4),
      r.log_loss.toFixed(4),
      `${pct(r.skill_vs_memoryless)} ${range(r.skill_vs_memoryless_90)}`,
      `${pct(r.skill_vs_climatology)} ${range(r.skill_vs_climatology_90)}`,
      r.calibration_slope === null ? '–' : r.calibration_slope.toFixed(2),
      pts(r.calibration_error_after_warmup),
    ]),
  );
  const targets = table(
    ['target', 'wanted', 'value [90% CI]', ''],
    e.targets.map((t) => targetCell(t).split('|')),
  );
  return [
    ...scores,
    `* worst reliability bin holding ≥ 50 issues, and the cloglog calibration slope, both without the ${e.rows[0]?.warmup_issues ?? 0} ` +
      `warm-up issues per horizon`,
    `  intervals: circular moving-block bootstrap, ${e.block_issues}-issue (28-day) blocks`,
    '',
    ...targets,
  ].join('\n');
}

/** Every issue of the published model, so anyone can recompute the scores. */
export function backtestJson(e: Evaluation): {
  issues: { issued_at: string; horizon_hours: number; p: number; outcome: 0 | 1 }[];
  summary: Record<string, unknown>;
} {
  const issues = e.issues.map((x) => ({ issued_at: x.issued_at, horizon_hours: x.horizon_hours, p: roundTo(x.p, 6), outcome: x.outcome }));
  const summary = Object.fromEntries(HORIZONS.map((h) => [`${h}h`, score(byHorizon(issues, h))]));
  return { issues, summary: { model: MODEL_NAMES.published, ...summary } };
}
