/**
 * Packages the /mcp function for the cold-start benchmark: the way Netlify deploys it (zip-it-and-ship-it,
 * unzipped, with the `included_files` of netlify.toml) and as one tree-shaken file (esbuild).
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The `included_files` list of netlify.toml's [functions] section. */
export function includedFiles(root: string): string[] {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const list = /^\s*included_files\s*=\s*(\[[^\]]*\])/m.exec(toml)?.[1];
  if (!list) throw new Error('netlify.toml has no [functions] included_files');
  return JSON.parse(list) as string[];
}

/** The deploy bundle, unzipped: its task root (as LAMBDA_TASK_ROOT) and the module to import. */
export async function netlifyBundle(root: string, out: string): Promise<{ taskRoot: string; entry: string }> {
  const { zipFunction } = await import('@netlify/zip-it-and-ship-it');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const result = await zipFunction(join(root, 'netlify/functions/mcp.ts'), out, {
    archiveFormat: 'none',
    basePath: root,
    repositoryRoot: root,
    config: { '*': { includedFiles: includedFiles(root), nodeBundler: 'esbuild' } },
  });
  if (!result) throw new Error('zip-it-and-ship-it produced no function');
  return { taskRoot: result.path, entry: join(result.path, 'netlify/functions/mcp.mjs') };
}

/** One minified file with every dependency inlined and tree-shaken (what a pre-bundling step would ship). */
export async function singleFileBundle(root: string, out: string): Promise<string> {
  const { build } = await import('esbuild');
  const outfile = join(out, 'mcp.mjs');
  await build({ entryPoints: [join(root, 'netlify/functions/mcp.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node24', minify: true, outfile, logLevel: 'warning' });
  return outfile;
}
