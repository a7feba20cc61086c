/**
 * Both protocol eras on the one handler: 2026-07-28 (per-request `_meta`, `server/discover`, headers that
 * mirror the body) and the initialize-based 2025 era, plus the Origin rule. Expected values are from the
 * 2026-07-28 specification (SEP-2243 headers: -32020 on disagreement; -32022 and the supported list for an
 * unsupported version; -32601 paired with HTTP 404) and from the payload files themselves.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE } from '../../../src/core/site.ts';
import { EDGE_CACHE_SECONDS } from '../../../src/mcp/endpoint.ts';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { miniPublished } from '../../support/published-payloads.ts';

const payloads = miniPublished();
const toolList = createToolList();
const handler = createMcpHandler(payloads, toolList, SITE.url);
const TOOL_ORDER = ['get_reset_forecast', 'list_codex_resets', 'get_status_signals'];
const SERVER_INFO = { name: 'app.netlify.resetcast/resetcast', title: 'Resetcast', version: '1.0.0', websiteUrl: SITE.url };

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'eras-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

function post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return handler(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

/** A well-formed 2026-07-28 request: envelope in `_meta`, and the headers that mirror it. */
function modern(
  method: string,
  params: Record<string, unknown> = {},
  id: number | string = 1,
  headers: Record<string, string> = {},
): Promise<Response> {
  const name = typeof params['name'] === 'string' ? { 'Mcp-Name': params['name'] } : {};
  return post(
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: META } },
    { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...name, ...headers },
  );
}

const legacyInit = (protocolVersion: string): Promise<Response> =>
  post({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'eras-test', version: '1' } },
  });

async function expectError(
  res: Response,
  status: number,
  code: number,
  id: number | string | null,
): Promise<{ message: string; data?: unknown }> {
  expect(res.status).toBe(status);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const body = await res.json();
  expect(body.jsonrpc).toBe('2.0');
  expect(body.id).toBe(id);
  expect(body.result).toBeUndefined();
  expect(body.error.code).toBe(code);
  return body.error;
}

/** After any refusal the handler still answers a plain request: no state was left behind. */
async function expectStillAnswering(): Promise<void> {
  const body = await (await modern('tools/call', { name: 'get_reset_forecast', arguments: {} }, 99)).json();
  expect(body.result.content.at(-1).text).toBe(payloads.forecast.text);
}

describe('2026-07-28: server/discover', () => {
  it('names the revisions, the capabilities, the instructions and the server, with resultType and a public 5-minute cache hint', async () => {
    const res = await modern('server/discover');
    expect(res.status).toBe(200);
    const { result } = await res.json();
    expect(result.supportedVersions).toEqual(['2026-07-28']);
    expect(result.capabilities).toEqual({ tools: { listChanged: false } });
    expect(result.instructions).toContain('"Data: Resetcast"');
    expect(result.resultType).toBe('complete');
    expect(result.ttlMs).toBe(300_000);
    expect(result.cacheScope).toBe('public');
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toEqual(SERVER_INFO);
  });
  it('answers normally when its params carry a member it does not know (ignored, as JSON-RPC extensions are)', async () => {
    const { result } = await (await modern('server/discover', { verbose: true })).json();
    expect(result.supportedVersions).toEqual(['2026-07-28']);
  });
});

describe('2026-07-28: tools/list and tools/call', () => {
  it('lists the same tools as the 2025 era, in the same order, with the cache hint and without the 2025 task field', async () => {
    const { result } = await (await modern('tools/list')).json();
    expect(result.tools.map((t: { name: string }) => t.name)).toEqual(TOOL_ORDER);
    expect(result.ttlMs).toBe(EDGE_CACHE_SECONDS * 1000);
    expect(result.cacheScope).toBe('public');
    expect(result.resultType).toBe('complete');
    const legacy = (await (await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).json()).result;
    expect(legacy.ttlMs).toBeUndefined();
    expect(legacy.resultType).toBeUndefined();
    const withoutExecution = legacy.tools.map(({ execution: _e, ...t }: Record<string, unknown>) => t);
    expect(result.tools).toEqual(withoutExecution);
  });
  it.each([
    ['get_reset_forecast', {}, 'forecast'],
    ['get_status_signals', {}, 'signals'],
    ['list_codex_resets', { limit: 100 }, 'timeline'],
  ] as const)('%s returns %s.json byte for byte, with resultType complete', async (name, args, file) => {
    const { result } = await (await modern('tools/call', { name, arguments: args })).json();
    expect(result.resultType).toBe('complete');
    expect(result.content.at(-1)).toEqual({ type: 'text', text: payloads[file].text });
    expect(result.structuredContent).toEqual(JSON.parse(payloads[file].text));
    expect(result.isError).toBeUndefined();
  });
  it('list_codex_resets with limit 1 gives the newest event only, as in the 2025 era', async () => {
    const events = JSON.parse(payloads.timeline.text).events;
    const { result } = await (await modern('tools/call', { name: 'list_codex_resets', arguments: { limit: 1 } })).json();
    expect(result.structuredContent.events).toEqual(events.slice(0, 1));
  });
  it('words a bad argument exactly as the 2025 era does', async () => {
    const text =
      'MCP error -32602: Input validation error: Invalid arguments for tool list_codex_resets: limit must be a whole number from 1 to 100 (got 1000).';
    const modernResult = (await (await modern('tools/call', { name: 'list_codex_resets', arguments: { limit: 1000 } })).json()).result;
    const legacyResult = (
      await (
        await post({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_codex_resets', arguments: { limit: 1000 } } })
      ).json()
    ).result;
    expect(modernResult).toMatchObject({ isError: true, content: [{ type: 'text', text }] });
    expect(legacyResult).toEqual({ isError: true, content: [{ type: 'text', text }] });
  });
  it('refuses an unknown tool with -32602 listing the tools', async () => {
    const error = await expectError(await modern('tools/call', { name: 'delete_everything', arguments: {} }, 4), 200, -32602, 4);
    expect(error.message).toBe(`Unknown tool: "delete_everything". Available tools: ${TOOL_ORDER.join(', ')}`);
  });
  it('names the field of bad params', async () => {
    const res = await post(
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { _meta: META } },
      { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call' },
    );
    const error = await expectError(res, 200, -32602, 5);
    expect(error.message).toBe('Invalid params for tools/call: expected string, received undefined at params.name');
  });
  it.each(['ping', 'initialize', 'resources/list'])(
    'answers %s, which this revision does not have here, with 404 and -32601 naming the methods it has',
    async (method) => {
      const error = await expectError(await modern(method, {}, 6), 404, -32601, 6);
      expect(error.message).toBe(
        `Method not found: "${method}". In protocol revision 2026-07-28 this server answers server/discover, tools/list, tools/call`,
      );
    },
  );
});

describe('2026-07-28: bad input gets the answer the specification names, and the next request is fine', () => {
  const cases: [string, () => Promise<Response>, number, number, string | RegExp][] = [
    [
      'Mcp-Method contradicting the body',
      () => modern('tools/list', {}, 10, { 'Mcp-Method': 'tools/call' }),
      400,
      -32020,
      /Mcp-Method header names tools\/call/,
    ],
    [
      'Mcp-Name contradicting the body',
      () => modern('tools/call', { name: 'get_reset_forecast', arguments: {} }, 10, { 'Mcp-Name': 'get_status_signals' }),
      400,
      -32020,
      /Mcp-Name header names "get_status_signals"/,
    ],
    [
      'Mcp-Name missing on tools/call',
      () =>
        post(
          { jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'get_reset_forecast', _meta: META } },
          { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call' },
        ),
      400,
      -32020,
      /Mcp-Name header is absent/,
    ],
    [
      'MCP-Protocol-Version contradicting _meta',
      () => modern('tools/list', {}, 10, { 'MCP-Protocol-Version': '2025-06-18' }),
      400,
      -32020,
      /MCP-Protocol-Version header names 2025-06-18/,
    ],
    [
      'MCP-Protocol-Version missing',
      () => post({ jsonrpc: '2.0', id: 10, method: 'tools/list', params: { _meta: META } }, { 'Mcp-Method': 'tools/list' }),
      400,
      -32020,
      /MCP-Protocol-Version header is absent/,
    ],
    [
      '_meta missing under a 2026-07-28 header',
      () =>
        post(
          { jsonrpc: '2.0', id: 10, method: 'tools/list', params: {} },
          { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' },
        ),
      400,
      -32602,
      /missing the required per-request envelope key\(s\): _meta/,
    ],
    [
      '_meta without clientCapabilities',
      () =>
        post(
          {
            jsonrpc: '2.0',
            id: 10,
            method: 'tools/list',
            params: { _meta: { ...META, 'io.modelcontextprotocol/clientCapabilities': undefined } },
          },
          { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' },
        ),
      400,
      -32602,
      /clientCapabilities: missing/,
    ],
    [
      '_meta protocolVersion of the wrong type',
      () =>
        post(
          {
            jsonrpc: '2.0',
            id: 10,
            method: 'tools/list',
            params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 20260728 } },
          },
          { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/list' },
        ),
      400,
      -32602,
      /protocolVersion: Invalid input: expected string/,
    ],
    [
      'an initialize sent with the 2026-07-28 header',
      () =>
        post(
          {
            jsonrpc: '2.0',
            id: 10,
            method: 'initialize',
            params: { protocolVersion: '2026-07-28', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
          },
          { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'initialize' },
        ),
      400,
      -32020,
      /initialize request \(legacy handshake\)/,
    ],
  ];
  it.each(cases)('%s → HTTP %i, code %i', async (_label, send, status, code, message) => {
    const error = await expectError(await send(), status, code, 10);
    expect(error.message).toMatch(message);
    await expectStillAnswering();
  });
  it('an unknown protocol version → HTTP 400, -32022 with the supported revisions', async () => {
    const meta = { ...META, 'io.modelcontextprotocol/protocolVersion': '2027-01-01' };
    const res = await post(
      { jsonrpc: '2.0', id: 11, method: 'tools/list', params: { _meta: meta } },
      { 'MCP-Protocol-Version': '2027-01-01', 'Mcp-Method': 'tools/list' },
    );
    const error = await expectError(res, 400, -32022, 11);
    expect(error.data).toEqual({ supported: ['2026-07-28'], requested: '2027-01-01' });
    await expectStillAnswering();
  });
  it('an Mcp-Session-Id is ignored (the revision has no sessions), and none is sent back', async () => {
    const res = await modern('tools/list', {}, 12, { 'Mcp-Session-Id': 'leftover-from-2025' });
    expect(res.status).toBe(200);
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect((await res.json()).result.tools).toHaveLength(3);
  });
});

describe('the 2025 era (initialize)', () => {
  it.each(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])(
    'initialize asking for %s gets that version, the server info and no session id',
    async (version) => {
      const res = await legacyInit(version);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      const { result } = await res.json();
      expect(result.protocolVersion).toBe(version);
      expect(result.serverInfo).toEqual(SERVER_INFO);
      expect(result.capabilities).toEqual({ tools: { listChanged: false } });
    },
  );
  it.each(['2026-07-28', '2099-01-01'])(
    'initialize asking for %s (not an initialize-era version) is offered 2025-11-25, the newest it has',
    async (version) => {
      const { result } = await (await legacyInit(version)).json();
      expect(result.protocolVersion).toBe('2025-11-25');
      await expectStillAnswering();
    },
  );
  it('a 2025 request carries no resultType and no cache fields', async () => {
    const { result } = await (
      await post(
        { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_reset_forecast' } },
        { 'MCP-Protocol-Version': '2025-06-18' },
      )
    ).json();
    expect(Object.keys(result).sort()).toEqual(['content', 'structuredContent']);
    expect(result.content.at(-1)).toEqual({ type: 'text', text: payloads.forecast.text });
    expect(result.structuredContent).toEqual(JSON.parse(payloads.forecast.text));
  });
  it('server/discover without the 2026-07-28 envelope is a 2025 request: -32601 listing the 2025 methods', async () => {
    const error = await expectError(await post({ jsonrpc: '2.0', id: 2, method: 'server/discover' }), 200, -32601, 2);
    expect(error.message).toBe('Method not found: "server/discover". This server answers initialize, ping, tools/list, tools/call');
  });
});

describe('the Origin rule', () => {
  it.each([
    ['no Origin (agents, CLIs, curl)', {}],
    ['the site itself', { Origin: new URL(SITE.url).origin }],
    ['localhost', { Origin: 'http://localhost:4321' }],
    ['127.0.0.1', { Origin: 'http://127.0.0.1:8888' }],
    ['[::1]', { Origin: 'http://[::1]:3000' }],
  ])('allows %s', async (_label, headers) => {
    expect((await modern('tools/list', {}, 1, headers)).status).toBe(200);
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, headers)).status).toBe(200);
  });
  it.each(['https://evil.example', 'null', 'http://resetcast.netlify.app.evil.example', 'file://', 'not a url'])(
    'refuses Origin %s with 403 and a JSON-RPC error, in both eras',
    async (origin) => {
      for (const res of [
        await modern('tools/list', {}, 1, { Origin: origin }),
        await post({ jsonrpc: '2.0', id: 1, method: 'ping' }, { Origin: origin }),
      ]) {
        const error = await expectError(res, 403, -32000, null);
        expect(error.message).toBe(
          `Forbidden: Origin ${JSON.stringify(origin)} may not call this endpoint. Browsers may call it from ${new URL(SITE.url).origin} ` +
            `or from localhost; other clients send no Origin`,
        );
      }
    },
  );
});

describe('the cache hint', () => {
  it("is the payloads' edge cache: netlify.toml's max-age for /api/*", () => {
    const toml = readFileSync(new URL('../../../netlify.toml', import.meta.url), 'utf8');
    const api = toml.split('[[headers]]').find((block) => /for = "\/api\/\*"/.test(block)) ?? '';
    expect(api).toContain(`Cache-Control = "public, max-age=${EDGE_CACHE_SECONDS}"`);
    expect(EDGE_CACHE_SECONDS).toBe(300);
  });
});
