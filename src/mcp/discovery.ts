/**
 * Discovery documents for the MCP server, all from the one config: the server card, the MCP catalog and
 * the AI Catalog (the experimental server-card extension, a draft of the MCP project) and the MCP Registry's
 * server.json. The protocol versions they list are the ones the handler's server is built with
 * (protocol.ts); a unit test holds them equal to what the handler answers to `server/discover` and
 * `initialize`, since a card "SHOULD NOT contradict" the live connection.
 */
import { siteUrl } from '../core/site.ts';
import { MCP_SERVER, mcpServerName, SERVER_CARD_PATH } from './config.ts';
import { PROTOCOL_VERSIONS } from './protocol.ts';

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json';
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const REGISTRY_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** Protocol versions the endpoint serves, newest first: the list the handler's server is built with. */
const protocolVersions = [...PROTOCOL_VERSIONS];

export function serverCard(base: string): Record<string, unknown> {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: mcpServerName(base),
    version: MCP_SERVER.version,
    description: MCP_SERVER.description,
    title: MCP_SERVER.title,
    websiteUrl: siteUrl('/', base),
    remotes: [{ type: 'streamable-http', url: siteUrl('/mcp', base), supportedProtocolVersions: protocolVersions }],
  };
}

/** `urn:air:{publisher domain}:{name after the slash}`, per the catalog draft's identifier rule. */
export function catalog(base: string): Record<string, unknown> {
  return {
    specVersion: 'draft',
    entries: [
      {
        identifier: `urn:air:${new URL(base).hostname}:${mcpServerName(base).split('/')[1]}`,
        displayName: MCP_SERVER.title,
        type: SERVER_CARD_MEDIA_TYPE,
        url: siteUrl(SERVER_CARD_PATH, base),
      },
    ],
  };
}

/**
 * The AI Catalog at /.well-known/ai-catalog.json: the discovery draft says MCP catalog entries "can be
 * included directly in an AI Catalog document without modification", so it is the MCP catalog's document.
 */
export function aiCatalog(base: string): Record<string, unknown> {
  return catalog(base);
}

/**
 * The registry's schema has no protocol-version field on a remote, and the official registry accepts
 * `_meta` only under the publisher-provided key: the versions go there.
 */
export const PUBLISHER_META = 'io.modelcontextprotocol.registry/publisher-provided';

export function registryServerJson(base: string): Record<string, unknown> {
  return {
    $schema: REGISTRY_SCHEMA,
    name: mcpServerName(base),
    title: MCP_SERVER.title,
    description: MCP_SERVER.description,
    version: MCP_SERVER.version,
    websiteUrl: siteUrl('/', base),
    remotes: [{ type: 'streamable-http', url: siteUrl('/mcp', base) }],
    _meta: { [PUBLISHER_META]: { supportedProtocolVersions: protocolVersions } },
  };
}
