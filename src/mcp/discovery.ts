/**
 * Discovery documents for the MCP server, all from the one config: the server card and MCP catalog
 * (experimental server-card extension, draft) and the MCP Registry's server.json.
 */
import { SITE, siteUrl } from '../core/site.ts';
import { MCP_SERVER, SERVER_CARD_PATH } from './config.ts';
import { PROTOCOL_VERSIONS } from './protocol.ts';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const REGISTRY_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** Protocol versions the endpoint serves, newest first: the list the handler's server is built with. */
const protocolVersions = [...PROTOCOL_VERSIONS];

export function serverCard(base: string = SITE.url): Record<string, unknown> {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: MCP_SERVER.name,
    version: MCP_SERVER.version,
    description: MCP_SERVER.description,
    title: MCP_SERVER.title,
    websiteUrl: siteUrl('/', base),
    remotes: [{ type: 'streamable-http', url: siteUrl('/mcp', base), supportedProtocolVersions: protocolVersions }],
  };
}

/** `urn:air:{publisher domain}:{name after the slash}`, per the catalog draft's identifier rule. */
export function catalog(base: string = SITE.url): Record<string, unknown> {
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${new URL(base).hostname}:${MCP_SERVER.name.split('/')[1]}`,
        displayName: MCP_SERVER.title,
        type: SERVER_CARD_MEDIA_TYPE,
        url: siteUrl(SERVER_CARD_PATH, base),
      },
    ],
  };
}

export function registryServerJson(base: string = SITE.url): Record<string, unknown> {
  return {
    $schema: REGISTRY_SCHEMA,
    name: MCP_SERVER.name,
    title: MCP_SERVER.title,
    description: MCP_SERVER.description,
    version: MCP_SERVER.version,
    websiteUrl: siteUrl('/', base),
    remotes: [{ type: 'streamable-http', url: siteUrl('/mcp', base) }],
  };
}
