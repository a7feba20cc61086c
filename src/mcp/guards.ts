/**
 * Request guards that run before the SDK transport, so every bad request gets a precise JSON-RPC error
 * (the transport alone would call a non-request "-32700" and would open an SSE stream on GET).
 */
import { readRequestBody } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import {
  CallToolRequestSchema, InitializeRequestSchema, JSONRPCMessageSchema, ListToolsRequestSchema, PingRequestSchema, type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_BODY_BYTES } from './endpoint.ts';
import { jsonRpcError, type RequestId } from './json-rpc.ts';

export { jsonRpcError, type RequestId } from './json-rpc.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function usableId(v: unknown): RequestId | null {
  return typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v)) ? v : null;
}

/** Why a parsed body is not a JSON-RPC 2.0 request or notification, or undefined when it is one. */
export function envelopeProblem(body: unknown): string | undefined {
  if (Array.isArray(body)) return 'JSON-RPC batches are not supported: send one request per POST';
  if (!isPlainObject(body)) return 'expected a JSON-RPC 2.0 request object';
  if (body['jsonrpc'] !== '2.0') return '"jsonrpc" must be "2.0"';
  if (typeof body['method'] !== 'string') {
    return 'result' in body || 'error' in body ? 'this server accepts requests and notifications, not responses' : '"method" must be a string';
  }
  if ('id' in body && usableId(body['id']) === null) return '"id" must be a string or an integer';
  if ('params' in body && !isPlainObject(body['params'])) return '"params" must be an object';
  if (!JSONRPCMessageSchema.safeParse(body).success) return 'not a well-formed JSON-RPC 2.0 message';
  return undefined;
}

/**
 * The request methods the server answers, with the SDK's schema of each. Checked here because the SDK's
 * "Method not found" does not name the method, and it reports bad params as an internal error (-32603).
 */
const REQUEST_SCHEMAS = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
} as const;
export const REQUEST_METHODS: readonly string[] = Object.keys(REQUEST_SCHEMAS);

/** Why a request's params do not fit its method, e.g. `expected string, received undefined at params.name`. */
function paramsProblem(message: { method: string }): string | undefined {
  const schema = REQUEST_SCHEMAS[message.method as keyof typeof REQUEST_SCHEMAS];
  const result = schema.safeParse(message);
  if (result.success) return undefined;
  return result.error.issues.map((i) => `${i.message.replace(/^Invalid input: /, '')} at ${i.path.join('.')}`).join('; ');
}

export type Guarded = { message: JSONRPCMessage } | { response: Response };

/**
 * A task-augmented request (`params.task`) is answered as a normal one. This server declares no `tasks`
 * capability, and the MCP specification (2025-11-25, basic/utilities/tasks, "Behavior Requirements" ›
 * "Task Support and Handling", 1) says: "Receivers that do not declare the task capability for a request
 * type MUST process requests of that type normally, ignoring any task-augmentation metadata if present."
 * (The -32601 of "Tool-Level Negotiation" is for servers that do declare `tasks.requests.tools.call`.)
 * The SDK would refuse it instead, with -32603 "Server does not support task creation".
 */
function withoutTask(message: JSONRPCMessage & { params?: Record<string, unknown> }): JSONRPCMessage {
  if (message.params === undefined || !('task' in message.params)) return message;
  const { task: _ignored, ...params } = message.params;
  return { ...message, params } as JSONRPCMessage;
}

/** Content type, size, JSON, envelope, and tool name: the checks a POST passes before the transport sees it. */
export async function guardPost(req: Request, toolNames: readonly string[]): Promise<Guarded> {
  const type = req.headers.get('content-type');
  if (!isJsonContentType(type)) {
    return { response: jsonRpcError(415, -32000, `Unsupported Media Type: Content-Type must be application/json, got ${type === null ? 'none' : JSON.stringify(type)}`) };
  }
  let text: string;
  try {
    const body = await readRequestBody(req, MAX_BODY_BYTES);
    if (body.tooLarge) return { response: jsonRpcError(413, -32000, `Payload Too Large: request body must not exceed ${MAX_BODY_BYTES} bytes (1 MiB)`) };
    text = body.text;
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
  const id = isPlainObject(body) ? usableId(body['id']) : null;
  if (problem !== undefined) return { response: jsonRpcError(400, -32600, `Invalid Request: ${problem}`, id) };
  const message = body as JSONRPCMessage & { method: string; params?: Record<string, unknown> };
  // A notification (no id) is only acknowledged (202), so only requests are checked further.
  const refused = id === null ? undefined : requestProblem(message, id, toolNames);
  return refused === undefined ? { message: withoutTask(message) } : { response: refused };
}

function requestProblem(message: { method: string; params?: Record<string, unknown> }, id: RequestId, toolNames: readonly string[]): Response | undefined {
  if (!REQUEST_METHODS.includes(message.method)) {
    return jsonRpcError(200, -32601, `Method not found: ${JSON.stringify(message.method)}. This server answers ${REQUEST_METHODS.join(', ')}`, id);
  }
  const problem = paramsProblem(message);
  if (problem !== undefined) return jsonRpcError(200, -32602, `Invalid params for ${message.method}: ${problem}`, id);
  const name = message.method === 'tools/call' ? message.params?.['name'] : undefined;
  // The SDK would wrap an unknown tool as a tool result; the MCP spec makes it a protocol error.
  if (typeof name === 'string' && !toolNames.includes(name)) {
    return jsonRpcError(200, -32602, `Unknown tool: ${JSON.stringify(name)}. Available tools: ${toolNames.join(', ')}`, id);
  }
  return undefined;
}
