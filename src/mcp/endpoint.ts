/**
 * Where /mcp lives and how big a request may be: kept free of imports so the local runtime
 * (src/serve/) can read them without loading the SDK and the schemas a second time.
 */
export const MCP_PATH = '/mcp';

/** Request bodies above this many bytes (1 MiB) are refused with 413 before they are parsed. */
export const MAX_BODY_BYTES = 1_048_576;
