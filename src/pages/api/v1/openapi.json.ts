import { jsonResponse } from '../../../lib/http.ts';
import { createOpenApiDocument } from '../../../lib/openapi.ts';
import { SITE } from '../../../lib/site.ts';

export const GET = (): Response => jsonResponse(createOpenApiDocument(SITE.url));
