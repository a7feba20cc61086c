/**
 * Reading data/forecast-log.jsonl, the as-issued forecasts. The log is append-only and never rewritten,
 * so a bad line stays in the file for ever: it is skipped here with a named warning, never fatal.
 */
import { dataPath } from './data-files.ts';
import { ForecastLogLine, type ForecastLogLine as Line } from './schema.ts';

export interface ForecastLog {
  /** Usable lines, in strictly increasing `issued_at` order. */
  lines: Line[];
  /** One per skipped line: `data/forecast-log.jsonl: line 7: duplicate issued_at 2026-…`. */
  warnings: string[];
}

/** Why a parsed line is not usable after `previous` (the last line kept), or undefined when it is. */
function problemOf(doc: unknown, previous: Line | undefined): string | Line {
  const result = ForecastLogLine.safeParse(doc);
  if (!result.success) {
    const issue = result.error.issues[0];
    return `field '${issue?.path.join('.') || '(whole line)'}': ${issue?.message ?? 'invalid'}`;
  }
  const line = result.data;
  if (line.p48 < line.p24) return `p48 ${line.p48} is below p24 ${line.p24}`;
  if (previous && line.issued_at === previous.issued_at) return `duplicate issued_at ${line.issued_at}`;
  if (previous && line.issued_at < previous.issued_at) return `issued_at ${line.issued_at} is before the line above it (${previous.issued_at})`;
  return line;
}

export function parseForecastLog(text: string): ForecastLog {
  const lines: Line[] = [];
  const warnings: string[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const where = `${dataPath('forecastLog')}: line ${i + 1}`;
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch (e) {
      warnings.push(`${where}: not valid JSON (${(e as Error).message})`);
      return;
    }
    const outcome = problemOf(doc, lines.at(-1));
    if (typeof outcome === 'string') warnings.push(`${where}: ${outcome}`);
    else lines.push(outcome);
  });
  return { lines, warnings };
}
