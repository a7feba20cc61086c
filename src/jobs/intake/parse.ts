/** Turning untrusted API bodies into typed values: one-line errors that name the drifted field. */
import type { z } from 'zod';
import { toTimestamp } from '../../core/time.ts';

/** Raised when a source answers with a shape we do not recognise (schema drift). */
export class DriftError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DriftError';
  }
}

/** Parses `doc` or throws a DriftError like "summary.json: components[2].status: expected string". */
export function parseOrThrow<S extends z.ZodType>(schema: S, doc: unknown, what: string): z.infer<S> {
  const result = schema.safeParse(doc);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 3).map((i) => {
    const path = i.path
      .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
      .join('')
      .replace(/^\./, '');
    return `${path || '(whole body)'}: ${i.message}`;
  });
  const more = result.error.issues.length > 3 ? ` (+${result.error.issues.length - 3} more)` : '';
  throw new DriftError(`${what}: unexpected shape: ${problems.join('; ')}${more}`);
}

/** Any ISO 8601 instant the APIs send (fractions, offsets) as a published UTC timestamp. */
export function toUtc(value: string, what: string): string {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new DriftError(`${what}: not a date: ${JSON.stringify(value)}`);
  return toTimestamp(new Date(ms));
}
