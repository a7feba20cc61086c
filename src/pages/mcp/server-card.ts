import { jsonResponse } from '../../site/api/response.ts';
import { serverCard } from '../../mcp/discovery.ts';
import { loadBuild } from '../../site/data.ts';

export const GET = (): Response => jsonResponse(serverCard(loadBuild().base));
