/**
 * The single source of truth for Resetcast's data, split by concern (src/core/schema/): the shared
 * scalars, the data/ files the build reads, the pull's own bookkeeping, and the public v1 payloads.
 * It validates data/ at build, types the code, and generates the JSON Schemas under /api/v1/schema/.
 */
export * from './scalars.ts';
export * from './storage.ts';
export * from './bookkeeping.ts';
export * from './payloads.ts';
