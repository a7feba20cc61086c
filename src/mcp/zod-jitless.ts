/**
 * zod without JIT, set before any schema exists: imported first by the function (netlify/functions/mcp.ts),
 * so it runs before the SDK's modules build their schemas at import. zod decides per object schema, when
 * the schema is built, whether it will compile a parser with `new Function` the first time it parses;
 * set later, the setting reached only the schemas built after it, and the SDK's import-time schemas
 * (the JSON-RPC envelope, the request types the guards check) still compiled a parser each on the first
 * request. A function instance parses the same few schemas per request: the compiling only slowed the
 * first tools/call, and warm throughput is the same without it (docs/mcp.md, "Cold start").
 */
import { config } from 'zod';

config({ jitless: true });
