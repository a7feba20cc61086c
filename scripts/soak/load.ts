/**
 * The load: real MCP SDK clients (Client over StreamableHTTPClientTransport), each sending its tools/call
 * requests one after another, and GET workers fetching the JSON payloads back to back until told to stop.
 * Half the clients speak each protocol era: even ones are the v1 SDK client (initialize, 2025-11-25), odd
 * ones the v2 client pinned to 2026-07-28 (server/discover, `_meta` and headers on every request).
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { kindOfError, kindOfStatus, Tally } from './outcomes.ts';

/** What the load needs of a client, whichever SDK line it comes from. */
interface LoadClient {
  connect: () => Promise<void>;
  /** The text of the result's first content block. */
  callTool: (name: string) => Promise<string | undefined>;
  close: () => Promise<void>;
}

function loadClient(base: string, id: number, watching: typeof fetch): LoadClient {
  const url = new URL(`${base}/mcp`);
  if (id % 2 === 1) {
    const client = new ClientV2({ name: `soak-${id}`, version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    const transport = new TransportV2(url, { fetch: watching });
    return {
      connect: () => client.connect(transport),
      callTool: async (name) => firstText(await client.callTool({ name, arguments: {} })),
      close: () => client.close(),
    };
  }
  const client = new Client({ name: `soak-${id}`, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, { fetch: watching });
  return {
    connect: () => client.connect(transport),
    callTool: async (name) => firstText(await client.callTool({ name, arguments: {} })),
    close: () => client.close(),
  };
}

const firstText = (result: object): string | undefined => ((result as { content?: { text?: string }[] }).content ?? [])[0]?.text;

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
  const client = loadClient(base, id, watching);
  const judge = (t0: number, e: unknown): void => {
    const seen = last as typeof last;
    if (seen !== null && 'error' in seen)
      tally.add(kindOfError(seen.error), performance.now() - t0, String((seen.error as Error).cause ?? seen.error));
    else if (seen !== null && seen.status !== 200)
      tally.add(kindOfStatus(seen.status, seen.retryAfter), performance.now() - t0, (e as Error).message);
    else tally.add('other', performance.now() - t0, (e as Error).message);
  };
  let t0 = performance.now();
  try {
    await client.connect();
  } catch (e) {
    // A client that cannot even initialize loses all its calls: count each, so the totals stay honest.
    for (let i = 0; i < calls; i++) judge(t0, e);
    return;
  }
  for (let i = 0; i < calls; i++) {
    last = null;
    t0 = performance.now();
    try {
      const text = await client.callTool(tool);
      tally.add(text === expected ? 'ok' : 'wrong answer', performance.now() - t0, text?.slice(0, 200));
    } catch (e) {
      judge(t0, e);
    }
  }
  await client.close().catch(() => {});
}

export async function runMcpClients(
  base: string,
  clients: number,
  calls: number,
  tool: string,
  expected: string,
): Promise<{ tally: Tally; seconds: number }> {
  const tally = new Tally();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => mcpClient(base, i, calls, tool, expected, tally)));
  return { tally, seconds: (performance.now() - t0) / 1000 };
}

/** `workers` loops GETting the payloads round-robin until `until` settles; each answer checked against `expected`. */
export async function runGetWorkers(
  base: string,
  workers: number,
  expected: ReadonlyMap<string, string>,
  until: Promise<unknown>,
): Promise<{ tally: Tally; seconds: number }> {
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
          tally.add(
            kind === 'ok' && text !== expected.get(path) ? 'wrong answer' : kind,
            performance.now() - started,
            `${res.status} ${path}`,
          );
        } catch (e) {
          tally.add(kindOfError(e), performance.now() - started, String((e as Error).cause ?? e));
        }
      }
    }),
  );
  return { tally, seconds: (performance.now() - t0) / 1000 };
}
