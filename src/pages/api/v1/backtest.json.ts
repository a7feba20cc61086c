import { loadBuild } from '../../../data.ts';
import { jsonResponse } from '../../../lib/http.ts';

export const GET = (): Response => jsonResponse(loadBuild().payloads['backtest']);
