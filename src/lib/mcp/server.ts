/** `createServer(payloads)`: a fresh read-only MCP server with the three tools, one per request. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { SITE } from '../site.ts';
import { MCP_SERVER } from './config.ts';
import type { PublishedPayloads } from './published.ts';
import { GET_RESET_FORECAST, getResetForecastConfig, registerGetResetForecastTool } from './tools/get-reset-forecast.ts';
import { GET_STATUS_SIGNALS, getStatusSignalsConfig, registerGetStatusSignalsTool } from './tools/get-status-signals.ts';
import { LIST_RESETS, listResetsConfig, registerListResetsTool } from './tools/list-resets.ts';

const TOOL_CONFIGS = [
  [GET_RESET_FORECAST, getResetForecastConfig],
  [LIST_RESETS, listResetsConfig],
  [GET_STATUS_SIGNALS, getStatusSignalsConfig],
] as const;
export const TOOL_NAMES: readonly string[] = TOOL_CONFIGS.map(([name]) => name);

/**
 * The tools/list answer, built the way McpServer builds it (a unit test holds the two equal), but once per
 * instance: converting the zod schemas to JSON Schema on every request would cost most of the request.
 */
export const toolList = ((): (() => ListToolsResult) => {
  let cached: ListToolsResult | undefined;
  return () =>
    (cached ??= {
      tools: TOOL_CONFIGS.map(([name, c]) => ({
        name,
        title: c.title,
        description: c.description,
        inputSchema: toJsonSchemaCompat(c.inputSchema, { strictUnions: true, pipeStrategy: 'input' }) as ListToolsResult['tools'][number]['inputSchema'],
        annotations: c.annotations,
        execution: { taskSupport: 'forbidden' },
        outputSchema: toJsonSchemaCompat(c.outputSchema, { strictUnions: true, pipeStrategy: 'output' }) as ListToolsResult['tools'][number]['inputSchema'],
      })),
    });
})();

/**
 * The SDK's server uses a JSON Schema validator only to check a client's answer to an elicitation request,
 * which this read-only server never sends. Left to itself it would build an Ajv for every per-request
 * server (and ~8 ms of every cold start); this one says plainly that it is never meant to be called.
 */
export const noElicitationValidator: jsonSchemaValidator = {
  getValidator() {
    throw new Error('Resetcast never requests input from clients (no elicitation), so it validates no client answers');
  },
};

export function createServer(payloads: PublishedPayloads, options: { cachedToolList?: boolean } = {}): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER.name, title: MCP_SERVER.title, version: MCP_SERVER.version, websiteUrl: SITE.url },
    { instructions: MCP_SERVER.instructions, jsonSchemaValidator: noElicitationValidator },
  );
  registerGetResetForecastTool(server, payloads);
  registerListResetsTool(server, payloads);
  registerGetStatusSignalsTool(server, payloads);
  if (options.cachedToolList !== false) server.server.setRequestHandler(ListToolsRequestSchema, toolList);
  return server;
}
