/** JSON Schema (draft 2020-12) of each published payload, generated from the zod schemas. */
import { z } from 'zod';
import { PAYLOAD_SCHEMAS, type PayloadName } from './payloads.ts';
import { siteUrl } from '../../core/site.ts';

export function payloadJsonSchema(name: PayloadName, base: string): Record<string, unknown> {
  const schema = z.toJSONSchema(PAYLOAD_SCHEMAS[name], { target: 'draft-2020-12', io: 'output' });
  return { ...schema, $id: siteUrl(`/api/v1/schema/${name}.json`, base), title: `Resetcast ${name} payload (v1)` };
}
