import { jsonResponse } from '../../site/api/response.ts';
import { aiCatalog } from '../../mcp/discovery.ts';
import { loadBuild } from '../../site/data.ts';

/** The AI Catalog (cross-protocol discovery): the MCP catalog's entries, at the well-known path. */
export const GET = (): Response => jsonResponse(aiCatalog(loadBuild().base));
