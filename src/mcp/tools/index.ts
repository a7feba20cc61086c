/**
 * The one list of MCP tools. Registration, the cached tools/list answer, the guards' unknown-tool check,
 * the server instructions and the OpenAPI description all read it: adding a tool is a file in this
 * folder (made with `defineTool`) and one entry here.
 */
import { getResetForecastTool } from './get-reset-forecast.ts';
import { getStatusSignalsTool } from './get-status-signals.ts';
import { listResetsTool } from './list-resets.ts';
import type { McpTool } from './tool.ts';

/** In the order tools/list shows them. */
export const TOOLS: readonly McpTool[] = [getResetForecastTool, listResetsTool, getStatusSignalsTool];

export const TOOL_NAMES: readonly string[] = TOOLS.map((t) => t.name);
