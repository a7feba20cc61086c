/**
 * The floor the /mcp function is measured against: a function with no MCP SDK that reads the same payload
 * file at load and answers every POST with a fixed JSON-RPC result carrying it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Handler = (req: Request) => Promise<Response>;

/** Answers with exactly `bytes` after reading the request body, as any real function has to. */
export function createBareHandler(bytes: string): Handler {
  return async (req) => {
    await req.text();
    return new Response(bytes, { headers: { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' } });
  };
}

const dir = resolve(process.env['RESETCAST_API_DIR'] ?? 'dist/api/v1');
const text = readFileSync(join(dir, 'forecast.json'), 'utf8');
const body = JSON.stringify({ result: { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) }, jsonrpc: '2.0', id: 1 });

export default createBareHandler(body);
