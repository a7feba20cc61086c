/** A curation command refused its input: one line that names the flag or field, and nothing is written. */
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
