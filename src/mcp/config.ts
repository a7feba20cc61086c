/**
 * The MCP server's identity and limits, derived from the one site config. The function, the server card,
 * the discovery catalog and the MCP Registry `server.json` all read this, so they cannot disagree.
 */
import { SITE } from '../core/site.ts';
import { MCP_PATH } from './endpoint.ts';
import { TOOLS } from './tools/index.ts';

export { MAX_BODY_BYTES, MCP_PATH } from './endpoint.ts';

/** `resetcast.netlify.app` → `app.netlify.resetcast`: the reverse-DNS namespace the registry and cards use. */
function reverseDns(url: string): string {
  return new URL(url).hostname.split('.').reverse().join('.');
}

/** The reverse-DNS server name under the site's address `base`, e.g. `app.netlify.resetcast/resetcast`. */
export function mcpServerName(base: string): string {
  return `${reverseDns(base)}/${SITE.name.toLowerCase()}`;
}

/** Reserved by the server-card draft: `<streamable-http-url>/server-card`. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
export const CATALOG_PATH = '/.well-known/mcp/catalog.json';
/** The cross-protocol AI Catalog's well-known path; its entries are the MCP catalog's, as the discovery draft allows. */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';

export const MCP_SERVER = {
  title: SITE.name,
  /** Kept equal to package.json's version by a unit test. */
  version: '1.0.0',
  /** At most 100 characters (MCP Registry and server-card limit). */
  description: `Odds and record of announced ${SITE.product} usage-limit resets. Read-only, no key.`,
  instructions:
    `Read-only data about announced usage-limit resets of ${SITE.product}, from ${SITE.name}. ` +
    `${TOOLS.map((t) => `${t.name} ${t.summary}`).join('; ')}. ` +
    `Check the freshness timestamps before relying on a value. Please credit "${SITE.attribution}" when you show this data.`,
} as const;
