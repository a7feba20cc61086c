/**
 * Reading data/forecast-log.jsonl, the as-issued forecasts. The log is append-only and never rewritten,
 * so a bad line stays in the file for ever: it is skipped here with a named warning, never fatal.
 */
import { dataPath } from './files.ts';
import { fileProblem } from './problems.ts';
import { checkLine, parseJsonLine } from './read-json.ts';
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

/** Why a parsed line (number `n`) is not usable after `previous` (the last line kept), in the one wording of problems.ts, or the line. */
function problemOf(doc: unknown, n: number, previous: Line | undefined): [LogProblem, string] | Line {
  const file = dataPath('forecastLog');
  const checked = checkLine(ForecastLogLine, doc, file, n);
  if (!checked.ok) return ['invalid', checked.problems[0]!];
  const line = checked.value;
  const at = (message: string): string => fileProblem(file, `line ${n}: ${message}`);
  if (line.p48 < line.p24) return ['p48_below_p24', at(`p48 ${line.p48} is below p24 ${line.p24}`)];
  if (previous && line.issued_at === previous.issued_at) return ['duplicate', at(`duplicate issued_at ${line.issued_at}`)];
  if (previous && line.issued_at < previous.issued_at)
    return ['out_of_order', at(`issued_at ${line.issued_at} is before the line above it (${previous.issued_at})`)];
  return line;
}

export function parseForecastLog(text: string): ForecastLog {
  const lines: Line[] = [];
  const warnings: string[] = [];
  const skipped: ForecastLog['skipped'] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const n = i + 1;
    const parsed = parseJsonLine(raw, dataPath('forecastLog'), n);
    const outcome: [LogProblem, string] | Line = parsed.ok ? problemOf(parsed.doc, n, lines.at(-1)) : ['not_json', parsed.problems[0]!];
    if (Array.isArray(outcome)) {
      warnings.push(outcome[1]);
      skipped.push({ line: n, kind: outcome[0] });
    } else lines.push(outcome);
  });
  return { lines, warnings, skipped };
}
