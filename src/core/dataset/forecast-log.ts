/**
 * Reading data/forecast-log.jsonl, the as-issued forecasts. The log is append-only and never rewritten,
 * so a bad line stays in the file for ever: it is skipped here with a named warning, never fatal.
 */
import { dataPath } from './files.ts';
import { ForecastLogLine, type ForecastLogLine as Line } from '../schema/index.ts';

/** Why a line was skipped. */
export const LOG_PROBLEMS = ['not_json', 'invalid', 'p48_below_p24', 'duplicate', 'out_of_order'] as const;
export type LogProblem = (typeof LOG_PROBLEMS)[number];

export interface ForecastLog {
  /** Usable lines, in strictly increasing `issued_at` order. */
  lines: Line[];
  /** One per skipped line: `data/forecast-log.jsonl: line 7: duplicate issued_at 2026-…`. */
  warnings: string[];
  /** The same skipped lines by number (1-based) and kind, for counting. */
  skipped: { line: number; kind: LogProblem }[];
}

/** Why a parsed line is not usable after `previous` (the last line kept), or the line when it is. */
function problemOf(doc: unknown, previous: Line | undefined): [LogProblem, string] | Line {
  const result = ForecastLogLine.safeParse(doc);
  if (!result.success) {
    const issue = result.error.issues[0];
    return ['invalid', `field '${issue?.path.join('.') || '(whole line)'}': ${issue?.message ?? 'invalid'}`];
  }
  const line = result.data;
  if (line.p48 < line.p24) return ['p48_below_p24', `p48 ${line.p48} is below p24 ${line.p24}`];
  if (previous && line.issued_at === previous.issued_at) return ['duplicate', `duplicate issued_at ${line.issued_at}`];
  if (previous && line.issued_at < previous.issued_at)
    return ['out_of_order', `issued_at ${line.issued_at} is before the line above it (${previous.issued_at})`];
  return line;
}

export function parseForecastLog(text: string): ForecastLog {
  const lines: Line[] = [];
  const warnings: string[] = [];
  const skipped: ForecastLog['skipped'] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const where = `${dataPath('forecastLog')}: line ${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch (e) {
      warnings.push(`${where}: not valid JSON (${(e as Error).message})`);
      skipped.push({ line: i + 1, kind: 'not_json' });
      return;
    }
    const outcome = problemOf(doc, lines.at(-1));
    if (Array.isArray(outcome)) {
      warnings.push(`${where}: ${outcome[1]}`);
      skipped.push({ line: i + 1, kind: outcome[0] });
    } else lines.push(outcome);
  });
  return { lines, warnings, skipped };
}
