/** Corrections on the record (data/corrections.json): the published log, newest first. */
import { SCHEMA_VERSION, type Correction, type CorrectionsPayload } from './schema.ts';

export function createCorrectionsPayload(list: readonly Correction[], generatedAt: string, source: string): CorrectionsPayload {
  return { schema_version: SCHEMA_VERSION, generated_at: generatedAt, source, corrections: [...list].reverse() };
}
