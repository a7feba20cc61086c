/**
 * The OpenAPI 3.1 description of every public endpoint, published at /api/v1/openapi.json.
 * Payload schemas are the JSON Schemas generated from src/core/schema/index.ts (the same ones served under
 * /api/v1/schema/), so the description cannot drift from the data.
 */
import { ENDPOINTS, OPENAPI_PATH, pascalCase, type Endpoint } from './endpoints.ts';
import { payloadJsonSchema } from './json-schema.ts';
import { PAYLOAD_NAMES } from './payloads.ts';
import { MAX_BODY_BYTES, MCP_PATH } from '../../mcp/config.ts';
import { TOOL_NAMES } from '../../mcp/tools/index.ts';
import { GET_RESET_FORECAST } from '../../mcp/tools/get-reset-forecast.ts';
import { LIST_RESETS } from '../../mcp/tools/list-resets.ts';
import { SCHEMA_VERSION } from '../../core/schema/index.ts';
import { DISCLAIMER, SITE, siteUrl } from '../../core/site.ts';

type Json = Record<string, unknown>;

export const OPENAPI_VERSION = '3.1.1';
export { OPENAPI_PATH };
/** Edge cache of the static files (netlify.toml): 5 minutes, docs/api.md. */
export const CACHE_CONTROL = 'public, max-age=300';

/** `event-notes` → `EventNotesPayload`: the component name of a payload schema. */
export const payloadComponentName = (name: string): string => `${pascalCase(name)}Payload`;

const ref = (kind: 'schemas' | 'headers' | 'responses', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

const CORS_AND_CACHE = { 'Access-Control-Allow-Origin': ref('headers', 'AllowOrigin'), 'Cache-Control': ref('headers', 'CacheControl') };

/** A static file: one GET with a 200 of its media type; edge files carry CORS and the 5-minute cache. */
function staticGet(e: Endpoint): Json {
  const schema = e.payload
    ? ref('schemas', payloadComponentName(e.payload))
    : { type: e.media === 'application/json' ? 'object' : 'string', description: e.body ?? e.summary };
  return {
    get: {
      operationId: e.operationId,
      tags: [e.tag],
      summary: e.summary,
      description: e.description,
      responses: { '200': { description: e.summary, ...(e.edge ? { headers: CORS_AND_CACHE } : {}), content: { [e.media]: { schema } } } },
    },
  };
}

const JSON_RPC_SCHEMAS: Record<string, Json> = {
  JsonRpcId: { type: ['string', 'integer'], description: 'Request id, echoed in the response' },
  JsonRpcRequest: {
    type: 'object',
    description: 'One JSON-RPC 2.0 request (with `id`) or notification (without). Batches are refused.',
    properties: {
      jsonrpc: { const: '2.0' },
      id: ref('schemas', 'JsonRpcId'),
      method: { type: 'string', examples: ['initialize', 'notifications/initialized', 'ping', 'tools/list', 'tools/call'] },
      params: { type: 'object' },
    },
    required: ['jsonrpc', 'method'],
  },
  JsonRpcResult: {
    type: 'object',
    properties: { jsonrpc: { const: '2.0' }, id: ref('schemas', 'JsonRpcId'), result: { type: 'object' } },
    required: ['jsonrpc', 'id', 'result'],
  },
  JsonRpcError: {
    type: 'object',
    properties: {
      jsonrpc: { const: '2.0' },
      id: { oneOf: [ref('schemas', 'JsonRpcId'), { type: 'null' }], description: 'null when the request had no usable id' },
      error: {
        type: 'object',
        properties: {
          code: { type: 'integer', examples: [-32700, -32600, -32601, -32602, -32603, -32000] },
          message: { type: 'string' },
          data: {},
        },
        required: ['code', 'message'],
      },
    },
    required: ['jsonrpc', 'id', 'error'],
  },
  JsonRpcResponse: { oneOf: [ref('schemas', 'JsonRpcResult'), ref('schemas', 'JsonRpcError')] },
};

const rpcError = (description: string, headers: Json = {}): Json => ({
  description,
  headers: { 'Access-Control-Allow-Origin': ref('headers', 'AllowOrigin'), 'Cache-Control': ref('headers', 'NoStore'), ...headers },
  content: { 'application/json': { schema: ref('schemas', 'JsonRpcError') } },
});

function mcpPath(): Json {
  const tools = TOOL_NAMES.join(', ');
  const notAllowed = (method: string): Json => ({
    operationId: `mcp${method[0]?.toUpperCase()}${method.slice(1)}`,
    tags: ['mcp'],
    summary: `${method.toUpperCase()} is not allowed`,
    description: 'The endpoint is stateless: no server-sent-event stream, no sessions. Only POST (and the OPTIONS preflight) are answered.',
    responses: { '405': ref('responses', 'McpMethodNotAllowed') },
  });
  return {
    post: {
      operationId: 'mcpCall',
      tags: ['mcp'],
      summary: 'MCP tool server (JSON-RPC 2.0, Streamable HTTP, stateless)',
      description: `Read-only Model Context Protocol server. Methods: initialize, ping, tools/list, tools/call. Tools: ${tools}. One JSON-RPC message per POST; the answer is a single JSON response, never a stream. No API key.`,
      parameters: [{ name: 'Mcp-Protocol-Version', in: 'header', required: false, schema: { type: 'string', examples: ['2025-06-18'] } }],
      requestBody: {
        required: true,
        description: `A JSON-RPC 2.0 request or notification, \`Content-Type: application/json\`, at most ${MAX_BODY_BYTES} bytes.`,
        content: {
          'application/json': {
            schema: ref('schemas', 'JsonRpcRequest'),
            examples: {
              listTools: { value: { jsonrpc: '2.0', id: 1, method: 'tools/list' } },
              forecast: { value: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: GET_RESET_FORECAST, arguments: {} } } },
              resets: { value: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: LIST_RESETS, arguments: { limit: 5 } } } },
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'The JSON-RPC response: a result, or a protocol error such as -32601 (unknown method) or -32602 (unknown tool, bad arguments).',
          headers: { 'Access-Control-Allow-Origin': ref('headers', 'AllowOrigin'), 'Cache-Control': ref('headers', 'NoStore') },
          content: { 'application/json': { schema: ref('schemas', 'JsonRpcResponse') } },
        },
        '202': { description: 'A notification was accepted; no body.' },
        '400': rpcError('Parse error (-32700) or invalid request (-32600): not JSON, a batch, or not a JSON-RPC 2.0 request.'),
        '413': rpcError(`The body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`),
        '415': rpcError('Content-Type is not application/json.'),
        '500': rpcError('Internal error (-32603).'),
        '503': rpcError(
          'The deploy is missing its published payloads (-32603); on a self-hosted server (`npm start`), also: too busy, ' +
            'retry after the Retry-After seconds (-32000).',
        ),
      },
    },
    options: {
      operationId: 'mcpPreflight',
      tags: ['mcp'],
      summary: 'CORS preflight',
      responses: {
        '204': {
          description: 'CORS preflight answer',
          headers: {
            'Access-Control-Allow-Origin': ref('headers', 'AllowOrigin'),
            'Access-Control-Allow-Methods': ref('headers', 'McpAllow'),
            'Access-Control-Allow-Headers': {
              description: 'Request headers a browser may send',
              schema: { type: 'string', examples: ['Content-Type, Accept, Mcp-Protocol-Version'] },
            },
          },
        },
      },
    },
    get: notAllowed('get'),
    put: notAllowed('put'),
    patch: notAllowed('patch'),
    delete: notAllowed('delete'),
    head: notAllowed('head'),
  };
}

/** The OpenAPI 3.1 document for the site at `base` (its public URL). */
export function createOpenApiDocument(base: string): Json {
  const names = [...PAYLOAD_NAMES];
  const object = (description: string): Json => ({ type: 'object', description });
  return {
    openapi: OPENAPI_VERSION,
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: `${SITE.name} API`,
      version: String(SCHEMA_VERSION),
      summary: SITE.description,
      description:
        `${DISCLAIMER}\n\nRead-only, free, no API key. The static files under /api/, /feed.xml, /feed.json, /alerts.xml, /alerts/ and /calendar.ics are sent with ` +
        `\`Access-Control-Allow-Origin: *\` and \`Cache-Control: ${CACHE_CONTROL}\`: a response can be up to 5 minutes older than the data; ` +
        'the payload timestamps (`generated_at`, `freshness`, `fetched_at`) tell its age. A breaking change is published under /api/v2/; ' +
        `/api/v1/ is never changed in place. Please credit "${SITE.attribution}".`,
      contact: { name: SITE.name, url: siteUrl('/developers/', base) },
    },
    externalDocs: { description: 'Developer guide', url: siteUrl('/developers/', base) },
    servers: [{ url: base.replace(/\/$/, '') }],
    security: [],
    tags: [
      { name: 'data', description: 'JSON payloads (docs/api.md in the source)' },
      { name: 'schemas', description: 'JSON Schemas and this document' },
      { name: 'feeds', description: 'Atom and iCalendar feeds, including the alert feeds' },
      { name: 'mcp', description: 'The MCP tool server and its discovery documents' },
      { name: 'clients', description: 'Reference clients' },
    ],
    paths: {
      ...Object.fromEntries(ENDPOINTS.filter((e) => e.tag === 'data').map((e) => [e.path, staticGet(e)])),
      '/api/v1/schema/{name}.json': {
        get: {
          operationId: 'getPayloadSchema',
          tags: ['schemas'],
          summary: 'JSON Schema (draft 2020-12) of a payload',
          parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string', enum: names } }],
          responses: {
            '200': {
              description: 'The JSON Schema',
              headers: CORS_AND_CACHE,
              content: { 'application/json': { schema: object('A JSON Schema document (draft 2020-12)') } },
            },
            '404': { description: 'No payload of that name' },
          },
        },
      },
      ...Object.fromEntries(ENDPOINTS.filter((e) => e.tag !== 'data').map((e) => [e.path, staticGet(e)])),
      [MCP_PATH]: mcpPath(),
    },
    components: {
      schemas: {
        ...Object.fromEntries(PAYLOAD_NAMES.map((name) => [payloadComponentName(name), payloadJsonSchema(name, base)])),
        ...JSON_RPC_SCHEMAS,
      },
      headers: {
        AllowOrigin: { description: 'CORS: any origin may read', schema: { type: 'string', const: '*' } },
        CacheControl: { description: 'Cached at the edge for 5 minutes', schema: { type: 'string', const: CACHE_CONTROL } },
        NoStore: { description: 'MCP answers are not cached', schema: { type: 'string', const: 'no-store' } },
        McpAllow: { description: 'Methods the MCP endpoint answers', schema: { type: 'string', const: 'POST, OPTIONS' } },
      },
      responses: {
        McpMethodNotAllowed: rpcError('Method not allowed (-32000); only POST is answered.', { Allow: ref('headers', 'McpAllow') }),
      },
    },
  };
}
