import { jsonResponse } from '../../../site/api/response.ts';
import { createOpenApiDocument } from '../../../site/api/openapi.ts';
import { SITE } from '../../../core/site.ts';

export const GET = (): Response => jsonResponse(createOpenApiDocument(SITE.url));
