import { jsonResponse } from '../../../site/api/response.ts';
import { catalog } from '../../../mcp/discovery.ts';

export const GET = (): Response => jsonResponse(catalog());
