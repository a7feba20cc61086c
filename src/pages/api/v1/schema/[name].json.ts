import type { GetStaticPaths } from 'astro';
import { jsonResponse } from '../../../../site/api/response.ts';
import { payloadJsonSchema } from '../../../../site/api/json-schema.ts';
import { PAYLOAD_NAMES, type PayloadName } from '../../../../site/api/payloads.ts';
import { loadBuild } from '../../../../site/data.ts';

export const getStaticPaths = (() => PAYLOAD_NAMES.map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET = ({ params }: { params: { name: PayloadName } }): Response =>
  jsonResponse(payloadJsonSchema(params.name, loadBuild().base));
