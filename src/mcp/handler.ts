/**
 * The /mcp HTTP handler: CORS and method checks, the request guards, then a new stateless server and
 * transport for each request. Pure of I/O: the caller hands it the published payloads.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { guardPost, jsonRpcError } from './guards.ts';
import { methodNotAllowed, unavailableResponse, withHeaders } from './headers.ts';
import { PublishedFileError, publicReason, type PublishedPayloads } from './published.ts';
import { createServer, TOOL_NAMES } from './server.ts';
import { TOOLS } from './tools/index.ts';

export { ALLOW, CORS_HEADERS } from './headers.ts';

/** The transport insists on `Accept: application/json, text/event-stream`; real clients send `*\/*` or nothing. */
function forTransport(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set('Accept', 'application/json, text/event-stream');
  headers.delete('Content-Length');
  return new Request(req.url, { method: 'POST', headers });
}

/**
 * A tool's payload file is read on first use (published.ts); read it here, before the SDK, so a broken
 * deploy answers 503 with the reason rather than a tool error. Undefined when the request needs no file or
 * its file is fine.
 */
function unreadablePayload(message: unknown, payloads: PublishedPayloads): string | undefined {
  const m = message as { method?: unknown; params?: { name?: unknown } };
  if (m.method !== 'tools/call') return undefined;
  const tool = TOOLS.find((t) => t.name === m.params?.name);
  if (!tool) return undefined;
  try {
    void payloads[tool.output].text;
    return undefined;
  } catch (e) {
    // A file gone since the instance started fails here too, named without its filesystem path.
    return `published payloads unavailable: ${e instanceof PublishedFileError ? e.message : publicReason(e)}`;
  }
}

async function answer(req: Request, payloads: PublishedPayloads, toolList: ListToolsResult): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') {
    // Before the transport: on GET it would open a server-sent-event stream that never ends.
    return methodNotAllowed(req.method);
  }
  const guarded = await guardPost(req, TOOL_NAMES);
  if ('response' in guarded) return guarded.response;
  const missing = unreadablePayload(guarded.message, payloads);
  if (missing !== undefined) return unavailableResponse(missing);
  const server = createServer(payloads, toolList);
  // Stateless: no session id generator, one transport per request, JSON responses instead of SSE.
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  await server.connect(transport);
  // No server.close(): with JSON responses the answer is complete when handleRequest returns, and the
  // per-request server and transport hold no timers, sockets or listeners, so they are simply garbage.
  // Closing would only abort the already finished handler and build a "Connection closed" error with a
  // stack trace: a sixth of a warm request's time (`npm run bench`).
  return await transport.handleRequest(forTransport(req), { parsedBody: guarded.message });
}

/**
 * For a deploy whose published payloads are missing or invalid: every request gets a 503 JSON-RPC error
 * saying why, with the same CORS, no-store and nosniff headers as every other /mcp answer (the OpenAPI
 * document promises them for the 503 too).
 */
export function createUnavailableHandler(reason: string): (req: Request) => Promise<Response> {
  return async () => unavailableResponse(reason);
}

/** The /mcp handler over the published payloads; `toolList` is the tools/list answer (tool-list.ts). */
export function createMcpHandler(payloads: PublishedPayloads, toolList: ListToolsResult): (req: Request) => Promise<Response> {
  return async (req) => {
    try {
      return withHeaders(await answer(req, payloads, toolList));
    } catch (e) {
      return withHeaders(jsonRpcError(500, -32603, `Internal error: ${(e as Error).message}`));
    }
  };
}
