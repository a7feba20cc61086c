import { jsonResponse } from '../../../lib/http.ts';
import { catalog } from '../../../lib/mcp/discovery.ts';

export const GET = (): Response => jsonResponse(catalog());
