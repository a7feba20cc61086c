/**
 * The single source of truth for Resetcast's data, split by concern (src/core/schema/): the shared
 * scalars, the data/ files the build reads, the pull's own bookkeeping, and the public v1 payloads.
 * It validates data/ at build, types the code, and generates the JSON Schemas under /api/v1/schema/.
 * A field's meaning is written once, as its `.describe()`: the JSON Schemas, the OpenAPI document, the MCP
 * tools' output schemas and docs/api.md all carry those words (a test fails on a payload field without one).
 */
export * from './scalars.ts';
export * from './storage.ts';
export * from './bookkeeping.ts';
export * from './payloads.ts';
