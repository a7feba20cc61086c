import { jsonResponse } from '../site/api/response.ts';
import { registryServerJson } from '../mcp/discovery.ts';
import { loadBuild } from '../site/data.ts';

/** The MCP Registry's description of the server (`mcp-publisher publish` reads a copy of it). */
export const GET = (): Response => jsonResponse(registryServerJson(loadBuild().base));
