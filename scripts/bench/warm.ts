/** Warm in-process measurement: sequential requests on one thread (one core), timed one by one. */
import { percentile } from './stats.ts';
import type { Handler } from './bare-handler.ts';

export interface WarmResult {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
}

/** `headers`: what the request adds, e.g. the 2026-07-28 `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name`. */
export const mcpRequest = (body: string, headers: Record<string, string> = {}): Request =>
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body,
  });

export async function measureWarm(
  handler: Handler,
  body: string,
  count: number,
  warmup: number,
  headers: Record<string, string> = {},
): Promise<WarmResult> {
  const request = (b: string): Request => mcpRequest(b, headers);
  for (let i = 0; i < warmup; i++) await (await handler(request(body))).text();
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await handler(request(body));
    await res.text();
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`warm request answered ${res.status}`);
  }
  const elapsed = performance.now() - start;
  return { reqPerSec: count / (elapsed / 1000), p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
}
