import { jsonResponse } from '../../lib/http.ts';
import { serverCard } from '../../lib/mcp/discovery.ts';

export const GET = (): Response => jsonResponse(serverCard());
