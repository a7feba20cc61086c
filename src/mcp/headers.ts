/**
 * The headers on every /mcp answer, and the answers given before the handler runs (a broken deploy, a
 * busy local server). Set in code: netlify.toml's [[headers]] do not apply to functions.
 */
import { jsonRpcError } from './json-rpc.ts';

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  // Mcp-Method and Mcp-Name: a 2026-07-28 client sends them on every request (mirroring the body).
  'Access-Control-Allow-Headers': 'Content-Type, Accept, Mcp-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '86400',
};
export const ALLOW = 'POST, OPTIONS';

/** CORS, `Cache-Control: no-store` and `nosniff`: what the OpenAPI document promises for every /mcp answer. */
export function withHeaders(res: Response): Response {
  const headers = new Headers(res.headers);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Every method but POST and OPTIONS: 405 with Allow and a JSON-RPC error. Also what the local runtime
 * answers for TRACE, TRACK and CONNECT, which a fetch Request cannot carry to the handler at all.
 */
export function methodNotAllowed(method: string): Response {
  return withHeaders(
    jsonRpcError(405, -32000, `Method Not Allowed: ${method}. This stateless MCP endpoint answers POST only`, null, { Allow: ALLOW }),
  );
}

/** The published payloads are missing or invalid: 503 with the reason, so a broken deploy says what broke. */
export function unavailableResponse(reason: string): Response {
  return withHeaders(jsonRpcError(503, -32603, `Service Unavailable: ${reason}`));
}

/**
 * A server shedding load (the local runtime, `npm start`): 503 and Retry-After, a JSON-RPC error a client
 * can show, and the usual /mcp headers so a browser client can read it.
 */
export function busyResponse(retryAfterSeconds: number): Response {
  return withHeaders(
    jsonRpcError(503, -32000, `Server busy: too many requests in progress; retry after ${retryAfterSeconds} s`, null, {
      'Retry-After': String(retryAfterSeconds),
    }),
  );
}
