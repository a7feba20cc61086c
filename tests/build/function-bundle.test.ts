/**
 * The deployable /mcp function (`npm run build`'s second step): one self-contained ES module, the same
 * bytes every time, routed at /mcp, pinned to the payloads its build validated, answering from payload
 * files next to it with no node_modules around, and refusing files that are not the ones it was built with.
 */
import { copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleMcpFunction } from '../../scripts/lib/bundle-function.ts';
import { tempDir } from '../support/astro-build.ts';
import { historyBuild } from '../support/history-build.ts';
import { joinedRegExp } from '../support/regexp.ts';

const root = resolve(import.meta.dirname, '../..');
const NAMES = ['forecast', 'timeline', 'signals'] as const;
let a: string;
let b: string;
let site: string;

/**
 * The module specifiers a bundle imports (static and dynamic), as esbuild parses them: a text search
 * would also match the word from inside the JSON the bundle carries (a field meaning such as: comes from).
 */
async function importsOf(file: string): Promise<string[]> {
  const everyImportExternal: Plugin = {
    name: 'every-import-external',
    setup: (on) =>
      on.onResolve({ filter: /.*/ }, (args) => (args.kind === 'entry-point' ? undefined : { path: args.path, external: true })),
  };
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [everyImportExternal],
  });
  return Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
}

type Fn = { default: (req: Request) => Promise<Response>; config: { path: string } };

beforeAll(async () => {
  // The run's build of the frozen history (tests/support/history-build.ts): read, never changed.
  site = (await historyBuild()).outDir;
  const dir = tempDir('fn');
  const apiDir = join(site, 'api/v1');
  [a, b] = await Promise.all([
    bundleMcpFunction(root, join(dir, 'a/mcp.mjs'), { apiDir }),
    bundleMcpFunction(root, join(dir, 'b/mcp.mjs'), { apiDir }),
  ]);
}, 240_000);

/** A Lambda-like task root: the function file and the included payloads only; `change` may then break one. */
function taskRoot(change?: (apiDir: string) => void): string {
  const dir = tempDir('task-root');
  mkdirSync(join(dir, 'fn'), { recursive: true });
  mkdirSync(join(dir, 'dist/api/v1'), { recursive: true });
  copyFileSync(a, join(dir, 'fn/mcp.mjs'));
  for (const n of NAMES) copyFileSync(join(site, `api/v1/${n}.json`), join(dir, `dist/api/v1/${n}.json`));
  change?.(join(dir, 'dist/api/v1'));
  return dir;
}

/**
 * Imports the function from a task root as Netlify does (LAMBDA_TASK_ROOT, no RESETCAST_API_DIR). What the
 * instance logs while it starts (a broken deploy's `[mcp] …` line) is kept in `logged` for the test to
 * assert, rather than printed among the test run's output, where it would read as a problem.
 */
async function importFrom(dir: string, logged: string[] = []): Promise<Fn> {
  const saved = { api: process.env['RESETCAST_API_DIR'], root: process.env['LAMBDA_TASK_ROOT'], error: console.error };
  delete process.env['RESETCAST_API_DIR'];
  process.env['LAMBDA_TASK_ROOT'] = dir;
  console.error = (...args: unknown[]) => void logged.push(args.join(' '));
  try {
    return (await import(pathToFileURL(join(dir, 'fn/mcp.mjs')).href)) as Fn;
  } finally {
    console.error = saved.error;
    if (saved.api === undefined) delete process.env['RESETCAST_API_DIR'];
    else process.env['RESETCAST_API_DIR'] = saved.api;
    if (saved.root === undefined) delete process.env['LAMBDA_TASK_ROOT'];
    else process.env['LAMBDA_TASK_ROOT'] = saved.root;
  }
}

const rpc = (fn: Fn, id: number, method: string, params?: unknown): Promise<Response> =>
  fn.default(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }),
    }),
  );

describe('the bundled /mcp function', () => {
  it('is byte-identical across two bundlings', () => {
    expect(readFileSync(a)).toEqual(readFileSync(b));
  });

  it('imports nothing but Node built-ins', async () => {
    const specifiers = await importsOf(a);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !s.startsWith('node:') && !/^[a-z_]+$/.test(s))).toEqual([]);
  });

  it('answers tools/call from the payloads in its task root, with nothing else installed', async () => {
    const fn = await importFrom(taskRoot());
    expect(fn.config).toEqual({ path: '/mcp' });
    const res = await rpc(fn, 7, 'tools/call', { name: 'get_reset_forecast', arguments: {} });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; result: { content: { text: string }[] } };
    expect(body.id).toBe(7);
    expect(body.result.content.at(-1)!.text).toBe(readFileSync(join(site, 'api/v1/forecast.json'), 'utf8'));
  });

  it('runs every tool, tools/list and initialize through the bundle (no stand-in module is ever called)', async () => {
    const fn = await importFrom(taskRoot());
    const init = await rpc(fn, 1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    expect(init.status).toBe(200);
    const list = (await (await rpc(fn, 2, 'tools/list')).json()) as { result: { tools: { name: string; outputSchema?: unknown }[] } };
    expect(list.result.tools.map((t) => t.name)).toEqual(['get_reset_forecast', 'list_codex_resets', 'get_status_signals']);
    for (const t of list.result.tools) expect(t.outputSchema).toMatchObject({ type: 'object' });
    for (const [name, file] of [
      ['get_reset_forecast', 'forecast'],
      ['list_codex_resets', 'timeline'],
      ['get_status_signals', 'signals'],
    ] as const) {
      const body = (await (
        await rpc(fn, 3, 'tools/call', { name, arguments: name === 'list_codex_resets' ? { limit: 100 } : {} })
      ).json()) as {
        result: { isError?: boolean; content: { text: string }[]; structuredContent: unknown };
      };
      expect(body.result.isError, name).toBeUndefined();
      expect(body.result.structuredContent).toEqual(JSON.parse(readFileSync(join(site, `api/v1/${file}.json`), 'utf8')));
    }
    // Bad arguments still get the SDK's tool error (zod's English message: the locale stand-in kept English).
    const bad = (await (await rpc(fn, 4, 'tools/call', { name: 'list_codex_resets', arguments: { limit: 1000 } })).json()) as {
      result: { isError: boolean; content: { text: string }[] };
    };
    expect(bad.result.isError).toBe(true);
    expect(bad.result.content[0]!.text).toContain('limit must be a whole number from 1 to 100 (got 1000).');
  });

  it('runs server/discover and every tool in the 2026-07-28 era through the bundle (no stand-in module is ever called)', async () => {
    const fn = await importFrom(taskRoot());
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const modern = async (method: string, params: Record<string, unknown>, name?: string): Promise<Response> =>
      fn.default(
        new Request('http://localhost/mcp', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'MCP-Protocol-Version': '2026-07-28',
            'Mcp-Method': method,
            ...(name ? { 'Mcp-Name': name } : {}),
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } }),
        }),
      );
    const discover = await modern('server/discover', {});
    expect(discover.status).toBe(200);
    expect(((await discover.json()) as { result: { supportedVersions: string[] } }).result.supportedVersions).toContain('2026-07-28');
    for (const [name, file] of [
      ['get_reset_forecast', 'forecast'],
      ['list_codex_resets', 'timeline'],
      ['get_status_signals', 'signals'],
    ] as const) {
      const res = await modern('tools/call', { name, arguments: name === 'list_codex_resets' ? { limit: 100 } : {} }, name);
      expect(res.status, name).toBe(200);
      const body = (await res.json()) as { result: { isError?: boolean; structuredContent: unknown } };
      expect(body.result.isError, name).toBeUndefined();
      expect(body.result.structuredContent).toEqual(JSON.parse(readFileSync(join(site, `api/v1/${file}.json`), 'utf8')));
    }
    const bad = (await (
      await modern('tools/call', { name: 'list_codex_resets', arguments: { since: 'yesterday' } }, 'list_codex_resets')
    ).json()) as { result: { isError: boolean } };
    expect(bad.result.isError).toBe(true);
  });

  it('carries stand-ins, not the code, of the modules it never runs (scripts/lib/bundle-function.ts)', () => {
    const text = readFileSync(a, 'utf8');
    expect(text).toContain('the /mcp bundle never uses an OAuth/OpenID metadata schema of the SDK');
    expect(text).toContain("the /mcp bundle never uses zod's ahead-of-time compiler");
    expect(text).toContain('the /mcp bundle has no Ajv');
  });

  it("names itself under the site's address the build pinned into it (a fork's), with nothing but its task root", async () => {
    const fork = await bundleMcpFunction(root, join(tempDir('fork-fn'), 'mcp.mjs'), {
      apiDir: join(site, 'api/v1'),
      base: 'https://odds.example.org',
    });
    const dir = taskRoot();
    copyFileSync(fork, join(dir, 'fn/mcp.mjs'));
    const fn = await importFrom(dir);
    const init = await rpc(fn, 1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    });
    const { serverInfo } = ((await init.json()) as { result: { serverInfo: { name: string; websiteUrl: string } } }).result;
    expect(serverInfo).toMatchObject({ name: 'org.example.odds/resetcast', websiteUrl: 'https://odds.example.org' });
  });

  it('answers 503 to every request when a payload file is missing or has another size than the build validated', async () => {
    for (const change of [
      (d: string) => truncateSync(join(d, 'forecast.json'), 10),
      (d: string) => writeFileSync(join(d, 'signals.json'), ''),
    ]) {
      const logged: string[] = [];
      const root = taskRoot(change);
      const fn = await importFrom(root, logged);
      // The log names the folder it looked in; the answer names only the published path.
      expect(logged).toEqual([
        expect.stringMatching(/^\[mcp\] published payloads unavailable: published payloads differ from the build's:/),
      ]);
      expect(logged[0]).toContain(`(looked in ${join(root, 'dist/api/v1')})`);
      const res = await rpc(fn, 1, 'ping');
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        joinedRegExp(
          /^Service Unavailable: published payloads unavailable: published payloads differ from the build's:\n {2}-/,
          / api\/v1\/(forecast|signals)\.json: size and CRC-32/,
        ),
      );
    }
  });

  it('answers 503 to a tool whose file has the size but not the content the build validated; the other tools still answer', async () => {
    // Same length, one character changed: only the CRC-32 can tell, when the timeline is first read.
    const fn = await importFrom(
      taskRoot((d) => {
        const file = join(d, 'timeline.json');
        writeFileSync(file, readFileSync(file, 'utf8').replace('"schema_version": 1', '"schema_version": 2'));
      }),
    );
    expect((await rpc(fn, 1, 'tools/call', { name: 'get_reset_forecast', arguments: {} })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await rpc(fn, 2, 'tools/call', { name: 'list_codex_resets', arguments: {} });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
        /published payloads unavailable: api\/v1\/timeline\.json: size and CRC-32 \d+:\d+ are not those of the file the build validated/,
      );
    }
  });
});
