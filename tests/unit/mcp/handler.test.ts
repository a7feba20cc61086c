import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpHandler, createUnavailableHandler } from '../../../src/mcp/handler.ts';
import { PUBLISHED_SCHEMAS } from '../../../src/mcp/published-schemas.ts';
import { createServer, noElicitationValidator, TOOL_NAMES } from '../../../src/mcp/server.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { TOOLS } from '../../../src/mcp/tools/index.ts';
import { miniPublished } from '../../support/published-payloads.ts';
import { LIST_RESETS_ARGUMENT_ERRORS, toolArgumentError } from '../../support/mcp-argument-errors.ts';
import { SITE } from '../../../src/core/site.ts';

const payloads = miniPublished();
const toolList = createToolList();
const handler = createMcpHandler(payloads, toolList, SITE.url);
const JSON_TYPE = { 'Content-Type': 'application/json' };

function post(body: unknown, headers: Record<string, string> = JSON_TYPE): Promise<Response> {
  return handler(
    new Request('http://localhost/mcp', { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
}
const call = (name: string, args?: unknown): Promise<Response> =>
  post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: args === undefined ? { name } : { name, arguments: args } });

function expectCors(res: Response): void {
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  expect(res.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
}

describe('HTTP methods', () => {
  it('answers OPTIONS (CORS preflight) with 204 and CORS headers', async () => {
    const res = await handler(new Request('http://localhost/mcp', { method: 'OPTIONS' }));
    expect(res.status).toBe(204);
    expectCors(res);
  });
  it.each(['GET', 'DELETE', 'PUT', 'PATCH', 'HEAD'])(
    'answers %s with 405, Allow and a JSON-RPC error, without a stream',
    async (method) => {
      const res = await handler(new Request('http://localhost/mcp', { method, headers: { Accept: 'text/event-stream' } }));
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect(res.headers.get('content-type')).toBe('application/json');
      expectCors(res);
      expect(await res.json()).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: `Method Not Allowed: ${method}. This stateless MCP endpoint answers POST only` },
      });
    },
  );
});

describe('Accept header as real clients send it', () => {
  it.each([
    [{ ...JSON_TYPE, Accept: 'application/json, text/event-stream' }],
    [{ ...JSON_TYPE, Accept: '*/*' }],
    [{ ...JSON_TYPE, Accept: 'application/json' }],
    [JSON_TYPE],
  ])('%j → a JSON result', async (headers) => {
    const res = await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expectCors(res);
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('bad requests get a precise JSON-RPC error', () => {
  const cases: [string, number, number, string | RegExp, string | number | null, () => Promise<Response>][] = [
    ['body not JSON', 400, -32700, /^Parse error: request body is not valid JSON \(/, null, () => post('{"jsonrpc": "2.0", ')],
    ['empty body', 400, -32700, /^Parse error: request body is not valid JSON/, null, () => post('')],
    ['a JSON number', 400, -32600, 'Invalid Request: expected a JSON-RPC 2.0 request object', null, () => post('42')],
    [
      'a batch',
      400,
      -32600,
      'Invalid Request: JSON-RPC batches are not supported: send one request per POST',
      null,
      () => post([{ jsonrpc: '2.0', id: 1, method: 'ping' }]),
    ],
    ['no jsonrpc member', 400, -32600, 'Invalid Request: "jsonrpc" must be "2.0"', 1, () => post({ id: 1, method: 'ping' })],
    ['jsonrpc 1.0', 400, -32600, 'Invalid Request: "jsonrpc" must be "2.0"', 1, () => post({ jsonrpc: '1.0', id: 1, method: 'ping' })],
    [
      'method not a string',
      400,
      -32600,
      'Invalid Request: "method" must be a string',
      'a',
      () => post({ jsonrpc: '2.0', id: 'a', method: 5 }),
    ],
    [
      'a response',
      400,
      -32600,
      'Invalid Request: this server accepts requests and notifications, not responses',
      2,
      () => post({ jsonrpc: '2.0', id: 2, result: {} }),
    ],
    [
      'id null',
      400,
      -32600,
      'Invalid Request: "id" must be a string or an integer',
      null,
      () => post({ jsonrpc: '2.0', id: null, method: 'ping' }),
    ],
    [
      'id 1.5',
      400,
      -32600,
      'Invalid Request: "id" must be a string or an integer',
      null,
      () => post({ jsonrpc: '2.0', id: 1.5, method: 'ping' }),
    ],
    [
      'params an array',
      400,
      -32600,
      'Invalid Request: "params" must be an object',
      3,
      () => post({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: [] }),
    ],
    [
      'unknown method',
      200,
      -32601,
      'Method not found: "resources/list". This server answers initialize, ping, tools/list, tools/call',
      4,
      () => post({ jsonrpc: '2.0', id: 4, method: 'resources/list' }),
    ],
    [
      'unknown tool',
      200,
      -32602,
      'Unknown tool: "delete_everything". Available tools: get_reset_forecast, list_codex_resets, get_status_signals',
      7,
      () => call('delete_everything'),
    ],
    [
      'tools/call without a name',
      200,
      -32602,
      'Invalid params for tools/call: expected string, received undefined at params.name',
      8,
      () => post({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: {} }),
    ],
    [
      'tools/call with arguments a string',
      200,
      -32602,
      'Invalid params for tools/call: expected record, received string at params.arguments',
      9,
      () => post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: 'x' } }),
    ],
    [
      'initialize without params',
      200,
      -32602,
      'Invalid params for initialize: expected object, received undefined at params',
      10,
      () => post({ jsonrpc: '2.0', id: 10, method: 'initialize' }),
    ],
    [
      'body over 1 MiB',
      413,
      -32000,
      'Payload Too Large: request body must not exceed 1048576 bytes (1 MiB)',
      null,
      () => post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(1_048_576) } })),
    ],
    [
      'text/plain body',
      415,
      -32000,
      'Unsupported Media Type: Content-Type must be application/json, got "text/plain"',
      null,
      () => post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'Content-Type': 'text/plain' }),
    ],
    [
      'form body',
      415,
      -32000,
      'Unsupported Media Type: Content-Type must be application/json, got "application/x-www-form-urlencoded"',
      null,
      () => post('a=1', { 'Content-Type': 'application/x-www-form-urlencoded' }),
    ],
    [
      'no content type',
      415,
      -32000,
      'Unsupported Media Type: Content-Type must be application/json, got none',
      null,
      () => handler(new Request('http://localhost/mcp', { method: 'POST', body: new Blob(['{}']) })),
    ],
  ];
  it.each(cases)('%s → HTTP %i, code %i', async (_label, status, code, message, id, send) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectCors(res);
    const body = await res.json();
    expect(body.jsonrpc).toBe('2.0');
    expect(body.id).toBe(id);
    expect(body.error.code).toBe(code);
    if (typeof message === 'string') expect(body.error.message).toBe(message);
    else expect(body.error.message).toMatch(message);
  });

  it.each(LIST_RESETS_ARGUMENT_ERRORS)('list_codex_resets %j → a tool error the model can correct: %s', async (args, detail) => {
    const res = await call('list_codex_resets', args);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toBe(toolArgumentError('list_codex_resets', detail));
  });
  it.each(['get_reset_forecast', 'get_status_signals'])('%s refuses an extra argument', async (name) => {
    const body = await (await call(name, { verbose: true })).json();
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toBe(toolArgumentError(name, 'unknown argument "verbose": this tool takes no arguments.'));
  });
  it('answers a notification with 202 and no body', async () => {
    const res = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(res.status).toBe(202);
    expect(await res.text()).toBe('');
    expectCors(res);
  });
});

describe('tools/call over HTTP', () => {
  it.each([
    ['get_reset_forecast', 'forecast'],
    ['get_status_signals', 'signals'],
    ['list_codex_resets', 'timeline'],
  ] as const)('%s returns %s.json byte for byte in its text block', async (name, file) => {
    const body = await (await call(name)).json();
    expect(body.result.content.at(-1)).toEqual({ type: 'text', text: payloads[file].text });
    expect(body.result.structuredContent).toEqual(JSON.parse(payloads[file].text));
  });
});

describe('a task-augmented request (params.task) to a server without the tasks capability', () => {
  // MCP 2025-11-25, basic/utilities/tasks, "Task Support and Handling" 1: processed normally, the task ignored.
  it('tools/call is answered as a normal call, not refused', async () => {
    const res = await post({
      jsonrpc: '2.0',
      id: 11,
      method: 'tools/call',
      params: { name: 'get_reset_forecast', arguments: {}, task: { ttl: 60000 } },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toBe(11);
    expect(body.error).toBeUndefined();
    expect(body.result.content.at(-1)).toEqual({ type: 'text', text: payloads.forecast.text });
    expect(body.result.task).toBeUndefined(); // no CreateTaskResult: the result itself
  });
  it('tools/list too', async () => {
    const body = await (await post({ jsonrpc: '2.0', id: 12, method: 'tools/list', params: { task: {} } })).json();
    expect(body.result.tools.map((t: { name: string }) => t.name)).toEqual([
      'get_reset_forecast',
      'list_codex_resets',
      'get_status_signals',
    ]);
  });
  it('the tasks/* methods stay unknown (-32601)', async () => {
    const body = await (await post({ jsonrpc: '2.0', id: 13, method: 'tasks/get', params: { taskId: 'x' } })).json();
    expect(body.error.code).toBe(-32601);
  });
});

describe('the precomputed tools/list', () => {
  it('equals what McpServer itself lists for the same tools registered with their output schemas', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    // The SDK's own listing: every tool registered the ordinary way, outputSchema included.
    const server = new McpServer({ name: 'reference', version: '1' }, { jsonSchemaValidator: noElicitationValidator });
    for (const t of TOOLS) server.registerTool(t.name, { ...t.config, outputSchema: PUBLISHED_SCHEMAS[t.output] }, () => ({ content: [] }));
    await server.connect(serverSide);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
    const listed = await client.listTools();
    await client.close();
    expect(JSON.parse(JSON.stringify(toolList))).toEqual(JSON.parse(JSON.stringify(listed)));
    expect(listed.tools.map((t) => t.name)).toEqual(['get_reset_forecast', 'list_codex_resets', 'get_status_signals']);
  });
  it('describes every argument, marks every tool read-only and closed-world', () => {
    for (const tool of toolList.tools) {
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool.title).toBeTruthy();
      expect(tool.outputSchema).toBeDefined();
      expect(tool.inputSchema.additionalProperties).toBe(false);
      for (const prop of Object.values(tool.inputSchema.properties ?? {}))
        expect((prop as { description?: string }).description).toBeTruthy();
    }
    const list = toolList.tools.find((t) => t.name === 'list_codex_resets');
    expect(list?.inputSchema.properties).toMatchObject({
      limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
      since: { type: 'string' },
    });
  });
});

describe('capabilities', () => {
  it('declares tools with listChanged false (the tools never change), to an SDK client', async () => {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createServer(payloads, toolList, SITE.url).connect(serverSide);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(clientSide);
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    await client.close();
  });
  it('says the same in the initialize answer over HTTP', async () => {
    const res = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).result.capabilities).toEqual({ tools: { listChanged: false } });
  });
});

describe('the tool registry', () => {
  it('is what tools/list shows and what the unknown-tool check accepts, in the same order', async () => {
    expect(TOOL_NAMES).toEqual(['get_reset_forecast', 'list_codex_resets', 'get_status_signals']);
    const body = await (await call('no_such_tool')).json();
    expect(body.error.message).toBe(
      'Unknown tool: "no_such_tool". Available tools: get_reset_forecast, list_codex_resets, get_status_signals',
    );
  });
});

describe('a deploy without its published payloads', () => {
  const unavailable = createUnavailableHandler('published payloads unavailable: api/v1/forecast.json: missing');
  it.each(['POST', 'OPTIONS', 'GET'])('answers %s with 503, a JSON-RPC error, CORS, no-store and nosniff', async (method) => {
    const res = await unavailable(
      new Request('http://localhost/mcp', { method, ...(method === 'POST' ? { headers: JSON_TYPE, body: '{}' } : {}) }),
    );
    expect(res.status).toBe(503);
    expectCors(res);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32603, message: 'Service Unavailable: published payloads unavailable: api/v1/forecast.json: missing' },
    });
  });
});
