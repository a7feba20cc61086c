/**
 * `createServer(payloads, toolList, base)`: a fresh read-only MCP server with every tool of the registry, one per
 * request, in either era. It is the SDK's low-level `Server` with two handlers: tools/list answers the
 * ready-made list (tool-list.ts: baked in by the build, or computed once per instance), so no request
 * converts zod schemas to JSON Schema; tools/call runs the tool of the registry. The SDK adds what each era
 * needs around them: `initialize` and `ping` (2025 era), `server/discover`, `resultType`, the caching
 * hints and `serverInfo` in `_meta` (2026-07-28).
 */
import { ProtocolError, Server, type CallToolResult, type jsonSchemaValidator, type ListToolsResult } from '@modelcontextprotocol/server';
import { MCP_SERVER, mcpServerName } from './config.ts';
import { CACHE_HINT, PROTOCOL_VERSIONS } from './protocol.ts';
import type { PublishedPayloads } from './tools/published.ts';
import { TOOL_NAMES, TOOLS } from './tools/index.ts';

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

/** `Unknown tool: "x". Available tools: …`: a protocol error (-32602), per the MCP spec, in both eras. */
export function unknownToolMessage(name: unknown): string {
  return `Unknown tool: ${JSON.stringify(name)}. Available tools: ${TOOL_NAMES.join(', ')}`;
}

function callTool(payloads: PublishedPayloads, params: { name: string; arguments?: unknown }): CallToolResult {
  const tool = TOOLS.find((t) => t.name === params.name);
  if (!tool) throw new ProtocolError(-32602, unknownToolMessage(params.name));
  return tool.call(payloads, params.arguments);
}

/** `base` is the site's address the server names itself under (the build's: pinned into the function). */
export function createServer(payloads: PublishedPayloads, toolList: ListToolsResult, base: string): Server {
  const server = new Server(
    { name: mcpServerName(base), title: MCP_SERVER.title, version: MCP_SERVER.version, websiteUrl: base },
    {
      // Its tools are fixed at build time: it never sends notifications/tools/list_changed.
      capabilities: { tools: { listChanged: false } },
      instructions: MCP_SERVER.instructions,
      supportedProtocolVersions: [...PROTOCOL_VERSIONS],
      cacheHints: { 'tools/list': CACHE_HINT, 'server/discover': CACHE_HINT },
      jsonSchemaValidator: noElicitationValidator,
    },
  );
  server.setRequestHandler('tools/list', () => toolList);
  server.setRequestHandler('tools/call', (request) => callTool(payloads, request.params));
  return server;
}
