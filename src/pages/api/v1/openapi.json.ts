import { jsonResponse } from '../../../site/api/response.ts';
import { createOpenApiDocument } from '../../../site/api/openapi.ts';
import { loadBuild } from '../../../site/data.ts';

export const GET = (): Response => jsonResponse(createOpenApiDocument(loadBuild().base));
