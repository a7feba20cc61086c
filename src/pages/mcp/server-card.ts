import { jsonResponse } from '../../site/api/response.ts';
import { serverCard } from '../../mcp/discovery.ts';

export const GET = (): Response => jsonResponse(serverCard());
