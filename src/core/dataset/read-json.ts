/**
 * The one reader of "JSON text → zod schema → value or problems" for every file we keep or publish
 * (data/, api/v1/): every problem phrased once, by problems.ts. Pure: the caller reads the text
 * (src/io/json-file.ts for data/).
 */
import type { z } from 'zod';
import { fileProblem, lineProblem, problemAt } from './problems.ts';

/** The value, or every problem found (never both). */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** The text as JSON, or the syntax problem named by file. */
export function parseJson(text: string, file: string): { ok: true; doc: unknown } | { ok: false; problems: string[] } {
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, problems: [fileProblem(file, `not valid JSON: ${(e as Error).message}`)] };
  }
}

/** An already-parsed document checked against its schema: every issue by record and field. */
export function checkDoc<S extends z.ZodType>(schema: S, doc: unknown, file: string): Checked<z.output<S>> {
  const result = schema.safeParse(doc);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => problemAt(file, doc, issue.path, issue.message)) };
}

/** A JSON file's text checked against its schema. */
export function readJson<S extends z.ZodType>(text: string, schema: S, file: string): Checked<z.output<S>> {
  const parsed = parseJson(text, file);
  return parsed.ok ? checkDoc(schema, parsed.doc, file) : parsed;
}

/** One line (1-based `line`) of a JSONL file as JSON, or the syntax problem with the line as the record. */
export function parseJsonLine(raw: string, file: string, line: number): { ok: true; doc: unknown } | { ok: false; problems: string[] } {
  try {
    return { ok: true, doc: JSON.parse(raw) as unknown };
  } catch (e) {
    return { ok: false, problems: [fileProblem(file, `line ${line}: not valid JSON: ${(e as Error).message}`)] };
  }
}

/** An already-parsed line of a JSONL file checked against its schema; the line is the record in every problem. */
export function checkLine<S extends z.ZodType>(schema: S, doc: unknown, file: string, line: number): Checked<z.output<S>> {
  const result = schema.safeParse(doc);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => lineProblem(file, line, issue.path, issue.message)) };
}

/** One line (1-based `line`) of a JSONL file checked against its schema; the line is the record in every problem. */
export function readJsonLine<S extends z.ZodType>(raw: string, schema: S, file: string, line: number): Checked<z.output<S>> {
  const parsed = parseJsonLine(raw, file, line);
  return parsed.ok ? checkLine(schema, parsed.doc, file, line) : parsed;
}
