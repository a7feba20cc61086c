import type { GetStaticPaths } from 'astro';
import { loadBuild } from '../../../site/data.ts';
import { jsonResponse } from '../../../site/api/response.ts';
import { PAYLOAD_NAMES, type PayloadName } from '../../../site/api/payloads.ts';

export const getStaticPaths = (() => PAYLOAD_NAMES.map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET = ({ params }: { params: { name: PayloadName } }): Response => jsonResponse(loadBuild().payloads[params.name]);
