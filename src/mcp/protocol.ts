/**
 * The MCP protocol revisions /mcp serves and the methods each era answers: the one list the handler,
 * the server's `server/discover` answer, the server card and the registry server.json all read.
 *
 * Two eras share the endpoint. The 2026-07-28 revision is stateless: no `initialize`, every request carries
 * its version, client info and capabilities in `params._meta`, and a client learns what the server speaks
 * from `server/discover`. The 2025-era (and older) clients open with `initialize`; each of their requests is
 * answered by a fresh server too, so neither era keeps a session (docs/mcp.md, "Two eras").
 */
import { EDGE_CACHE_SECONDS } from './endpoint.ts';

/** Revisions negotiated per request (`_meta` + `MCP-Protocol-Version`), newest first. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
/** Revisions negotiated by `initialize`, newest first: every version the endpoint answered before 2026-07-28. */
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'] as const;
/** Every revision served, newest first (what the server card and server.json advertise). */
export const PROTOCOL_VERSIONS: readonly string[] = [...MODERN_PROTOCOL_VERSIONS, ...LEGACY_PROTOCOL_VERSIONS];

export type Era = 'modern' | 'legacy';

/**
 * The request methods each era answers, in the order an error message lists them. 2026-07-28 removed
 * `initialize` and `ping` and added `server/discover`.
 */
export const REQUEST_METHODS: Readonly<Record<Era, readonly string[]>> = {
  modern: ['server/discover', 'tools/list', 'tools/call'],
  legacy: ['initialize', 'ping', 'tools/list', 'tools/call'],
};

/**
 * The 2026-07-28 caching hint for the answers that change only with a deploy (tools/list, server/discover):
 * public, for as long as the CDN caches the payloads. Tool results carry none (the revision gives
 * tools/call no cache fields).
 */
export const CACHE_HINT = { ttlMs: EDGE_CACHE_SECONDS * 1000, cacheScope: 'public' } as const;
