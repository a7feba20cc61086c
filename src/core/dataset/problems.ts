/**
 * The one wording of a data problem, for every file read as "JSON → zod → problems" and every dataset
 * rule: `<file>: <record>: field '<field>': <message>`, or `<file>: <message>` for the file as a whole
 * (not JSON, too many events). The record is named by its list and index and, when it has one, its id:
 * `data/events.json: events[3] (id 123…): field 'ts': …`; a field outside any list reads `(top level)`,
 * and a line of a JSONL file is its own record (`line 4`).
 */

/** Where a problem is: a path into the document (as zod reports it), or a line of a JSONL file and a path into it. */
export type ProblemPath = readonly PropertyKey[];

export class DataError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`invalid data (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  - ${problems.join('\n  - ')}`);
    this.name = 'DataError';
    this.problems = problems;
  }
}

const joined = (path: ProblemPath): string => path.map(String).join('.');

/** "events[3] (id 123…)": the record a path points into, named by its id when it has one; the rest is the field. */
export function describePath(doc: unknown, path: ProblemPath): { record: string; field: string } {
  const at = path.findIndex((k) => typeof k === 'number');
  if (at < 0) return { record: '(top level)', field: joined(path) || '(whole file)' };
  let node: unknown = doc;
  for (const key of path.slice(0, at + 1)) node = (node as Record<PropertyKey, unknown> | undefined)?.[key];
  const id = (node as { id?: unknown; event_id?: unknown } | undefined)?.id ?? (node as { event_id?: unknown } | undefined)?.event_id;
  const record = `${joined(path.slice(0, at))}[${String(path[at])}]${typeof id === 'string' ? ` (id ${id})` : ''}`;
  return { record, field: joined(path.slice(at + 1)) || '(whole record)' };
}

/** The one sentence of a problem in a record's field. */
export const fieldProblem = (file: string, record: string, field: string, message: string): string =>
  `${file}: ${record}: field '${field}': ${message}`;

/** A problem at `path` of the document `doc` (read from `file`), its record named from the document. */
export function problemAt(file: string, doc: unknown, path: ProblemPath, message: string): string {
  const { record, field } = describePath(doc, path);
  return fieldProblem(file, record, field, message);
}

/** A problem at `path` inside line `line` (1-based) of a JSONL file: the line is the record. */
export const lineProblem = (file: string, line: number, path: ProblemPath, message: string): string =>
  fieldProblem(file, `line ${line}`, joined(path) || '(whole line)', message);

/** A problem with the file as a whole. */
export const fileProblem = (file: string, message: string): string => `${file}: ${message}`;
