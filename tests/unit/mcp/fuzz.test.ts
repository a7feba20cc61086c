/** Thousands of random and mutated bodies: every answer is a well-formed JSON-RPC result or error (or a 202 ack), never a 500. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { miniPublished } from './payloads.ts';

const handler = createMcpHandler(miniPublished(), createToolList());
const SEED = 20261122;

const VALID: Record<string, unknown>[] = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } },
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

async function send(body: string): Promise<Response> {
  return handler(new Request('http://localhost/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));
}

async function expectWellFormed(res: Response): Promise<void> {
  expect(res.status).not.toBe(500);
  expect([200, 202, 400]).toContain(res.status);
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
    if (res.status === 400) expect([-32700, -32600]).toContain(error.code);
  } else {
    expect(res.status).toBe(200);
    expect(typeof body['result']).toBe('object');
  }
}

describe('fuzzing the /mcp handler', () => {
  it('answers random JSON values', async () => {
    await fc.assert(fc.asyncProperty(fc.jsonValue(), async (v) => expectWellFormed(await send(JSON.stringify(v) ?? 'null'))), { numRuns: 1000, seed: SEED });
  });
  it('answers mutated JSON-RPC requests', async () => {
    await fc.assert(fc.asyncProperty(mutated, async (m) => expectWellFormed(await send(JSON.stringify(m)))), { numRuns: 2000, seed: SEED });
  });
  it('answers random text and truncated requests', async () => {
    const truncated = fc.tuple(fc.constantFrom(...VALID), fc.nat()).map(([m, n]) => JSON.stringify(m).slice(0, n % JSON.stringify(m).length));
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string(), truncated), async (t) => expectWellFormed(await send(t))), { numRuns: 1000, seed: SEED });
  });
});
