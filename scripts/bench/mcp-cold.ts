/**
 * `npm run bench` section "/mcp": the function against a bare function returning the same bytes, in one run,
 * with the payloads of one production build (production-build.ts).
 * - Warm: the shipped bundle imported in this process, sequential requests on one thread (one core):
 *   throughput and p50/p99 for tools/call get_reset_forecast and tools/list, in both protocol eras (a
 *   2025-era request, and a 2026-07-28 one with its `_meta` envelope and headers).
 * - Cold: a fresh Node process imports the function and answers one tools/call (cold-child.mjs, plain
 *   JavaScript so no TypeScript stripper is loaded on either side); medians. The function as shipped (the
 *   single file, packaged by zip-it-and-ship-it and imported from its unzipped task root), as Netlify would
 *   package the TypeScript source itself (traced), and loaded from source; the bare function is bundled
 *   with the same esbuild settings. All interleaved run by run, so drift on a shared machine hits all alike.
 * - Import cost by module: import-layers.ts, measured in the same interleaved runs.
 */
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createBareHandler, type Handler } from './bare-handler.ts';
import { shippedBundle, tracedSourceBundle, type DeployBundle } from './bundle.ts';
import { importLayers } from './import-layers.ts';
import type { ProductionBuild } from './production-build.ts';
import { median } from './stats.ts';
import { fmt, table } from './table.ts';
import { mcpRequest, measureWarm, type WarmResult } from './warm.ts';
import { bundleFunction, FUNCTION_SOURCE } from '../lib/bundle-function.ts';

export interface McpBenchOptions {
  root: string;
  build: ProductionBuild;
  warmCount: number;
  coldRuns: number;
}

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};
const modernHeaders = (method: string, name?: string): Record<string, string> => ({
  'MCP-Protocol-Version': '2026-07-28',
  'Mcp-Method': method,
  ...(name ? { 'Mcp-Name': name } : {}),
});
const CASES: Record<string, { body: string; headers: Record<string, string> }> = {
  'tools/call get_reset_forecast (2025 era)': {
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } }),
    headers: {},
  },
  'tools/call get_reset_forecast (2026-07-28)': {
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'get_reset_forecast', arguments: {}, _meta: META },
    }),
    headers: modernHeaders('tools/call', 'get_reset_forecast'),
  },
  'tools/list (2025 era)': { body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), headers: {} },
  'tools/list (2026-07-28)': {
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }),
    headers: modernHeaders('tools/list'),
  },
};

interface ColdSample {
  imported: number;
  answered: number;
  cpuMs: number;
}

function child(root: string, script: string, modulePath: string, env: NodeJS.ProcessEnv, cwd: string, args: string[] = []): ColdSample {
  const out = execFileSync(process.execPath, [join(root, 'scripts/bench', script), modulePath, ...args], { cwd, env, encoding: 'utf8' });
  return JSON.parse(out) as ColdSample;
}

async function warmRows(mcp: Handler, count: number): Promise<{ rows: string[][]; calls: Record<string, WarmResult> }> {
  const rows: string[][] = [];
  const calls: Record<string, WarmResult> = {};
  for (const [label, { body, headers }] of Object.entries(CASES)) {
    // The floor answers with exactly the bytes the /mcp function gives for this request.
    const bytes = await (await mcp(mcpRequest(body, headers))).text();
    const bare = createBareHandler(bytes);
    // Alternate the two so drift on a shared machine hits both alike.
    const half = Math.ceil(count / 2);
    const m1 = await measureWarm(mcp, body, half, 500, headers);
    const b1 = await measureWarm(bare, body, half, 500, headers);
    const m2 = await measureWarm(mcp, body, half, 0, headers);
    const b2 = await measureWarm(bare, body, half, 0, headers);
    const merge = (a: WarmResult, b: WarmResult): WarmResult => ({
      reqPerSec: (a.reqPerSec + b.reqPerSec) / 2,
      p50Ms: (a.p50Ms + b.p50Ms) / 2,
      p99Ms: (a.p99Ms + b.p99Ms) / 2,
    });
    const [m, b] = [merge(m1, m2), merge(b1, b2)];
    if (label.startsWith('tools/call')) calls[label] = m;
    rows.push([`warm ${label}`, `${fmt(m.reqPerSec)} req/s`, `${fmt(b.reqPerSec)} req/s`, `${fmt(m.reqPerSec / b.reqPerSec, 2)}×`]);
    rows.push(['  p50 latency', `${fmt(m.p50Ms * 1000)} µs`, `${fmt(b.p50Ms * 1000)} µs`, `${fmt(m.p50Ms / b.p50Ms, 2)}×`]);
    rows.push(['  p99 latency', `${fmt(m.p99Ms * 1000)} µs`, `${fmt(b.p99Ms * 1000)} µs`, `${fmt(m.p99Ms / b.p99Ms, 2)}×`]);
    rows.push(['  response size', `${fmt(bytes.length)} B`, `${fmt(bytes.length)} B`, '']);
  }
  return { rows, calls };
}

/** A difference of medians, signed: noise can make a small layer's cost come out below zero. */
const signed = (ms: number): string => `${ms < 0 ? '−' : '+'}${fmt(Math.abs(ms), 1)} ms`;

export async function benchMcp({ root, build, warmCount, coldRuns }: McpBenchOptions): Promise<string> {
  const cache = join(root, 'node_modules/.cache/resetcast-bench');
  const shipped = await shippedBundle(root, build, join(cache, 'shipped'));
  const traced = await tracedSourceBundle(root, build, join(cache, 'traced'));
  const bare = await bundleFunction(root, 'scripts/bench/bare-function.ts', join(cache, 'bare', 'bare.mjs'));

  // Warm: the shipped bundle, in this process, reading its payloads from its task root as deployed.
  const { RESETCAST_API_DIR: _unused, ...deployEnv } = process.env;
  process.env['LAMBDA_TASK_ROOT'] = shipped.taskRoot;
  delete process.env['RESETCAST_API_DIR'];
  const mcp = ((await import(pathToFileURL(shipped.entry).href)) as { default: Handler }).default;
  const warm = await warmRows(mcp, warmCount);

  // Cold: deploy bundles find their payloads through included_files alone, from another working directory.
  const deployed = (b: DeployBundle) => (script: string) =>
    child(root, script, b.entry, { ...deployEnv, LAMBDA_TASK_ROOT: b.taskRoot }, tmpdir());
  const variants = [
    { label: 'as shipped: the pre-bundled single file', run: deployed(shipped) },
    {
      label: 'as shipped, the first call a 2026-07-28 request',
      run: (script: string) =>
        child(root, script, shipped.entry, { ...deployEnv, LAMBDA_TASK_ROOT: shipped.taskRoot }, tmpdir(), [
          'get_reset_forecast',
          'modern',
        ]),
    },
    { label: 'Netlify packaging of the source (traced)', run: deployed(traced) },
    {
      label: 'source modules (TypeScript, node_modules external)',
      run: (script: string) => child(root, script, join(root, FUNCTION_SOURCE), { ...deployEnv, RESETCAST_API_DIR: build.apiDir }, root),
    },
  ];
  const runBare = (script: string): ColdSample => child(root, script, bare, { ...deployEnv, RESETCAST_API_DIR: build.apiDir }, tmpdir());
  const layers = await importLayers(root, join(cache, 'layers'), shipped.entry);
  const runLayer = (module: string): ColdSample =>
    child(root, 'import-child.mjs', module, { ...deployEnv, LAMBDA_TASK_ROOT: shipped.taskRoot }, tmpdir());

  const samples = variants.map(() => [] as ColdSample[]);
  const bareSamples: ColdSample[] = [];
  const layerSamples = layers.map(() => [] as number[]);
  for (let i = 0; i < coldRuns; i++) {
    for (const [k, v] of variants.entries()) samples[k]!.push(v.run('cold-child.mjs'));
    bareSamples.push(runBare('cold-child.mjs'));
    for (const [k, l] of layers.entries()) layerSamples[k]!.push(runLayer(l.module).imported);
  }
  const bareAnswered = median(bareSamples.map((s) => s.answered));
  const coldRows = variants.map((v, k) => {
    const s = samples[k]!;
    const answered = median(s.map((x) => x.answered));
    return [
      `cold start → first tools/call: ${v.label}`,
      `${fmt(answered, 1)} ms`,
      `${fmt(bareAnswered, 1)} ms`,
      `${fmt(answered / bareAnswered, 2)}×`,
    ];
  });
  const shippedSamples = samples[0]!;
  coldRows.push([
    '  of which import (as shipped)',
    `${fmt(median(shippedSamples.map((s) => s.imported)), 1)} ms`,
    `${fmt(median(bareSamples.map((s) => s.imported)), 1)} ms`,
    '',
  ]);
  coldRows.push([
    '  CPU time of the process (as shipped)',
    `${fmt(median(shippedSamples.map((s) => s.cpuMs)), 1)} ms`,
    `${fmt(median(bareSamples.map((s) => s.cpuMs)), 1)} ms`,
    `${fmt(median(shippedSamples.map((s) => s.cpuMs)) / median(bareSamples.map((s) => s.cpuMs)), 2)}×`,
  ]);

  const layerMedians = layerSamples.map(median);
  const layerRows = layers.map((l, k) => [
    l.label,
    `${fmt(layerMedians[k]!, 1)} ms`,
    k === 0 ? '' : signed(layerMedians[k]! - layerMedians[k - 1]!),
  ]);
  const firstCall = median(shippedSamples.map((s) => s.answered - s.imported));
  layerRows.push([
    'first tools/call get_reset_forecast after import (read, CRC-check, parse forecast.json; answer)',
    '',
    `+${fmt(firstCall, 1)} ms`,
  ]);

  return [
    `/mcp function (payloads of the shipped-history build); Node ${process.version}; warm: ${fmt(warmCount)} ` +
      `sequential requests per case on one thread, in process, as shipped; cold: median of ${coldRuns} fresh ` +
      `processes per row, interleaved.`,
    '',
    table(['measure', '/mcp function', 'bare function', '/mcp ÷ bare'], [...warm.rows, ...coldRows]),
    '',
    `Cold start as shipped ÷ bare: ${coldRows[0]![3]} (2025-era first call), ${coldRows[1]![3]} (2026-07-28 first call) (target ≤ 2×). Warm tools/call: ` +
      Object.entries(warm.calls)
        .map(
          ([label, w]) =>
            `${fmt(w.reqPerSec)} req/s, p99 ${fmt(w.p99Ms * 1000)} µs (${label.replace('tools/call get_reset_forecast ', '')})`,
        )
        .join('; ') +
      ' (target ≥ 2,500 req/s in both eras).',
    '',
    'Import cost by module: each row a single-file bundle adding one layer of what the shipped function imports ' +
      '(same esbuild settings and stand-ins), imported by a fresh process; time from process start to the end ' +
      'of the import (median), and what the layer adds.',
    '',
    table(['layer (cumulative)', 'import done at', 'adds'], layerRows),
  ].join('\n');
}
