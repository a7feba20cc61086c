// One cold start: a fresh Node process imports a function module and answers one tools/call (argv[3], by default
// get_reset_forecast), as a 2025-era request or, with argv[4] `modern`, as a 2026-07-28 one. Prints, in ms from process
// start (performance's time origin), when the import finished and when the answer was read, and the process's CPU time
// by then.
//
// Plain JavaScript on purpose: a .ts harness makes Node load its TypeScript stripper in every measured
// process (tens of milliseconds on both sides of the comparison), which would flatter the ratio.
import { pathToFileURL } from 'node:url';

const [modulePath, tool = 'get_reset_forecast', era = 'legacy'] = process.argv.slice(2);
if (!modulePath) throw new Error('usage: node scripts/bench/cold-child.mjs <function module> [tool] [legacy|modern]');
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modern = era === 'modern';
const params = modern ? { name: tool, arguments: {}, _meta: META } : { name: tool, arguments: {} };
const eraHeaders = modern ? { 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': tool } : {};
const handler = (await import(pathToFileURL(modulePath).href)).default;
const imported = performance.now();
const res = await handler(
  new Request('http://localhost/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...eraHeaders },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }),
  }),
);
const text = await res.text();
const answered = performance.now();
if (res.status !== 200 || !text.includes('"structuredContent"'))
  throw new Error(`cold start answered ${res.status}: ${text.slice(0, 200)}`);
const cpu = process.cpuUsage();
process.stdout.write(JSON.stringify({ imported, answered, cpuMs: (cpu.user + cpu.system) / 1000 }));
