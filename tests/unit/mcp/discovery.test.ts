import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AI_CATALOG_PATH, CATALOG_PATH, MCP_SERVER, mcpServerName, SERVER_CARD_PATH } from '../../../src/mcp/config.ts';
import { catalog, PUBLISHER_META, registryServerJson, serverCard } from '../../../src/mcp/discovery.ts';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { SITE } from '../../../src/core/site.ts';
import { GET as getAiCatalog } from '../../../src/pages/.well-known/ai-catalog.json.ts';
import { GET as getCatalog } from '../../../src/pages/.well-known/mcp/catalog.json.ts';
import { GET as getServerCard } from '../../../src/pages/mcp/server-card.ts';
import { GET as getServerJson } from '../../../src/pages/server.json.ts';
import { miniPublished } from '../../support/published-payloads.ts';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
const NAME_PATTERN = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/; // server-card and registry schemas

describe('MCP server identity', () => {
  it('keeps the server version equal to package.json', () => expect(MCP_SERVER.version).toBe(pkg.version));
  it('names the server in reverse DNS of the site host', () => expect(mcpServerName(SITE.url)).toBe('app.netlify.resetcast/resetcast'));
  it('fits the 100-character description limit and asks for attribution', () => {
    expect(MCP_SERVER.description.length).toBeLessThanOrEqual(100);
    expect(MCP_SERVER.instructions).toContain(`"${SITE.attribution}"`);
    expect(MCP_SERVER.instructions).toContain('list_codex_resets');
  });
  it('introduces every tool in the instructions, in tools/list order, one clause each', () => {
    expect(MCP_SERVER.instructions).toContain(
      'get_reset_forecast gives the estimated percent chance of a reset in the next 24 and 48 hours (an estimate from past announcements, not a schedule); ' +
        'list_codex_resets lists recorded resets newest first; get_status_signals gives the latest status and issue signals. ',
    );
  });
  it('serves the card at <streamable-http-url>/server-card and the catalog at the well-known path', () => {
    expect(SERVER_CARD_PATH).toBe('/mcp/server-card');
    expect(CATALOG_PATH).toBe('/.well-known/mcp/catalog.json');
  });
});

describe.each([
  ['server card', serverCard(SITE.url), 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json'],
  ['registry server.json', registryServerJson(SITE.url), 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json'],
])('%s', (_label, doc, schema) => {
  it('has the schema, the required fields and the one streamable-http remote', () => {
    expect(doc['$schema']).toBe(schema);
    expect(doc['name']).toMatch(NAME_PATTERN);
    expect(doc['name']).toBe(mcpServerName(SITE.url));
    expect(doc['version']).toBe(MCP_SERVER.version);
    expect(doc['description']).toBe(MCP_SERVER.description);
    expect(doc['remotes']).toMatchObject([{ type: 'streamable-http', url: 'https://resetcast.netlify.app/mcp' }]);
  });
});

describe('catalog', () => {
  it('points at the server card with an urn:air identifier built from the card name', () => {
    expect(catalog(SITE.url)).toEqual({
      specVersion: 'draft',
      entries: [
        {
          identifier: 'urn:air:resetcast.netlify.app:resetcast',
          displayName: 'Resetcast',
          type: 'application/mcp-server-card+json',
          url: 'https://resetcast.netlify.app/mcp/server-card',
        },
      ],
    });
  });
  it('follows another base URL', () => {
    expect(catalog('http://localhost:8888')).toMatchObject({
      entries: [{ url: 'http://localhost:8888/mcp/server-card', identifier: 'urn:air:localhost:resetcast' }],
    });
  });
});

describe('server card protocol versions', () => {
  it('lists the newest version first (2026-07-28) and the initialize-era versions the SDK v1 client asks for', async () => {
    const { LATEST_PROTOCOL_VERSION } = await import('@modelcontextprotocol/sdk/types.js');
    const versions = (serverCard(SITE.url)['remotes'] as { supportedProtocolVersions: string[] }[])[0]?.supportedProtocolVersions;
    expect(versions?.[0]).toBe('2026-07-28');
    expect(versions).toContain(LATEST_PROTOCOL_VERSION);
    expect(versions).toContain('2025-06-18');
  });
});

describe('the discovery documents, as published, agree with what the handler answers', () => {
  const handler = createMcpHandler(miniPublished(), createToolList(), SITE.url);
  const META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'discovery-test', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  const post = async (body: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> =>
    (
      await (
        await handler(
          new Request('http://localhost/mcp', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify(body),
          }),
        )
      ).json()
    ).result;
  /** The documents as the build publishes them: each route's GET, parsed. */
  const published = async (get: () => Response): Promise<Record<string, unknown>> => get().json();

  it('the server card and server.json list every revision served: the 2026-07-28 ones server/discover names, then each initialize accepts', async () => {
    const discovered = await post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
      { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' },
    );
    const card = await published(getServerCard);
    const registry = await published(getServerJson);
    const cardVersions = (card['remotes'] as { supportedProtocolVersions: string[] }[])[0]?.supportedProtocolVersions ?? [];
    const registryVersions = (registry['_meta'] as Record<string, { supportedProtocolVersions: string[] }>)[PUBLISHER_META]
      ?.supportedProtocolVersions;
    expect(registryVersions).toEqual(cardVersions);
    const supported = discovered['supportedVersions'] as string[];
    expect(cardVersions.slice(0, supported.length)).toEqual(supported);
    const initializeEra = cardVersions.slice(supported.length);
    expect(initializeEra).toEqual(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07']);
    for (const version of initializeEra) {
      const init = await post({
        jsonrpc: '2.0',
        id: 2,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      expect(init['protocolVersion']).toBe(version);
    }
    // A version the card does not list is not served: the newest initialize-era one is offered instead.
    const other = await post({
      jsonrpc: '2.0',
      id: 3,
      method: 'initialize',
      params: { protocolVersion: '2024-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    expect(other['protocolVersion']).toBe(initializeEra[0]);
  });
  it('the server card names the server server/discover names', async () => {
    const discovered = await post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: META } },
      { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'server/discover' },
    );
    const card = await published(getServerCard);
    const info = (discovered['_meta'] as Record<string, Record<string, unknown>>)['io.modelcontextprotocol/serverInfo'];
    expect({ name: card['name'], version: card['version'], title: card['title'] }).toEqual({
      name: info?.['name'],
      version: info?.['version'],
      title: info?.['title'],
    });
  });
  it("the AI Catalog at its well-known path carries the MCP catalog's entry unchanged", async () => {
    expect(AI_CATALOG_PATH).toBe('/.well-known/ai-catalog.json');
    expect(await published(getAiCatalog)).toEqual(await published(getCatalog));
  });
});
