/**
 * The load: real MCP SDK clients (Client over StreamableHTTPClientTransport), each sending its tools/call
 * requests one after another, and GET workers fetching the JSON payloads back to back until told to stop.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { kindOfError, kindOfStatus, Tally } from './outcomes.ts';

/** One MCP client: connect, then `calls` tools/call requests; every call lands in `tally`. */
async function mcpClient(base: string, id: number, calls: number, tool: string, expected: string, tally: Tally): Promise<void> {
  // Watches every HTTP exchange of this client, so a failed call can be told apart by what the server said.
  let last: { status: number; retryAfter: string | null } | { error: unknown } | null = null;
  const watching: typeof fetch = async (url, init) => {
    try {
      const res = await fetch(url, init);
      last = { status: res.status, retryAfter: res.headers.get('retry-after') };
      return res;
    } catch (e) {
      last = { error: e };
      throw e;
    }
  };
  const client = new Client({ name: `soak-${id}`, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch: watching });
  const judge = (t0: number, e: unknown): void => {
    const seen = last as typeof last;
    if (seen !== null && 'error' in seen) return tally.add(kindOfError(seen.error), performance.now() - t0, String((seen.error as Error).cause ?? seen.error));
    if (seen !== null && seen.status !== 200) return tally.add(kindOfStatus(seen.status, seen.retryAfter), performance.now() - t0, (e as Error).message);
    tally.add('other', performance.now() - t0, (e as Error).message);
  };
  let t0 = performance.now();
  try {
    await client.connect(transport);
  } catch (e) {
    // A client that cannot even initialize loses all its calls: count each, so the totals stay honest.
    for (let i = 0; i < calls; i++) judge(t0, e);
    return;
  }
  for (let i = 0; i < calls; i++) {
    last = null;
    t0 = performance.now();
    try {
      const result = await client.callTool({ name: tool, arguments: {} });
      const text = (result.content as { text?: string }[] | undefined)?.[0]?.text;
      tally.add(text === expected ? 'ok' : 'wrong answer', performance.now() - t0, text?.slice(0, 200));
    } catch (e) {
      judge(t0, e);
    }
  }
  await client.close().catch(() => {});
}

export async function runMcpClients(base: string, clients: number, calls: number, tool: string, expected: string): Promise<{ tally: Tally; seconds: number }> {
  const tally = new Tally();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => mcpClient(base, i, calls, tool, expected, tally)));
  return { tally, seconds: (performance.now() - t0) / 1000 };
}

/** `workers` loops GETting the payloads round-robin until `until` settles; each answer checked against `expected`. */
export async function runGetWorkers(base: string, workers: number, expected: ReadonlyMap<string, string>, until: Promise<unknown>): Promise<{ tally: Tally; seconds: number }> {
  const tally = new Tally();
  const paths = [...expected.keys()];
  let stop = false;
  void until.finally(() => (stop = true));
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = w; !stop; i++) {
        const path = paths[i % paths.length]!;
        const started = performance.now();
        try {
          const res = await fetch(`${base}${path}`);
          const text = await res.text();
          const kind = kindOfStatus(res.status, res.headers.get('retry-after'));
          tally.add(kind === 'ok' && text !== expected.get(path) ? 'wrong answer' : kind, performance.now() - started, `${res.status} ${path}`);
        } catch (e) {
          tally.add(kindOfError(e), performance.now() - started, String((e as Error).cause ?? e));
        }
      }
    }),
  );
  return { tally, seconds: (performance.now() - t0) / 1000 };
}
