/**
 * Request guards that run before the SDK, so every bad request gets a precise JSON-RPC error in either
 * era: the browser `Origin`, content type, size, JSON, the JSON-RPC envelope (no batches), then, once the
 * era is known (handler.ts), the method and its params. The SDK alone would say "Method not found" without
 * naming the method, dump a zod issue list for bad params, and open an SSE stream on GET.
 */
import { isJsonContentType, specTypeSchemas } from '@modelcontextprotocol/server';
import { readCappedBody } from '../core/capped-body.ts';
import { MAX_BODY_BYTES } from './endpoint.ts';
import { jsonRpcError, type RequestId } from './json-rpc.ts';
import { REQUEST_METHODS, type Era } from './protocol.ts';

export { jsonRpcError, type RequestId } from './json-rpc.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function usableId(v: unknown): RequestId | null {
  return typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)) ? v : null;
}

/** The site's own pages (on `base`, the site's address) may call /mcp from a browser; so may anything served from this machine. */
const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Why a request's `Origin` is refused, or undefined when it is allowed. The MCP transport (2025-06-18 on,
 * and 2026-07-28) says servers MUST validate `Origin` and answer an invalid one with 403, against DNS
 * rebinding: a page elsewhere must not drive an agent's MCP client. Allowed: no `Origin` (every
 * non-browser client: agents, CLIs, curl), the site's own origin, and http(s) on localhost at any port.
 */
export function originProblem(origin: string | null, base: string): string | undefined {
  const siteOrigin = new URL(base).origin;
  if (origin === null || origin === siteOrigin) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTNAMES.has(url.hostname) && url.origin === origin)
    return undefined;
  return `Forbidden: Origin ${JSON.stringify(origin)} may not call this endpoint. Browsers may call it from ${siteOrigin} or from localhost; other clients send no Origin`;
}

/** Why a parsed body is not a JSON-RPC 2.0 request or notification, or undefined when it is one. */
export function envelopeProblem(body: unknown): string | undefined {
  if (Array.isArray(body)) return 'JSON-RPC batches are not supported: send one request per POST';
  if (!isPlainObject(body)) return 'expected a JSON-RPC 2.0 request object';
  if (body['jsonrpc'] !== '2.0') return '"jsonrpc" must be "2.0"';
  if (typeof body['method'] !== 'string') {
    return 'result' in body || 'error' in body
      ? 'this server accepts requests and notifications, not responses'
      : '"method" must be a string';
  }
  if ('id' in body && usableId(body['id']) === null) return '"id" must be a string or an integer';
  if ('params' in body && !isPlainObject(body['params'])) return '"params" must be an object';
  if (specTypeSchemas.JSONRPCMessage['~standard'].validate(body).issues !== undefined) return 'not a well-formed JSON-RPC 2.0 message';
  return undefined;
}

/**
 * The SDK's schema of each request method either era answers. Checked here because the SDK reports bad
 * params as a zod issue dump (and, on the 2025 leg, as an internal error).
 */
const REQUEST_SCHEMAS = {
  initialize: specTypeSchemas.InitializeRequest,
  ping: specTypeSchemas.PingRequest,
  'server/discover': specTypeSchemas.DiscoverRequest,
  'tools/list': specTypeSchemas.ListToolsRequest,
  'tools/call': specTypeSchemas.CallToolRequest,
} as const;

/** Why a request's params do not fit its method, e.g. `expected string, received undefined at params.name`. */
function paramsProblem(message: { method: string }): string | undefined {
  const schema = REQUEST_SCHEMAS[message.method as keyof typeof REQUEST_SCHEMAS];
  const result = schema['~standard'].validate(message);
  if (result.issues === undefined) return undefined;
  return result.issues
    .map(
      (i) => `${i.message.replace(/^Invalid input: /, '')} at ${(i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)).join('.')}`,
    )
    .join('; ');
}

export type Message = Record<string, unknown> & { jsonrpc: '2.0'; method: string; id?: RequestId; params?: Record<string, unknown> };
export type Guarded = { message: Message } | { response: Response };

/**
 * A task-augmented request (`params.task`) is answered as a normal one. This server declares no `tasks`
 * capability, and the MCP specification (2025-11-25, basic/utilities/tasks, "Behavior Requirements" ›
 * "Task Support and Handling", 1) says: "Receivers that do not declare the task capability for a request
 * type MUST process requests of that type normally, ignoring any task-augmentation metadata if present."
 * (The -32601 of "Tool-Level Negotiation" is for servers that do declare `tasks.requests.tools.call`.)
 */
function withoutTask(message: Message): Message {
  if (message.params === undefined || !('task' in message.params)) return message;
  const { task: _ignored, ...params } = message.params;
  return { ...message, params };
}

/** Content type, size, JSON and envelope: the checks a POST passes before its era is classified. */
export async function guardPost(req: Request): Promise<Guarded> {
  const type = req.headers.get('content-type');
  if (!isJsonContentType(type)) {
    return {
      response: jsonRpcError(
        415,
        -32000,
        `Unsupported Media Type: Content-Type must be application/json, got ${type === null ? 'none' : JSON.stringify(type)}`,
      ),
    };
  }
  let text: string;
  try {
    const body = await readCappedBody(req, MAX_BODY_BYTES);
    if ('tooLarge' in body)
      return { response: jsonRpcError(413, -32000, `Payload Too Large: request body must not exceed ${MAX_BODY_BYTES} bytes (1 MiB)`) };
    // Buffer, not TextDecoder: a byte-order mark stays in the text, so JSON.parse refuses it as before.
    text = Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength).toString('utf8');
  } catch {
    return { response: jsonRpcError(400, -32700, 'Parse error: the request body could not be read') };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    return { response: jsonRpcError(400, -32700, `Parse error: request body is not valid JSON (${(e as Error).message})`) };
  }
  const problem = envelopeProblem(body);
  if (problem !== undefined)
    return { response: jsonRpcError(400, -32600, `Invalid Request: ${problem}`, isPlainObject(body) ? usableId(body['id']) : null) };
  return { message: withoutTask(body as Message) };
}

/**
 * A request's method and params, checked for its era: -32601 naming the method and the era's methods
 * (HTTP 404 in 2026-07-28, whose transport pairs 404 with -32601; 200 before), -32602 naming the field.
 * Notifications (no id) are only acknowledged (202), so only requests are checked.
 */
export function requestProblem(message: Message, era: Era): Response | undefined {
  const id = usableId(message.id);
  if (id === null) return undefined;
  const methods = REQUEST_METHODS[era];
  if (!methods.includes(message.method)) {
    const revision = era === 'modern' ? 'In protocol revision 2026-07-28 this server' : 'This server';
    return jsonRpcError(
      era === 'modern' ? 404 : 200,
      -32601,
      `Method not found: ${JSON.stringify(message.method)}. ${revision} answers ${methods.join(', ')}`,
      id,
    );
  }
  const problem = paramsProblem(message);
  return problem === undefined ? undefined : jsonRpcError(200, -32602, `Invalid params for ${message.method}: ${problem}`, id);
}
