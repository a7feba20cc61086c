/**
 * One cold start: a fresh Node process imports a function module and answers one tools/call.
 * Prints the milliseconds from process start (performance's time origin) to the answer.
 */
import { pathToFileURL } from 'node:url';

const modulePath = process.argv[2];
if (!modulePath) throw new Error('usage: node scripts/bench/cold-child.ts <function module>');
const handler = ((await import(pathToFileURL(modulePath).href)) as { default: (req: Request) => Promise<Response> }).default;
const imported = performance.now();
const res = await handler(
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } }),
  }),
);
const text = await res.text();
if (res.status !== 200 || !text.includes('"p24"')) throw new Error(`cold start answered ${res.status}: ${text.slice(0, 200)}`);
process.stdout.write(JSON.stringify({ imported, answered: performance.now() }));
