/**
 * Packages the /mcp function for the cold-start benchmark the way Netlify deploys it (zip-it-and-ship-it,
 * unzipped, with the `included_files` of netlify.toml): as shipped (the pre-bundled file `npm run build`
 * writes, node_bundler "none"), and as Netlify would package the TypeScript source itself (traced).
 */
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { BUNDLED_FUNCTIONS_DIR, FUNCTION_SOURCE } from '../lib/bundle-function.ts';

/** The `included_files` list of netlify.toml's [functions] section. */
export function includedFiles(root: string): string[] {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const list = /^\s*included_files\s*=\s*(\[[^\]]*\])/m.exec(toml)?.[1];
  if (!list) throw new Error('netlify.toml has no [functions] included_files');
  return JSON.parse(list) as string[];
}

export interface DeployBundle {
  /** LAMBDA_TASK_ROOT of the unzipped function. */
  taskRoot: string;
  /** The module to import. */
  entry: string;
  /** What Netlify will route to it, from the function's in-source config. */
  routes: string[];
}

async function zip(root: string, out: string, source: string, nodeBundler: 'none' | undefined, entryInZip: string): Promise<DeployBundle> {
  const { zipFunction } = await import('@netlify/zip-it-and-ship-it');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const result = await zipFunction(join(root, source), out, {
    archiveFormat: 'none',
    basePath: root,
    repositoryRoot: root,
    config: { '*': { includedFiles: includedFiles(root), ...(nodeBundler ? { nodeBundler } : {}) } },
  });
  if (!result) throw new Error(`zip-it-and-ship-it produced no function from ${source}`);
  if (result.runtimeAPIVersion !== 2) throw new Error(`${source} was not packaged as a v2 function`);
  return { taskRoot: result.path, entry: join(result.path, entryInZip), routes: (result.routes ?? []).map((r) => r.pattern) };
}

/** The function as deployed: the single file `npm run build` wrote, shipped as it is. */
export function shippedBundle(root: string, out: string): Promise<DeployBundle> {
  return zip(root, out, join(BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'), 'none', join(BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'));
}

/** The alternative: Netlify packaging the TypeScript source itself (transpiled, node_modules traced as files). */
export function tracedSourceBundle(root: string, out: string): Promise<DeployBundle> {
  return zip(root, out, FUNCTION_SOURCE, undefined, FUNCTION_SOURCE.replace(/\.ts$/, '.mjs'));
}
