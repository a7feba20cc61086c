/**
 * Where /mcp lives, how big a request may be and how long its answers may be cached: kept free of imports
 * so the local runtime (src/serve/) can read them without loading the SDK and the schemas a second time.
 */
export const MCP_PATH = '/mcp';

/** Request bodies above this many bytes (1 MiB) are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 1_048_576;

/**
 * How long the CDN caches the published payloads the tools answer from: netlify.toml's `/api/*`
 * `Cache-Control: public, max-age=300` (a unit test keeps the two equal). The 2026-07-28 caching hints on
 * tools/list and server/discover say the same, so a client caches no longer than the edge does.
 */
export const EDGE_CACHE_SECONDS = 300;
