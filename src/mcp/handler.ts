/**
 * The /mcp HTTP handler: CORS, method and Origin checks, the request guards, then the request's era
 * (2026-07-28 or the 2025-era `initialize` clients) and a new stateless server for it. Pure of I/O: the
 * caller hands it the published payloads.
 */
import {
  classifyInboundRequest,
  createMcpHandler as createSdkHandler,
  WebStandardStreamableHTTPServerTransport,
  type ListToolsResult,
} from '@modelcontextprotocol/server';
import { MAX_BODY_BYTES } from './endpoint.ts';
import { guardPost, jsonRpcError, originProblem, requestProblem, usableId, type Message } from './guards.ts';
import { methodNotAllowed, unavailableResponse, withHeaders } from './headers.ts';
import { MODERN_PROTOCOL_VERSIONS } from './protocol.ts';
import { PublishedFileError, publicReason, type PublishedPayloads } from './tools/published.ts';
import { createServer } from './server.ts';
import { TOOLS } from './tools/index.ts';

export { ALLOW, CORS_HEADERS } from './headers.ts';

/** The transports insist on `Accept: application/json, text/event-stream`; real clients send `*\/*` or nothing. */
function forTransport(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set('Accept', 'application/json, text/event-stream');
  headers.delete('Content-Length');
  return new Request(req.url, { method: 'POST', headers });
}

/**
 * A tool's payload file is read on first use (tools/published.ts); read it here, before the SDK, so a broken
 * deploy answers 503 with the reason rather than a tool error. Undefined when the request needs no file or
 * its file is fine.
 */
function unreadablePayload(message: Message, payloads: PublishedPayloads): string | undefined {
  if (message.method !== 'tools/call') return undefined;
  const tool = TOOLS.find((t) => t.name === message.params?.['name']);
  if (!tool) return undefined;
  try {
    void payloads[tool.output].text;
    return undefined;
  } catch (e) {
    // A file gone since the instance started fails here too, named without its filesystem path.
    return `published payloads unavailable: ${e instanceof PublishedFileError ? e.message : publicReason(e)}`;
  }
}

type Answer = (req: Request, message: Message) => Promise<Response>;

/**
 * 2025-era requests: a fresh server and a stateless transport (no session id) per request, answering
 * JSON rather than a one-event SSE stream (the SDK's own legacy fallback would stream).
 */
function legacyLeg(payloads: PublishedPayloads, toolList: ListToolsResult, base: string): Answer {
  return async (req, message) => {
    const server = createServer(payloads, toolList, base);
    const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
    await server.connect(transport);
    // No server.close(): with JSON responses the answer is complete when handleRequest returns, and the
    // per-request server and transport hold no timers, sockets or listeners, so they are simply garbage.
    return await transport.handleRequest(forTransport(req), { parsedBody: message });
  };
}

/**
 * 2026-07-28 requests: the SDK's per-request handler, strict (its legacy leg is ours). It checks what
 * the guards leave to it: the envelope in `_meta`, the protocol version, the `MCP-Protocol-Version`,
 * `Mcp-Method` and `Mcp-Name` headers against the body; it answers `server/discover` and adds `resultType`,
 * the caching hints and `serverInfo` to every result.
 */
function modernLeg(payloads: PublishedPayloads, toolList: ListToolsResult, base: string): Answer {
  const sdk = createSdkHandler(() => createServer(payloads, toolList, base), { legacy: 'reject', maxRequestBodySize: MAX_BODY_BYTES });
  return (req, message) => sdk.fetch(forTransport(req), { parsedBody: message });
}

/** The three protocol headers the classifier compares with the body, those present. */
function protocolHeaders(req: Request): { protocolVersionHeader?: string; mcpMethodHeader?: string; mcpNameHeader?: string } {
  const version = req.headers.get('mcp-protocol-version');
  const method = req.headers.get('mcp-method');
  const name = req.headers.get('mcp-name');
  return {
    ...(version === null ? {} : { protocolVersionHeader: version }),
    ...(method === null ? {} : { mcpMethodHeader: method }),
    ...(name === null ? {} : { mcpNameHeader: name }),
  };
}

async function answer(
  req: Request,
  payloads: PublishedPayloads,
  legs: Record<'modern' | 'legacy', Answer>,
  base: string,
): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') {
    // Before the SDK: on GET a 2025-era transport would open a server-sent-event stream that never ends.
    return methodNotAllowed(req.method);
  }
  const forbidden = originProblem(req.headers.get('origin'), base);
  if (forbidden !== undefined) return jsonRpcError(403, -32000, forbidden);
  const guarded = await guardPost(req);
  if ('response' in guarded) return guarded.response;
  const { message } = guarded;
  // The SDK's own classifier decides the era, exactly as its handler would: a request carrying the
  // 2026-07-28 envelope claim is modern; one without (initialize and every 2025-era request) is legacy.
  // Its refusals (headers contradicting the body, a bad envelope) are the spec's answers: passed on as is.
  const route = classifyInboundRequest({ httpMethod: 'POST', ...protocolHeaders(req), body: message });
  if (route.kind === 'reject') return jsonRpcError(route.httpStatus, route.code, route.message, usableId(message.id), {}, route.data);
  // A revision this server does not serve: the SDK answers with the supported list (-32022).
  const served = route.kind === 'legacy' || (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(route.classification.revision ?? '');
  if (served) {
    const refused = requestProblem(message, route.kind);
    if (refused !== undefined) return refused;
    const missing = unreadablePayload(message, payloads);
    if (missing !== undefined) return unavailableResponse(missing);
  }
  return legs[route.kind](req, message);
}

/**
 * For a deploy whose published payloads are missing or invalid: every request gets a 503 JSON-RPC error
 * saying why, with the same CORS, no-store and nosniff headers as every other /mcp answer (the OpenAPI
 * document promises them for the 503 too).
 */
export function createUnavailableHandler(reason: string): (req: Request) => Promise<Response> {
  return async () => unavailableResponse(reason);
}

/**
 * The /mcp handler over the published payloads; `toolList` is the tools/list answer (tool-list.ts), `base`
 * the site's address (the server's name and website, the one browser origin besides localhost).
 */
export function createMcpHandler(
  payloads: PublishedPayloads,
  toolList: ListToolsResult,
  base: string,
): (req: Request) => Promise<Response> {
  const legs = { modern: modernLeg(payloads, toolList, base), legacy: legacyLeg(payloads, toolList, base) };
  return async (req) => {
    try {
      return withHeaders(await answer(req, payloads, legs, base));
    } catch (e) {
      return withHeaders(jsonRpcError(500, -32603, `Internal error: ${(e as Error).message}`));
    }
  };
}
