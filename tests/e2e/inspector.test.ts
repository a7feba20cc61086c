/**
 * The MCP Inspector's CLI (`mcp-inspector --cli`, the project's own dev dependency, offline) against the
 * real local Netlify runtime, in each protocol era it can speak: `legacy` (initialize), `auto` (probes with
 * server/discover) and `modern` (2026-07-28). It lists the tools (with its schema-portability check) and
 * calls each one; results are compared with the static JSON the same runtime serves.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { e2eRuntime } from '../support/e2e-runtime.ts';
import { TOOL_NAMES } from '../support/mcp-clients.ts';

const { baseUrl } = await e2eRuntime();
const require = createRequire(import.meta.url);
const pkgPath = require.resolve('@modelcontextprotocol/inspector/package.json');
const bin = join(dirname(pkgPath), (require(pkgPath) as { bin: Record<string, string> }).bin['mcp-inspector']!);
// Its catalog file goes to a scratch folder, never to the user's ~/.mcp-inspector.
const catalog = join(mkdtempSync(join(tmpdir(), 'resetcast-inspector-')), 'mcp.json');
const run = promisify(execFile);

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function inspector(args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, [bin, '--cli', `${baseUrl}/mcp`, ...args, '--format', 'json', '-q'], {
      env: { ...process.env, MCP_CATALOG_PATH: catalog },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

/** One tools/call in protocol era `era`, its arguments sent as JSON. */
const callTool = (era: string, tool: string, args: object): Promise<CliResult> =>
  inspector(['--protocol-era', era, '--method', 'tools/call', '--tool-name', tool, '--tool-args-json', JSON.stringify(args)]);

const published = async (name: string): Promise<string> => (await fetch(`${baseUrl}/api/v1/${name}.json`)).text();

describe.each(['legacy', 'auto', 'modern'])('MCP Inspector CLI, protocol era %s', (era) => {
  it('lists the three tools in order, with no schema-portability error (--strict)', async () => {
    const res = await inspector(['--protocol-era', era, '--method', 'tools/list', '--strict']);
    expect(res.code).toBe(0);
    const { result } = JSON.parse(res.stdout) as { result: { tools: { name: string }[] } };
    expect(result.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
  });
  it.each([
    ['get_reset_forecast', {}, 'forecast'],
    ['get_status_signals', {}, 'signals'],
    ['list_codex_resets', { limit: 100 }, 'timeline'],
  ] as const)('%s %j returns %s.json byte for byte', async (tool, args, file) => {
    const res = await callTool(era, tool, args);
    expect(res.code).toBe(0);
    const { result } = JSON.parse(res.stdout) as { result: { content: { text: string }[]; _meta?: Record<string, unknown> } };
    expect(result.content.at(-1)?.text).toBe(await published(file));
    // Only a 2026-07-28 result carries the server's identity in _meta.
    expect(result._meta?.['io.modelcontextprotocol/serverInfo'] !== undefined).toBe(era !== 'legacy');
  });
  it('list_codex_resets with limit 0 is a tool error naming the field', async () => {
    const res = await callTool(era, 'list_codex_resets', { limit: 0 });
    const { result } = JSON.parse(res.stdout) as { result: { isError: boolean; content: { text: string }[] } };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toContain('limit must be a whole number from 1 to 100 (got 0).');
  });
});
