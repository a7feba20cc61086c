/**
 * /mcp end to end on the real local Netlify runtime: the official SDK client, then raw HTTP for every bad input.
 * Tool results are compared with the payload files the same runtime serves under /api/v1/.
 */
import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';
import { aiCatalog, catalog, registryServerJson, serverCard } from '../../src/mcp/discovery.ts';
import { describeClients } from '../support/mcp-clients.ts';
import { LIST_RESETS_ARGUMENT_ERRORS, toolArgumentError } from '../support/mcp-argument-errors.ts';
import { SITE } from '../../src/core/site.ts';

const { baseUrl } = await e2eRuntime();
const mcpUrl = `${baseUrl}/mcp`;
const published = async (name: string): Promise<string> => (await fetch(`${baseUrl}/api/v1/${name}.json`)).text();
const textOf = (r: unknown): string => ((r as { content: { text: string }[] }).content.at(-1) as { text: string }).text;

/**
 * A call and the published file of one timetable state (docs/timetable.md): forecast.json is the state for
 * the request's instant, so a call is compared with the file read before and after it only when both reads
 * agree (no state began in between); a boundary crossed means trying again.
 */
async function withinOneState<T>(name: string, call: () => Promise<T>): Promise<{ result: T; text: string }> {
  for (;;) {
    const before = await published(name);
    const result = await call();
    if ((await published(name)) === before) return { result, text: before };
  }
}

describe('the official SDK client over Streamable HTTP', () => {
  const client = new Client({ name: 'resetcast-e2e', version: '1.0.0' });
  beforeAll(async () => {
    await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  });
  afterAll(async () => {
    await client.close();
  });

  it('initializes with the server info and the attribution request', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'app.netlify.resetcast/resetcast', title: 'Resetcast', version: '1.0.0' });
    expect(client.getInstructions()).toContain('"Data: Resetcast"');
    // Its tools are fixed at build time: it must not invite clients to wait for list_changed notifications.
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
  });

  it('lists the three read-only tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['get_reset_forecast', 'list_codex_resets', 'get_status_signals']);
    for (const t of tools) expect(t.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
  });

  it.each([
    ['get_reset_forecast', 'forecast'],
    ['get_status_signals', 'signals'],
  ])('%s returns %s.json byte for byte', async (name, file) => {
    const { result, text } = await withinOneState(file, () => client.callTool({ name, arguments: {} }));
    expect(textOf(result)).toBe(text);
    expect(result.structuredContent).toEqual(JSON.parse(text));
  });

  it('get_reset_forecast starts with a line saying "not vouched for" exactly when forecast.json says available: false (issue 32)', async () => {
    const { result, text } = await withinOneState('forecast', () => client.callTool({ name: 'get_reset_forecast', arguments: {} }));
    const { available, p24 } = JSON.parse(text) as { available: boolean; p24: number };
    const blocks = (result as { content: { text: string }[] }).content.map((c) => c.text);
    if (available) expect(blocks).toEqual([text]);
    else expect(blocks[0]).toMatch(new RegExp(`^NOT VOUCHED FOR \\(available: false\\): p24 ${p24} % `));
  });

  it('list_codex_resets returns the newest 20 events by default, and all of timeline.json with limit 100', async () => {
    const timeline = await published('timeline');
    const all = (JSON.parse(timeline) as { events: { id: string; ts: string }[] }).events;
    const first = await client.callTool({ name: 'list_codex_resets', arguments: {} });
    expect((first.structuredContent as { events: unknown[] }).events).toEqual(all.slice(0, 20));
    expect(all.length).toBeLessThanOrEqual(100);
    const every = await client.callTool({ name: 'list_codex_resets', arguments: { limit: 100 } });
    expect(textOf(every)).toBe(timeline);
  });

  it('list_codex_resets with since keeps the whole UTC day and everything after', async () => {
    const all = (JSON.parse(await published('timeline')) as { events: { id: string; date: string; ts: string }[] }).events;
    const day = all[Math.min(4, all.length - 1)]?.date ?? '2026-01-01';
    const result = await client.callTool({ name: 'list_codex_resets', arguments: { since: day, limit: 100 } });
    expect((result.structuredContent as { events: unknown[] }).events).toEqual(all.filter((e) => e.ts.slice(0, 10) >= day));
  });

  it('reports a bad argument as a tool error the model can correct', async () => {
    const result = await client.callTool({ name: 'list_codex_resets', arguments: { limit: 1000 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(toolArgumentError('list_codex_resets', 'limit must be a whole number from 1 to 100 (got 1000).'));
  });
});

describe('real clients of both eras', () => {
  describeClients(() => baseUrl);
});

/** POSTs a raw body with exactly the given headers (fetch would always add an Accept header). */
function rawPost(
  body: string,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(mcpUrl, { method, headers: { ...headers, 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('raw HTTP against /mcp', () => {
  const post = (body: string, headers: Record<string, string> = { 'Content-Type': 'application/json' }): Promise<Response> =>
    fetch(mcpUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(20_000) });
  const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

  it.each([
    ['body not JSON', '{"jsonrpc":', 400, -32700, /^Parse error: request body is not valid JSON/],
    ['not a JSON-RPC request', '{"hello":"world"}', 400, -32600, /^Invalid Request: "jsonrpc" must be "2.0"$/],
    ['a batch', `[${ping}]`, 400, -32600, /^Invalid Request: JSON-RPC batches are not supported/],
    ['unknown method', '{"jsonrpc":"2.0","id":2,"method":"prompts/list"}', 200, -32601, /^Method not found: "prompts\/list"/],
    [
      'unknown tool',
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"drop_tables"}}',
      200,
      -32602,
      /^Unknown tool: "drop_tables"/,
    ],
    [
      'body over 1 MiB',
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping', params: { pad: 'x'.repeat(1_100_000) } }),
      413,
      -32000,
      /^Payload Too Large/,
    ],
  ])('%s → HTTP %i, JSON-RPC %i', async (_label, body, status, code, message) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const json = (await res.json()) as { jsonrpc: string; error: { code: number; message: string } };
    expect(json.jsonrpc).toBe('2.0');
    expect(json.error.code).toBe(code);
    expect(json.error.message).toMatch(message);
  });

  it.each(LIST_RESETS_ARGUMENT_ERRORS)('list_codex_resets %j → tool error: %s', async (args, message) => {
    const res = await post(
      JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'list_codex_resets', arguments: args } }),
    );
    expect(res.status).toBe(200);
    const json = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } };
    expect(json.result.isError).toBe(true);
    expect(json.result.content[0]?.text).toBe(toolArgumentError('list_codex_resets', message));
  });

  it('refuses a wrong content type with 415', async () => {
    const res = await post(ping, { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'Unsupported Media Type: Content-Type must be application/json, got "text/plain"',
    );
  });

  it.each(['GET', 'DELETE', 'PUT'])('answers %s with 405 and Allow, at once (no event stream)', async (method) => {
    const res = await fetch(mcpUrl, { method, headers: { Accept: 'text/event-stream' }, signal: AbortSignal.timeout(20_000) });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32000);
  });

  // Known platform gap, kept visible: Netlify's function bootstrap builds a fetch Request before our
  // handler runs, and `new Request(…, {method: 'TRACE'})` throws, so the runtime answers 500 with its own
  // stack trace; no code of ours can run for TRACE (docs/mcp.md). `it.fails` turns red once Netlify answers 405.
  it.fails('expected fail, a Netlify platform gap: answers TRACE with 405 and Allow (Netlify answers 500 before our code runs)', async () => {
    const res = await rawPost('', {}, 'TRACE');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('POST, OPTIONS');
    expect((JSON.parse(res.text) as { error: { code: number } }).error.code).toBe(-32000);
  });

  it('answers a task-augmented tools/call (params.task) normally: this server declares no tasks capability', async () => {
    const res = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'tools/call',
        params: { name: 'get_reset_forecast', arguments: {}, task: { ttl: 60000 } },
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { content: { text: string }[] } };
    expect(body.result.content.at(-1)!.text).toBe(await published('forecast'));
  });

  it('answers the CORS preflight', async () => {
    const res = await fetch(mcpUrl, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://example.org',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-protocol-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
  });

  it.each([
    ['Accept */*', { 'Content-Type': 'application/json', Accept: '*/*' }],
    ['no Accept header', { 'Content-Type': 'application/json' }],
  ])('tolerates %s', async (_label, headers) => {
    const res = await rawPost(ping, headers);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(JSON.parse(res.text)).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
  });
});

describe('discovery documents', () => {
  it.each([
    ['/.well-known/mcp/catalog.json', catalog(SITE.url)],
    ['/.well-known/ai-catalog.json', aiCatalog(SITE.url)],
    ['/mcp/server-card', serverCard(SITE.url)],
    ['/server.json', registryServerJson(SITE.url)],
  ])('%s is published from the one config', async (path, want) => {
    const res = await fetch(`${baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(want);
  });
});

describe('raw HTTP in the 2026-07-28 era: each refusal the specification names, then a normal answer', () => {
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'curl', version: '8' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const HEADERS = { 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2026-07-28' };
  const post = (body: unknown, headers: Record<string, string>): Promise<Response> =>
    fetch(mcpUrl, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
  const forecastCall = { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {}, _meta: META } };
  const forecastHeaders = { ...HEADERS, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'get_reset_forecast' };

  it('server/discover: the revision, resultType and a public 5-minute cache hint', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
      { ...HEADERS, 'Mcp-Method': 'server/discover' },
    );
    expect(res.status).toBe(200);
    const { result } = (await res.json()) as { result: Record<string, unknown> };
    expect(result).toMatchObject({
      supportedVersions: ['2026-07-28'],
      resultType: 'complete',
      ttlMs: 300_000,
      cacheScope: 'public',
      capabilities: { tools: { listChanged: false } },
    });
  });

  it('tools/call: the payload byte for byte, with resultType', async () => {
    const { result: body, text } = await withinOneState('forecast', async () => (await post(forecastCall, forecastHeaders)).json());
    const { result } = body as { result: { resultType: string; content: { text: string }[] } };
    expect(result.resultType).toBe('complete');
    expect(result.content.at(-1)?.text).toBe(text);
  });

  it.each([
    ['Mcp-Method contradicting the body', 400, -32020, forecastCall, { ...forecastHeaders, 'Mcp-Method': 'tools/list' }],
    ['Mcp-Name contradicting the body', 400, -32020, forecastCall, { ...forecastHeaders, 'Mcp-Name': 'get_status_signals' }],
    ['MCP-Protocol-Version contradicting _meta', 400, -32020, forecastCall, { ...forecastHeaders, 'MCP-Protocol-Version': '2025-11-25' }],
    [
      'an unsupported revision',
      400,
      -32022,
      { ...forecastCall, params: { ...forecastCall.params, _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } },
      { ...forecastHeaders, 'MCP-Protocol-Version': '2099-01-01' },
    ],
    ['_meta missing', 400, -32602, { jsonrpc: '2.0', id: 9, method: 'tools/list', params: {} }, { ...HEADERS, 'Mcp-Method': 'tools/list' }],
    [
      '_meta of the wrong type',
      400,
      -32602,
      { jsonrpc: '2.0', id: 9, method: 'tools/list', params: { _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': 'all' } } },
      { ...HEADERS, 'Mcp-Method': 'tools/list' },
    ],
    [
      'ping, gone in this revision',
      404,
      -32601,
      { jsonrpc: '2.0', id: 9, method: 'ping', params: { _meta: META } },
      { ...HEADERS, 'Mcp-Method': 'ping' },
    ],
    [
      'an unknown tool',
      200,
      -32602,
      { ...forecastCall, params: { ...forecastCall.params, name: 'drop_tables' } },
      { ...forecastHeaders, 'Mcp-Name': 'drop_tables' },
    ],
    ['a foreign browser Origin', 403, -32000, forecastCall, { ...forecastHeaders, Origin: 'https://example.org' }],
  ] as const)('%s → HTTP %i, JSON-RPC %i', async (_label, status, code, body, headers) => {
    const res = await post(body, headers);
    expect(res.status).toBe(status);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const json = (await res.json()) as { jsonrpc: string; error: { code: number; message: string } };
    expect(json.jsonrpc).toBe('2.0');
    expect(json.error.code).toBe(code);
    const next = (await (await post(forecastCall, forecastHeaders)).json()) as { result: { content: { text: string }[] } };
    expect(next.result.content.at(-1)?.text).toBe(await published('forecast'));
  });

  it('an Mcp-Session-Id is ignored, none is sent back', async () => {
    const res = await post(forecastCall, { ...forecastHeaders, 'Mcp-Session-Id': 'stale' });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
  });

  it("the site's own Origin is allowed", async () => {
    expect((await post(forecastCall, { ...forecastHeaders, Origin: 'https://resetcast.netlify.app' })).status).toBe(200);
  });
});

describe('the discovery documents the runtime serves agree with its server/discover', () => {
  it('the server card lists first the revisions server/discover names', async () => {
    const META = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'e2e', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const discovered = (await (
      await fetch(mcpUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } }),
      })
    ).json()) as { result: { supportedVersions: string[] } };
    const card = (await (await fetch(`${baseUrl}/mcp/server-card`)).json()) as { remotes: { supportedProtocolVersions: string[] }[] };
    const versions = card.remotes[0]?.supportedProtocolVersions ?? [];
    expect(versions.slice(0, discovered.result.supportedVersions.length)).toEqual(discovered.result.supportedVersions);
  });
});
