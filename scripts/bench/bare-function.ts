/**
 * The bare function of the cold-start comparison (bundled like the /mcp function): reads the same payload
 * file at load from RESETCAST_API_DIR and answers every POST with a fixed JSON-RPC result carrying it.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createBareHandler } from './bare-handler.ts';

const dir = resolve(process.env['RESETCAST_API_DIR'] ?? 'dist/api/v1');
const text = readFileSync(join(dir, 'forecast.json'), 'utf8');
const body = JSON.stringify({ result: { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) }, jsonrpc: '2.0', id: 1 });

export default createBareHandler(body);
