/** Serialises a payload as the body of a static JSON file. */
import { stableStringify } from '../../core/json.ts';

export function jsonResponse(value: unknown): Response {
  return new Response(stableStringify(value), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
