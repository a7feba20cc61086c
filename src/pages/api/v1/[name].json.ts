import type { GetStaticPaths } from 'astro';
import { loadBuild } from '../../../data.ts';
import { jsonResponse } from '../../../lib/http.ts';
import { PAYLOAD_NAMES, type PayloadName } from '../../../lib/payloads.ts';

export const getStaticPaths = (() => PAYLOAD_NAMES.map((name) => ({ params: { name } }))) satisfies GetStaticPaths;

export const GET = ({ params }: { params: { name: PayloadName } }): Response => jsonResponse(loadBuild().payloads[params.name]);
