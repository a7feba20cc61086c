/** `createServer(payloads)`: a fresh read-only MCP server with every tool of the registry, one per request. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { SITE } from '../site.ts';
import { MCP_SERVER } from './config.ts';
import type { PublishedPayloads } from './published.ts';
import { TOOLS } from './tools/index.ts';

export { TOOL_NAMES } from './tools/index.ts';

type ToolSchema = ListToolsResult['tools'][number]['inputSchema'];

/**
 * The tools/list answer, built the way McpServer builds it (a unit test holds the two equal), but once per
 * instance: converting the zod schemas to JSON Schema on every request would cost most of the request.
 */
export const toolList = ((): (() => ListToolsResult) => {
  let cached: ListToolsResult | undefined;
  return () =>
    (cached ??= {
      tools: TOOLS.map(({ name, config: c }) => ({
        name,
        title: c.title,
        description: c.description,
        inputSchema: toJsonSchemaCompat(c.inputSchema, { strictUnions: true, pipeStrategy: 'input' }) as ToolSchema,
        annotations: c.annotations,
        execution: { taskSupport: 'forbidden' },
        outputSchema: toJsonSchemaCompat(c.outputSchema, { strictUnions: true, pipeStrategy: 'output' }) as ToolSchema,
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
  for (const tool of TOOLS) tool.register(server, payloads);
  // McpServer declares `tools.listChanged: true` as soon as a tool is registered; this server's tools are
  // fixed at build time and it never sends notifications/tools/list_changed, so it says so (merged over).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  if (options.cachedToolList !== false) server.server.setRequestHandler(ListToolsRequestSchema, toolList);
  return server;
}
