import type { GetStaticPaths } from 'astro';
import { jsonResponse } from '../../../../lib/http.ts';
import { payloadJsonSchema } from '../../../../lib/jsonschema.ts';
import { PAYLOAD_NAMES, type PayloadName } from '../../../../lib/payloads.ts';
import { SITE } from '../../../../lib/site.ts';

export const getStaticPaths = (() => PAYLOAD_NAMES.map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET = ({ params }: { params: { name: PayloadName } }): Response => jsonResponse(payloadJsonSchema(params.name, SITE.url));
