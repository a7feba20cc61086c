/**
 * Thousands of random and mutated bodies, in both protocol eras: every answer is a well-formed JSON-RPC
 * result or error (or a 202 ack), never a 500, and a plain request right after is answered normally.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { miniPublished } from '../../support/published-payloads.ts';
import { SITE } from '../../../src/core/site.ts';

const payloads = miniPublished();
const handler = createMcpHandler(payloads, createToolList(), SITE.url);
const SEED = 20261122;

const VALID: Record<string, unknown>[] = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } },
  },
  { jsonrpc: '2.0', id: 2, method: 'ping' },
  { jsonrpc: '2.0', id: 'x', method: 'tools/list', params: {} },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'list_codex_resets', arguments: { limit: 5, since: '2026-06-10' } } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get_status_signals' } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];

/** A valid message with one thing changed: a key dropped, a value replaced, a key added, or wrapped in an array. */
const mutated = fc
  .tuple(fc.constantFrom(...VALID), fc.nat(), fc.jsonValue(), fc.string(), fc.constantFrom('drop', 'replace', 'add', 'args', 'wrap'))
  .map(([msg, n, value, key, how]) => {
    const copy: Record<string, unknown> = structuredClone(msg);
    const keys = Object.keys(copy);
    const target = keys[n % keys.length] ?? 'id';
    if (how === 'drop') delete copy[target];
    if (how === 'replace') copy[target] = value;
    if (how === 'add') copy[key] = value;
    if (how === 'args') copy['params'] = { name: 'list_codex_resets', arguments: { [key || 'limit']: value } };
    return how === 'wrap' ? [copy] : copy;
  });

async function send(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(
    new Request('http://localhost/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body }),
  );
}

/** What a 2026-07-28 answer may be beyond the 2025 ones: the revision's header and envelope refusals. */
interface Allowed {
  statuses: number[];
  /** JSON-RPC codes a 400 may carry. */
  codes400: number[];
}
const LEGACY: Allowed = { statuses: [200, 202, 400], codes400: [-32700, -32600] };
// 404 pairs with -32601 (method not found); 400 adds -32020 (headers and body disagree), -32602 (bad
// `_meta` envelope) and -32022 (unsupported protocol version).
const MODERN: Allowed = { statuses: [200, 202, 400, 404], codes400: [-32700, -32600, -32020, -32602, -32022] };

/** The `<status> <code>` pairs seen, so a test can show its inputs reached the refusals it means to reach. */
const seen = new Set<string>();

async function expectWellFormed(res: Response, allowed: Allowed = LEGACY): Promise<void> {
  expect(res.status).not.toBe(500);
  expect(allowed.statuses).toContain(res.status);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const text = await res.text();
  if (res.status === 202) {
    expect(text).toBe('');
    return;
  }
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(body['jsonrpc']).toBe('2.0');
  expect('id' in body).toBe(true);
  expect('result' in body !== 'error' in body).toBe(true);
  if ('error' in body) {
    const error = body['error'] as { code: unknown; message: unknown };
    expect(Number.isInteger(error.code)).toBe(true);
    expect(typeof error.message).toBe('string');
    expect((error.message as string).length).toBeGreaterThan(0);
    if (res.status === 400) expect(allowed.codes400).toContain(error.code);
    if (res.status === 404) expect(error.code).toBe(-32601);
    seen.add(`${res.status} ${error.code as number}`);
  } else {
    expect(res.status).toBe(200);
    expect(typeof body['result']).toBe('object');
  }
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const MODERN_VALID: Record<string, unknown>[] = [
  { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
  { jsonrpc: '2.0', id: 'x', method: 'tools/list', params: { _meta: META } },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {}, _meta: META } },
  {
    jsonrpc: '2.0',
    id: 4,
    method: 'tools/call',
    params: { name: 'list_codex_resets', arguments: { limit: 5, since: '2026-06-10' }, _meta: META },
  },
  { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, _meta: META } },
];

/** The headers a 2026-07-28 client sends for this message (taken before it is mutated, so they may now disagree). */
function mirroredHeaders(msg: Record<string, unknown>): Record<string, string> {
  const params = msg['params'] as { name?: unknown } | undefined;
  return {
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': String(msg['method']),
    ...(typeof params?.name === 'string' ? { 'Mcp-Name': params.name } : {}),
  };
}

/** A valid 2026-07-28 message with one thing changed, in its body, its `_meta`, or one of its headers. */
const modernMutated = fc
  .tuple(
    fc.constantFrom(...MODERN_VALID),
    fc.nat(),
    fc.jsonValue(),
    fc.string(),
    fc.constantFrom('drop', 'replace', 'add', 'meta-drop', 'meta-replace', 'header', 'session', 'version', 'wrap'),
    fc.constantFrom('MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name'),
  )
  .map(([msg, n, value, text, how, headerName]) => {
    const headers = mirroredHeaders(msg);
    const copy: Record<string, unknown> = structuredClone(msg);
    const keys = Object.keys(copy);
    const target = keys[n % keys.length] ?? 'id';
    const meta = (copy['params'] as { _meta: Record<string, unknown> })._meta;
    const metaKey = Object.keys(META)[n % 3] ?? 'io.modelcontextprotocol/protocolVersion';
    if (how === 'drop') delete copy[target];
    if (how === 'replace') copy[target] = value;
    if (how === 'add') (copy['params'] as Record<string, unknown>)[text || 'extra'] = value;
    if (how === 'meta-drop') delete meta[metaKey];
    if (how === 'meta-replace') meta[metaKey] = value;
    // Header values must be ByteStrings without line breaks, or fetch itself refuses them.
    if (how === 'header') headers[headerName] = text.replace(/[^\x20-\x7e]/g, '');
    if (how === 'version') {
      // Header and body agree on a revision, which may or may not be one this server serves.
      const version = n % 4 === 0 ? '2026-07-28' : `${2000 + (n % 60)}-0${1 + (n % 9)}-15`;
      meta['io.modelcontextprotocol/protocolVersion'] = version;
      headers['MCP-Protocol-Version'] = version;
    }
    if (how === 'session') headers['Mcp-Session-Id'] = text.replace(/[^\x21-\x7e]/g, '') || 'x';
    return { body: how === 'wrap' ? [copy] : copy, headers };
  });

/** A plain 2026-07-28 call after a fuzzed one: answered, with the published payload. */
async function expectStillAnswering(): Promise<void> {
  const msg = MODERN_VALID[2] as Record<string, unknown>;
  const body = await (await send(JSON.stringify(msg), mirroredHeaders(msg))).json();
  expect(body.result.content.at(-1).text).toBe(payloads.forecast.text);
}

describe('fuzzing the /mcp handler', () => {
  it('answers random JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (v) => expectWellFormed(await send(JSON.stringify(v) ?? 'null'))),
      { numRuns: 1000, seed: SEED },
    );
  });
  it('answers mutated JSON-RPC requests', async () => {
    await fc.assert(
      fc.asyncProperty(mutated, async (m) => expectWellFormed(await send(JSON.stringify(m)))),
      { numRuns: 2000, seed: SEED },
    );
  });
  it('answers random text and truncated requests', async () => {
    const truncated = fc
      .tuple(fc.constantFrom(...VALID), fc.nat())
      .map(([m, n]) => JSON.stringify(m).slice(0, n % JSON.stringify(m).length));
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), truncated), async (t) => expectWellFormed(await send(t))),
      { numRuns: 1000, seed: SEED },
    );
  });
  it('answers mutated 2026-07-28 requests (body, _meta and headers), and the next request normally', async () => {
    await fc.assert(
      fc.asyncProperty(modernMutated, async ({ body, headers }) => {
        await expectWellFormed(await send(JSON.stringify(body), headers), MODERN);
        await expectStillAnswering();
      }),
      { numRuns: 2000, seed: SEED },
    );
    // The mutations reach every refusal of the revision, not just the envelope check.
    for (const pair of ['400 -32020', '400 -32602', '400 -32022', '400 -32600', '200 -32602']) expect(seen).toContain(pair);
  });
  it('answers random text and random JSON sent with 2026-07-28 headers', async () => {
    const headers = { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'get_reset_forecast' };
    const bodies = fc.oneof(
      fc.string(),
      fc.jsonValue().map((v) => JSON.stringify(v) ?? 'null'),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (t) => expectWellFormed(await send(t, headers), MODERN)),
      { numRuns: 1000, seed: SEED },
    );
  });
});
