/**
 * `createServer(payloads, toolList)`: a fresh read-only MCP server with every tool of the registry, one per
 * request. The tools/list answer is given ready-made (tool-list.ts: baked in by the build, or computed once
 * per instance), so no request converts zod schemas to JSON Schema.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation';
import { SITE } from '../core/site.ts';
import { MCP_SERVER } from './config.ts';
import type { PublishedPayloads } from './published.ts';
import { TOOLS } from './tools/index.ts';

export { TOOL_NAMES } from './tools/index.ts';
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

/** `toolList` answers tools/list; without it (tests), McpServer lists the tools as registered. */
export function createServer(payloads: PublishedPayloads, toolList?: ListToolsResult): McpServer {
  const server = new McpServer(
    { name: MCP_SERVER.name, title: MCP_SERVER.title, version: MCP_SERVER.version, websiteUrl: SITE.url },
    { instructions: MCP_SERVER.instructions, jsonSchemaValidator: noElicitationValidator },
  );
  for (const tool of TOOLS) tool.register(server, payloads);
  // McpServer declares `tools.listChanged: true` as soon as a tool is registered; this server's tools are
  // fixed at build time and it never sends notifications/tools/list_changed, so it says so (merged over).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  if (toolList) server.server.setRequestHandler(ListToolsRequestSchema, () => toolList);
  return server;
}
