/**
 * The document scanner: a write of data/ (src/io/data-folder.ts) or a build (src/site/data.ts) whose own
 * content holds a credential is refused with one line naming the variable, the file and the field
 * (`secretInData`, `secretRefusal`). Our facts are never rewritten to hide a secret. Pure.
 */
import { forms } from './pieces.ts';
import { DECLARE_PUBLIC_ENV, SECRET_VARIABLES, type SecretName, type SecretPiece, type SecretVariable } from './variables.ts';

/** Where in a data file a secret was found: the variable, which part of it, and the field (and, for a word-like password, what to do). */
export interface SecretFinding {
  variable: SecretName;
  credential: string;
  file: string;
  field: string;
  advice?: string;
}

/** The path of the first string (key or value) of a JSON value holding `has`, as `events[3].summary`; null when none does. */
function fieldHolding(value: unknown, has: (s: string) => boolean, path: string): string | null {
  if (typeof value === 'string') return has(value) ? path || '(the value)' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = fieldHolding(v, has, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (has(k)) return `${at} (the key)`;
      const found = fieldHolding(v, has, at);
      if (found) return found;
    }
  }
  return null;
}

/** The field of one file's text (JSON, or JSON lines) that holds `piece`; the line when it is not JSON. */
function locate(text: string, piece: string): string {
  const has = (s: string): boolean => s.includes(piece) || forms(s).some((f) => f.includes(piece));
  const lines = text.split('\n');
  const asJson = (t: string): unknown => {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return undefined;
    }
  };
  const whole = asJson(text);
  if (whole !== undefined) return fieldHolding(whole, has, '') ?? 'its text';
  const line = lines.findIndex((l) => l.includes(piece));
  const parsed = asJson(lines[line] ?? '');
  const inLine = parsed === undefined ? null : fieldHolding(parsed, has, '');
  return `line ${line + 1}${inLine ? `, ${inLine}` : ''}`;
}

/** The first secret piece any of the texts (by file name) holds, and where; null when none does. */
export function secretInData(texts: Readonly<Record<string, string>>, pieces: readonly SecretPiece[]): SecretFinding | null {
  for (const [file, text] of Object.entries(texts)) {
    const piece = pieces.find((p) => text.includes(p.text));
    if (piece) {
      const { variable, advice } = piece;
      const found = { variable, credential: SECRET_VARIABLES[variable].credential, file, field: locate(text, piece.text) };
      return advice === undefined ? found : { ...found, advice };
    }
  }
  return null;
}

/**
 * The one line a refused write or build says: the variable, the file and the field, never the value;
 * then what follows (`consequence`) and what to do (`fix`, as `: fix`). A word-like password's advice
 * replaces the fix: the word is ours too, so removing it from data/ is no way out.
 */
export function secretRefusal(f: SecretFinding, consequence: string, fix?: string): string {
  const head = `${f.file}: ${f.field} holds a credential of ${f.variable} (${f.credential}); ${consequence}`;
  if (f.advice !== undefined) return `${head}: ${f.advice}`;
  const declare =
    'mayBePublic' in SECRET_VARIABLES[f.variable]
      ? ` (if ${(SECRET_VARIABLES[f.variable] as SecretVariable).mayBePublic} is public, declare it: ${DECLARE_PUBLIC_ENV}=${f.variable})`
      : '';
  return `${head}${fix === undefined ? '' : `: ${fix}`}${declare}`;
}
