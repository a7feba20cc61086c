/**
 * `npm run soak`: the load of docs/serve.md against the running main job. It starts the local runtime on
 * the last build (`node scripts/serve.ts`; building first if there is none) unless SOAK_URL names a running
 * server, then runs at once: SOAK_CLIENTS (50) real MCP SDK clients each sending SOAK_CALLS (1,000)
 * `tools/call list_codex_resets`, SOAK_GETS (200) concurrent GET loops over the JSON payloads, and a few
 * hostile clients (slow-loris, mid-request disconnects, 5 MB bodies; SOAK_HOSTILE=0 turns them off).
 * It reports req/s, p50/p99 latency, errors by kind, the server's peak memory, and whether the site
 * answers normally afterwards. SOAK_COMPARE=netlify first runs the same load against `netlify serve`
 * (what `npm start` ran before) for a baseline in the same run. Exit 1 when any request failed.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LIST_RESETS } from '../src/mcp/tools/list-resets.ts';
import { PAYLOAD_NAMES } from '../src/site/api/payloads.ts';
import { percentile } from './bench/stats.ts';
import { BUNDLED_FUNCTIONS_DIR } from '../src/serve/functions-dir.ts';
import { runHostile, type HostileReport } from './soak/hostile.ts';
import { runGetWorkers, runMcpClients } from './soak/load.ts';
import { FAILURE_KINDS, type Tally } from './soak/outcomes.ts';
import { givenUrl, startLocalRuntime, startNetlifyBaseline, type Target } from './soak/target.ts';
import { SOAK } from './lib/commands/tools.ts';
import { envValue, parseCommand } from './lib/flags.ts';

parseCommand(SOAK);

const env = process.env;
const CLIENTS = Number(envValue(SOAK.env.clients, env) ?? 50);
const CALLS = Number(envValue(SOAK.env.calls, env) ?? 1000);
const GETS = Number(envValue(SOAK.env.gets, env) ?? 200);
const HOSTILE = envValue(SOAK.env.hostile, env) !== '0';
const root = resolve(import.meta.dirname, '..');

interface Result {
  target: Target;
  mcp: { tally: Tally; seconds: number };
  get: { tally: Tally; seconds: number };
  hostile: HostileReport | null;
  peakRssMb: number | null;
  exit: string | null;
  after: string[];
}

async function text(url: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** After the load: the home page, a payload, the 404 page and a fresh MCP client, each as normal. */
async function checkAfter(base: string, expected: ReadonlyMap<string, string>, expectedTool: string): Promise<string[]> {
  const problems: string[] = [];
  const attempt = async (what: string, check: () => Promise<string | null>): Promise<void> => {
    try {
      const p = await check();
      if (p) problems.push(`${what}: ${p}`);
    } catch (e) {
      problems.push(`${what}: ${String((e as Error).cause ?? e)}`);
    }
  };
  await attempt('GET /', async () => {
    const r = await text(`${base}/`);
    return r.status === 200 && r.type?.startsWith('text/html') ? null : `HTTP ${r.status} ${r.type}`;
  });
  const [path, body] = [...expected][0]!;
  await attempt(`GET ${path}`, async () => {
    const r = await text(`${base}${path}`);
    return r.status === 200 && r.text === body ? null : `HTTP ${r.status}, ${r.text.length} bytes`;
  });
  await attempt('GET /no-such-page', async () => {
    const r = await text(`${base}/no-such-page`);
    return r.status === 404 && r.type?.startsWith('text/html') ? null : `HTTP ${r.status} ${r.type}`;
  });
  await attempt('a new MCP client', async () => {
    const client = new Client({ name: 'soak-after', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
    const result = await client.callTool({ name: LIST_RESETS, arguments: {} });
    await client.close();
    return (result.content as { text: string }[])[0]?.text === expectedTool ? null : 'a different answer';
  });
  return problems;
}

async function soak(target: Target): Promise<Result> {
  const base = target.url;
  // What every answer must equal: the payload files and the tool's text, read once before the load.
  const expected = new Map<string, string>();
  for (const name of PAYLOAD_NAMES) {
    const r = await text(`${base}/api/v1/${name}.json`);
    if (r.status !== 200) throw new Error(`${target.label}: GET /api/v1/${name}.json answered ${r.status} before the load`);
    expected.set(`/api/v1/${name}.json`, r.text);
  }
  const probe = new Client({ name: 'soak-probe', version: '1.0.0' });
  await probe.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`)));
  const expectedTool = ((await probe.callTool({ name: LIST_RESETS, arguments: {} })).content as { text: string }[])[0]!.text;
  await probe.close();

  console.log(
    `${target.label}: ${CLIENTS} MCP clients × ${CALLS} tools/call ${LIST_RESETS}, ${GETS} concurrent GET loops${HOSTILE ? ', hostile clients' : ''} …`,
  );
  const mcpRun = runMcpClients(base, CLIENTS, CALLS, LIST_RESETS, expectedTool);
  const [mcp, get, hostile] = await Promise.all([
    mcpRun,
    runGetWorkers(base, GETS, expected, mcpRun),
    HOSTILE ? runHostile(base, mcpRun, { slowLoris: 20, disconnectors: 2, bigBodies: 4 }) : Promise.resolve(null),
  ]);
  const exitDuring = target.exit();
  const after = exitDuring ? [`the server ${exitDuring}`] : await checkAfter(base, expected, expectedTool);
  return { target, mcp, get, hostile, peakRssMb: target.peakRssMb(), exit: target.exit(), after };
}

const fmt = (n: number, digits = 0): string => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (t: Tally, p: number): string => (t.latenciesMs.length > 0 ? `${fmt(percentile(t.latenciesMs, p), 1)} ms` : 'n/a');
const errors = (t: Tally): string => {
  const parts = FAILURE_KINDS.filter((k) => t.count(k) > 0).map((k) => `${k} ${fmt(t.count(k))}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
};

function report(results: Result[]): boolean {
  const rows: [string, ...string[]][] = [
    [
      'MCP tools/call answered',
      ...results.map((r) => `${fmt(r.mcp.tally.count('ok') + r.mcp.tally.count('shed'))} / ${fmt(r.mcp.tally.total)}`),
    ],
    ['  of which shed (503/429 + Retry-After)', ...results.map((r) => fmt(r.mcp.tally.count('shed')))],
    ['  req/s', ...results.map((r) => fmt(r.mcp.tally.total / r.mcp.seconds, 0))],
    ['  p50 / p99 latency', ...results.map((r) => `${ms(r.mcp.tally, 50)} / ${ms(r.mcp.tally, 99)}`)],
    ['  errors by kind', ...results.map((r) => errors(r.mcp.tally))],
    [
      'GET payloads answered',
      ...results.map((r) => `${fmt(r.get.tally.count('ok') + r.get.tally.count('shed'))} / ${fmt(r.get.tally.total)}`),
    ],
    ['  req/s', ...results.map((r) => fmt(r.get.tally.total / r.get.seconds, 0))],
    ['  p50 / p99 latency', ...results.map((r) => `${ms(r.get.tally, 50)} / ${ms(r.get.tally, 99)}`)],
    ['  errors by kind', ...results.map((r) => errors(r.get.tally))],
    [
      'server peak memory (RSS, process tree)',
      ...results.map((r) => (r.peakRssMb === null ? 'n/a (not started here)' : `${fmt(r.peakRssMb)} MB`)),
    ],
    ['server process', ...results.map((r) => r.exit ?? (r.target.child ? 'alive' : 'n/a'))],
    ['answers normally afterwards', ...results.map((r) => (r.after.length === 0 ? 'yes' : `NO: ${r.after.join('; ')}`))],
  ];
  if (results.some((r) => r.hostile)) {
    rows.push([
      'hostile: slow-loris closed by the server',
      ...results.map((r) => (r.hostile ? fmt(r.hostile.slowLorisClosedByServer) : '')),
    ]);
    rows.push(['hostile: mid-request disconnects', ...results.map((r) => (r.hostile ? fmt(r.hostile.disconnects) : ''))]);
    rows.push([
      'hostile: 5 MB bodies',
      ...results.map((r) => (r.hostile ? [...r.hostile.bigBodies].map(([k, v]) => `${k} ×${fmt(v)}`).join(', ') : '')),
    ]);
  }
  const header = ['', ...results.map((r) => r.target.label)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(`\nNode ${process.version}; ${CLIENTS} clients × ${CALLS} calls, ${GETS} GET loops during them`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  if (results.length === 2) {
    const [a, b] = results as [Result, Result];
    console.log(
      `\nMCP req/s, ${b.target.label} ÷ ${a.target.label}: ${fmt(b.mcp.tally.total / b.mcp.seconds / (a.mcp.tally.total / a.mcp.seconds), 1)}×`,
    );
  }
  for (const r of results) {
    for (const [kind, example] of [...r.mcp.tally.examples, ...r.get.tally.examples]) {
      if (kind !== 'ok') console.log(`${r.target.label}: first ${kind}: ${example}`);
    }
  }
  const last = results[results.length - 1]!;
  return last.mcp.tally.failures === 0 && last.get.tally.failures === 0 && last.after.length === 0 && last.exit === null;
}

const results: Result[] = [];
if (envValue(SOAK.env.compare, env) === 'netlify') {
  console.log('starting netlify serve (it builds first) …');
  const netlify = await startNetlifyBaseline(root);
  try {
    results.push(await soak(netlify));
  } catch (e) {
    console.log(`netlify serve: the soak could not finish: ${(e as Error).message}\n${netlify.log()}`);
  } finally {
    await netlify.stop();
  }
}
let target: Target;
const soakUrl = envValue(SOAK.env.url, env);
if (soakUrl) target = givenUrl(soakUrl);
else {
  if (!existsSync(join(root, 'dist/api/v1/forecast.json')) || !existsSync(join(root, BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'))) {
    console.log('no build output: running `npm run build` first');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }
  target = await startLocalRuntime(root);
}
try {
  results.push(await soak(target));
} finally {
  await target.stop();
}
process.exitCode = report(results) ? 0 : 1;
