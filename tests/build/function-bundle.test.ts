/**
 * The deployable /mcp function (`npm run build`'s second step): one self-contained ES module, the same
 * bytes every time, routed at /mcp, answering from payload files next to it with no node_modules around.
 */
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleMcpFunction } from '../../scripts/lib/bundle-function.ts';
import { astroBuild, tempDir } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';

const root = resolve(import.meta.dirname, '../..');
let a: string;
let b: string;
let site: string;

beforeAll(async () => {
  const dir = tempDir('fn');
  [a, b] = await Promise.all([bundleMcpFunction(root, join(dir, 'a/mcp.mjs')), bundleMcpFunction(root, join(dir, 'b/mcp.mjs'))]);
  site = join(tempDir('fn-site'), 'dist');
  const built = await astroBuild({ epoch: HISTORY_EPOCH, dataDir: HISTORY_DIR, outDir: site });
  expect(built.code, built.output).toBe(0);
}, 240_000);

describe('the bundled /mcp function', () => {
  it('is byte-identical across two bundlings', () => {
    expect(readFileSync(a)).toEqual(readFileSync(b));
  });

  it('imports nothing but Node built-ins', () => {
    const text = readFileSync(a, 'utf8');
    const specifiers = [...text.matchAll(/(?:from\s*|import\s*\(\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((s) => !s.startsWith('node:') && !/^[a-z_]+$/.test(s))).toEqual([]);
  });

  it('answers tools/call from the payloads in its task root, with nothing else installed', async () => {
    // A Lambda-like task root: the function file and the included payloads only.
    const taskRoot = tempDir('task-root');
    mkdirSync(join(taskRoot, 'fn'), { recursive: true });
    mkdirSync(join(taskRoot, 'dist/api/v1'), { recursive: true });
    copyFileSync(a, join(taskRoot, 'fn/mcp.mjs'));
    for (const n of ['forecast', 'timeline', 'signals']) copyFileSync(join(site, `api/v1/${n}.json`), join(taskRoot, `dist/api/v1/${n}.json`));
    const saved = { api: process.env['RESETCAST_API_DIR'], root: process.env['LAMBDA_TASK_ROOT'] };
    delete process.env['RESETCAST_API_DIR'];
    process.env['LAMBDA_TASK_ROOT'] = taskRoot;
    try {
      const mod = (await import(pathToFileURL(join(taskRoot, 'fn/mcp.mjs')).href)) as {
        default: (req: Request) => Promise<Response>;
        config: { path: string };
      };
      expect(mod.config).toEqual({ path: '/mcp' });
      const res = await mod.default(new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'get_reset_forecast', arguments: {} } }),
      }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { id: number; result: { content: { text: string }[] } };
      expect(body.id).toBe(7);
      expect(body.result.content[0]!.text).toBe(readFileSync(join(site, 'api/v1/forecast.json'), 'utf8'));
    } finally {
      if (saved.api === undefined) delete process.env['RESETCAST_API_DIR'];
      else process.env['RESETCAST_API_DIR'] = saved.api;
      if (saved.root === undefined) delete process.env['LAMBDA_TASK_ROOT'];
      else process.env['LAMBDA_TASK_ROOT'] = saved.root;
    }
  });
});
