/**
 * `npm run bench`: the /mcp function against a bare function returning the same bytes, in one run.
 * Warm: in-process throughput and p50/p99 latency for tools/call get_reset_forecast and tools/list.
 * Cold: new Node process → first answered tools/call (medians), /mcp function vs bare function, for the
 * function as Node loads it from source, as Netlify would package the source (traced node_modules), and as
 * shipped (the single file `npm run build` bundles). Payloads come from dist/api/v1 (built if missing).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBareHandler, type Handler } from './bench/bare-function.ts';
import { shippedBundle, tracedSourceBundle, type DeployBundle } from './bench/bundle.ts';
import { BUNDLED_FUNCTIONS_DIR, FUNCTION_SOURCE } from './lib/bundle-function.ts';
import { median } from './bench/stats.ts';
import { measureWarm, type WarmResult } from './bench/warm.ts';

const WARM_COUNT = Number(process.env['BENCH_WARM_COUNT'] ?? 5000);
const COLD_RUNS = Number(process.env['BENCH_COLD_RUNS'] ?? 15);
const root = resolve(import.meta.dirname, '..');

// The deploy bundles ship dist/api/v1 (included_files) and the pre-bundled function: build them if missing.
if (!existsSync(join(root, 'dist/api/v1/forecast.json')) || !existsSync(join(root, BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'))) {
  console.log('no build output: running `npm run build` first');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
}
process.env['RESETCAST_API_DIR'] = join(root, 'dist/api/v1');
const mcp = ((await import('../netlify/functions/mcp.ts')) as { default: Handler }).default;

const CASES = {
  'tools/call get_reset_forecast': JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } }),
  'tools/list': JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
};

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const rows: string[][] = [];
for (const [label, body] of Object.entries(CASES)) {
  // The floor answers with exactly the bytes the /mcp function gives for this request.
  const bytes = await (await mcp(new Request('http://localhost/mcp', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }))).text();
  const bare = createBareHandler(bytes);
  // Alternate the two so drift on a shared machine hits both alike.
  const m1 = await measureWarm(mcp, body, WARM_COUNT / 2, 500);
  const b1 = await measureWarm(bare, body, WARM_COUNT / 2, 500);
  const m2 = await measureWarm(mcp, body, WARM_COUNT / 2, 0);
  const b2 = await measureWarm(bare, body, WARM_COUNT / 2, 0);
  const merge = (a: WarmResult, b: WarmResult): WarmResult => ({ reqPerSec: (a.reqPerSec + b.reqPerSec) / 2, p50Ms: (a.p50Ms + b.p50Ms) / 2, p99Ms: (a.p99Ms + b.p99Ms) / 2 });
  const [m, b] = [merge(m1, m2), merge(b1, b2)];
  rows.push([`warm ${label}`, `${fmt(m.reqPerSec)} req/s`, `${fmt(b.reqPerSec)} req/s`, `${fmt(m.reqPerSec / b.reqPerSec, 2)}×`]);
  rows.push(['  p50 latency', `${fmt(m.p50Ms * 1000)} µs`, `${fmt(b.p50Ms * 1000)} µs`, `${fmt(m.p50Ms / b.p50Ms, 2)}×`]);
  rows.push(['  p99 latency', `${fmt(m.p99Ms * 1000)} µs`, `${fmt(b.p99Ms * 1000)} µs`, `${fmt(m.p99Ms / b.p99Ms, 2)}×`]);
  rows.push(['  response size', `${fmt(bytes.length)} B`, `${fmt(bytes.length)} B`, '']);
}

function coldStart(modulePath: string, env: NodeJS.ProcessEnv = process.env, cwd = root): number {
  const out = execFileSync(process.execPath, [join(root, 'scripts/bench/cold-child.ts'), modulePath], { cwd, env, encoding: 'utf8' });
  return (JSON.parse(out) as { answered: number }).answered;
}

// Packagings of the same function, each against the bare function, interleaved run by run. The deploy
// bundles find their payloads through included_files alone: no RESETCAST_API_DIR, another working directory.
const cache = join(root, 'node_modules/.cache/resetcast-bench');
const { RESETCAST_API_DIR: _unused, ...deployEnv } = process.env;
const asDeployed = (b: DeployBundle) => () => coldStart(b.entry, { ...deployEnv, LAMBDA_TASK_ROOT: b.taskRoot }, tmpdir());
const variants: { label: string; run: () => number }[] = [
  { label: 'source modules (node_modules external)', run: () => coldStart(join(root, FUNCTION_SOURCE)) },
  { label: 'Netlify packaging of the source (traced)', run: asDeployed(await tracedSourceBundle(root, join(cache, 'traced'))) },
  { label: 'as shipped: pre-bundled single file', run: asDeployed(await shippedBundle(root, join(cache, 'shipped'))) },
];
const samples = variants.map(() => [] as number[]);
const bareSamples: number[] = [];
for (let i = 0; i < COLD_RUNS; i++) {
  variants.forEach((v, k) => samples[k]!.push(v.run()));
  bareSamples.push(coldStart(join(root, 'scripts/bench/bare-function.ts')));
}
const bareCold = median(bareSamples);
for (const [k, v] of variants.entries()) {
  const m = median(samples[k]!);
  rows.push([`cold start → first tools/call: ${v.label}`, `${fmt(m, 1)} ms`, `${fmt(bareCold, 1)} ms`, `${fmt(m / bareCold, 2)}×`]);
}

const header = ['measure', '/mcp function', 'bare function', '/mcp ÷ bare'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
const line = (r: string[]): string => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
console.log(`Node ${process.version}; ${WARM_COUNT} warm requests per case; cold starts: median of ${COLD_RUNS} new processes; payloads from ${process.env['RESETCAST_API_DIR']}`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const r of rows) console.log(line(r));
