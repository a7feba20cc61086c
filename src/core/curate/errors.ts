/** A curation command refused its input: one line that names the flag or field, and nothing is written. */
import { curatedText, type TextCap } from '../sanitize.ts';
import { canonicalScope, Scope } from '../schema/scalars.ts';
export class CurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CurationError';
  }
}

/** Parses `value` with a zod schema or throws a CurationError naming the flag: `--scope "plus+gold": expected …`. */
export function parseFlag<T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } },
  value: unknown,
  flag: string,
): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new CurationError(`--${flag} ${JSON.stringify(value)}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

/** The object without its undefined properties (optional properties are exact: absent, never undefined). */
export function defined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}

/**
 * A flag's text as it may be stored (src/core/sanitize.ts, curatedText): cleaned like any text, but never
 * cut: over its cap, or empty once cleaned, it is refused with one line naming the flag.
 */
export function textFlag(value: string, cap: TextCap, flag: string): string {
  const r = curatedText(value, cap);
  if ('problem' in r) throw new CurationError(`--${flag} ${r.problem}`);
  return r.text;
}

/** A scope flag in canonical form: plans put in PLANS order ("pro+plus" → "plus+pro"); a repeated plan is refused. */
export const scopeFlag = (value: string): string => parseFlag(Scope, canonicalScope(value.trim().toLowerCase()), 'scope');
