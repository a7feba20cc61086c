/**
 * The one reader of "JSON text → zod schema → value or problems" for every file we keep or publish
 * (data/, api/v1/): every problem phrased once, by problems.ts. Pure: the caller reads the text
 * (src/io/json-file.ts for data/).
 */
import type { z } from 'zod';
import { DataError, fileProblem, lineProblem, problemAt } from './problems.ts';

/** The value, or every problem found (never both). */
export type Checked<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** A parse problem or a schema issue, phrased for where the text came from (a file, or a line of one). */
type Phrase = (path: readonly PropertyKey[], message: string) => string;

function parsed(text: string, syntax: (message: string) => string): { ok: true; doc: unknown } | { ok: false; problems: string[] } {
  try {
    return { ok: true, doc: JSON.parse(text) as unknown };
  } catch (e) {
    return { ok: false, problems: [syntax(`not valid JSON: ${(e as Error).message}`)] };
  }
}

function checked<S extends z.ZodType>(schema: S, doc: unknown, phrase: Phrase): Checked<z.output<S>> {
  const result = schema.safeParse(doc);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problems: result.error.issues.map((issue) => phrase(issue.path, issue.message)) };
}

/** The text as JSON, or the syntax problem named by file. */
export const parseJson = (text: string, file: string) => parsed(text, (message) => fileProblem(file, message));

/** An already-parsed document checked against its schema: every issue by record and field. */
export const checkDoc = <S extends z.ZodType>(schema: S, doc: unknown, file: string): Checked<z.output<S>> =>
  checked(schema, doc, (path, message) => problemAt(file, doc, path, message));

/** A JSON file's text checked against its schema. */
export function readJson<S extends z.ZodType>(text: string, schema: S, file: string): Checked<z.output<S>> {
  const doc = parseJson(text, file);
  return doc.ok ? checkDoc(schema, doc.doc, file) : doc;
}

/** One line (1-based `line`) of a JSONL file as JSON, or the syntax problem with the line as the record. */
export const parseJsonLine = (raw: string, file: string, line: number) =>
  parsed(raw, (message) => fileProblem(file, `line ${line}: ${message}`));

/** An already-parsed line of a JSONL file checked against its schema; the line is the record in every problem. */
export const checkLine = <S extends z.ZodType>(schema: S, doc: unknown, file: string, line: number): Checked<z.output<S>> =>
  checked(schema, doc, (path, message) => lineProblem(file, line, path, message));

/** One line (1-based `line`) of a JSONL file checked against its schema; the line is the record in every problem. */
export function readJsonLine<S extends z.ZodType>(raw: string, schema: S, file: string, line: number): Checked<z.output<S>> {
  const doc = parseJsonLine(raw, file, line);
  return doc.ok ? checkLine(schema, doc.doc, file, line) : doc;
}

/** The value, or a DataError naming every problem: for a reader that refuses the whole run on a bad file. */
export function valueOrThrow<T>(result: Checked<T>): T {
  if (!result.ok) throw new DataError(result.problems);
  return result.value;
}
