/**
 * The real MCP clients the end-to-end tests drive against a running /mcp (the local Netlify runtime, and
 * `npm start`'s runtime): the SDK v2 client pinned to 2026-07-28, the v2 client negotiating on its own
 * (`auto`: it probes with server/discover and must land on 2026-07-28), and the v1 SDK client (the
 * initialize-based 2025 era, as deployed clients are today). `describeClients` calls every tool through
 * each with typical and edge arguments and compares the answers with the static JSON the same runtime
 * serves under /api/v1/.
 */
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

export const TOOL_NAMES = ['get_reset_forecast', 'list_codex_resets', 'get_status_signals'];
const SERVER = { name: 'app.netlify.resetcast/resetcast', title: 'Resetcast', version: '1.0.0' };

interface ToolResult {
  content: { type: string; text?: string }[];
  structuredContent?: unknown;
  isError?: boolean;
}

/** What the tests need of any client, whichever SDK line it comes from. */
export interface AnyClient {
  label: string;
  /** The revision the connection should have agreed on. */
  revision: string;
  serverVersion: () => Record<string, unknown> | undefined;
  capabilities: () => unknown;
  instructions: () => string | undefined;
  negotiated: () => string | undefined;
  listToolNames: () => Promise<string[]>;
  callTool: (name: string, args: Record<string, unknown>) => Promise<ToolResult>;
  close: () => Promise<void>;
}

function v2(label: string, mode: 'auto' | { pin: string }): (url: string) => Promise<AnyClient> {
  return async (url) => {
    const client = new ClientV2({ name: `resetcast-e2e-${label}`, version: '1.0.0' }, { versionNegotiation: { mode } });
    await client.connect(new TransportV2(new URL(url)));
    return {
      label,
      revision: '2026-07-28',
      serverVersion: () => client.getServerVersion() as Record<string, unknown> | undefined,
      capabilities: () => client.getServerCapabilities(),
      instructions: () => client.getInstructions(),
      negotiated: () => client.getNegotiatedProtocolVersion(),
      listToolNames: async () => (await client.listTools()).tools.map((t) => t.name),
      callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult,
      close: () => client.close(),
    };
  };
}

async function v1(url: string): Promise<AnyClient> {
  const client = new ClientV1({ name: 'resetcast-e2e-v1', version: '1.0.0' });
  const transport = new TransportV1(new URL(url));
  await client.connect(transport);
  return {
    label: 'SDK v1 client (initialize, 2025-11-25)',
    revision: '2025-11-25',
    serverVersion: () => client.getServerVersion() as Record<string, unknown> | undefined,
    capabilities: () => client.getServerCapabilities(),
    instructions: () => client.getInstructions(),
    negotiated: () => transport.protocolVersion,
    listToolNames: async () => (await client.listTools()).tools.map((t) => t.name),
    callTool: async (name, args) => (await client.callTool({ name, arguments: args })) as ToolResult,
    close: () => client.close(),
  };
}

export const CLIENTS: [string, (url: string) => Promise<AnyClient>][] = [
  ['SDK v2 client pinned to 2026-07-28', v2('v2-pinned', { pin: '2026-07-28' })],
  ['SDK v2 client negotiating (auto)', v2('v2-auto', 'auto')],
  ['SDK v1 client (initialize, 2025-11-25)', v1],
];

interface TimelineEvent {
  ts: string;
  date: string;
}

/** Every tool through every client, against the static JSON at `baseUrl()/api/v1/`. */
export function describeClients(baseUrl: () => string): void {
  const published = async (name: string): Promise<string> => (await fetch(`${baseUrl()}/api/v1/${name}.json`)).text();
  const textOf = (r: ToolResult): string => r.content.at(-1)?.text ?? '';

  describe.each(CLIENTS)('%s', (_label, connect) => {
    let client: AnyClient;
    beforeAll(async () => {
      client = await connect(`${baseUrl()}/mcp`);
    });
    afterAll(async () => {
      await client?.close();
    });

    it('agrees on its revision and sees the server, its instructions and fixed tools', () => {
      expect(client.negotiated()).toBe(client.revision);
      expect(client.serverVersion()).toMatchObject(SERVER);
      expect(client.instructions()).toContain('"Data: Resetcast"');
      expect(client.capabilities()).toEqual({ tools: { listChanged: false } });
    });
    it('lists the three tools in order', async () => {
      expect(await client.listToolNames()).toEqual(TOOL_NAMES);
    });
    it.each([
      ['get_reset_forecast', 'forecast'],
      ['get_status_signals', 'signals'],
    ])('%s returns %s.json byte for byte', async (name, file) => {
      const [result, text] = await Promise.all([client.callTool(name, {}), published(file)]);
      expect(textOf(result)).toBe(text);
      expect(result.structuredContent).toEqual(JSON.parse(text));
      expect(result.isError).toBeFalsy();
    });
    it('list_codex_resets: newest 20 by default, 1 with limit 1, all of timeline.json byte for byte with limit 100', async () => {
      const timeline = await published('timeline');
      const all = (JSON.parse(timeline) as { events: TimelineEvent[] }).events;
      expect(((await client.callTool('list_codex_resets', {})).structuredContent as { events: unknown[] }).events).toEqual(
        all.slice(0, 20),
      );
      expect(((await client.callTool('list_codex_resets', { limit: 1 })).structuredContent as { events: unknown[] }).events).toEqual(
        all.slice(0, 1),
      );
      expect(textOf(await client.callTool('list_codex_resets', { limit: 100 }))).toBe(timeline);
    });
    it('list_codex_resets with since keeps the whole UTC day; a day after the newest event gives none', async () => {
      const all = (JSON.parse(await published('timeline')) as { events: TimelineEvent[] }).events;
      const day = all[Math.min(4, all.length - 1)]?.date ?? '2026-01-01';
      const result = await client.callTool('list_codex_resets', { since: day, limit: 100 });
      expect((result.structuredContent as { events: unknown[] }).events).toEqual(all.filter((e) => e.ts.slice(0, 10) >= day));
      const none = await client.callTool('list_codex_resets', { since: '2099-12-31' });
      expect((none.structuredContent as { events: unknown[] }).events).toEqual([]);
    });
    it.each([
      [{ limit: 0 }, 'limit must be a whole number from 1 to 100 (got 0).'],
      [{ limit: 1000 }, 'limit must be a whole number from 1 to 100 (got 1000).'],
      [{ since: '2026-02-30' }, 'since must be a real calendar date (got "2026-02-30").'],
    ])('list_codex_resets %j is a tool error the model can correct: %s', async (args, detail) => {
      const result = await client.callTool('list_codex_resets', args);
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(`MCP error -32602: Input validation error: Invalid arguments for tool list_codex_resets: ${detail}`);
    });
  });
}
