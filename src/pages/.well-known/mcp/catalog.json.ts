import { jsonResponse } from '../../../site/api/response.ts';
import { catalog } from '../../../mcp/discovery.ts';
import { loadBuild } from '../../../site/data.ts';

export const GET = (): Response => jsonResponse(catalog(loadBuild().base));
