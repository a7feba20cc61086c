/**
 * Packages the /mcp function for the cold-start benchmark the way Netlify deploys it (zip-it-and-ship-it,
 * unzipped, with the payload files netlify.toml's `included_files` adds): as shipped (the pre-bundled file
 * `npm run build` writes, node_bundler "none"), and as Netlify would package the TypeScript source itself
 * (traced). The payloads come from a benchmark build (production-build.ts), not from the repository's dist/.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BUNDLED_FUNCTIONS_DIR, FUNCTION_SOURCE } from '../lib/bundle-function.ts';
import type { ProductionBuild } from './production-build.ts';

/** The `included_files` list of netlify.toml's [functions.mcp] section. */
export function includedFiles(root: string): string[] {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const list = /^\s*included_files\s*=\s*(\[[^\]]*\])/m.exec(toml)?.[1];
  if (!list) throw new Error('netlify.toml has no [functions.mcp] included_files');
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

async function zip(
  basePath: string,
  out: string,
  source: string,
  nodeBundler: 'none' | undefined,
  entryInZip: string,
): Promise<DeployBundle> {
  const { zipFunction } = await import('@netlify/zip-it-and-ship-it');
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const result = await zipFunction(join(basePath, source), out, {
    archiveFormat: 'none',
    basePath,
    repositoryRoot: basePath,
    config: { '*': nodeBundler ? { nodeBundler } : {} },
  });
  if (!result) throw new Error(`zip-it-and-ship-it produced no function from ${source}`);
  if (result.runtimeAPIVersion !== 2) throw new Error(`${source} was not packaged as a v2 function`);
  // zip-it-and-ship-it drops the folders the packaged files have in common: the entry may sit at the top.
  const entry = [join(result.path, entryInZip), join(result.path, basename(entryInZip))].find((p) => existsSync(p));
  if (!entry) throw new Error(`zip-it-and-ship-it wrote no ${entryInZip} into ${result.path}`);
  return { taskRoot: result.path, entry, routes: (result.routes ?? []).map((r) => r.pattern) };
}

/** What `included_files` puts into the package: each listed file at its path, here taken from `build`. */
function includePayloads(root: string, bundle: DeployBundle, build: ProductionBuild): DeployBundle {
  const dist = join(build.apiDir, '..', '..');
  for (const file of includedFiles(root)) {
    // The timetable's files (docs/timetable.md): a file, or a folder as `<folder>/**`, at its path under dist/.
    if (file.startsWith('dist/_timetable/')) {
      const rel = file.slice('dist/'.length).replace(/\/\*\*$/, '');
      cpSync(join(dist, rel), join(bundle.taskRoot, 'dist', rel), { recursive: true });
      continue;
    }
    if (!file.startsWith('dist/api/v1/'))
      throw new Error(`included file ${file} is not a payload: teach scripts/bench/bundle.ts where to find it`);
    const target = join(bundle.taskRoot, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(build.apiDir, basename(file)), target);
  }
  return bundle;
}

/** The function as deployed: the single file `npm run build` wrote for `build`, shipped as it is. */
export async function shippedBundle(root: string, build: ProductionBuild, out: string): Promise<DeployBundle> {
  // zip-it-and-ship-it wants the file under its base path, where the build wrote it in a real project.
  const base = join(out, 'project');
  const source = join(BUNDLED_FUNCTIONS_DIR, 'mcp.mjs');
  mkdirSync(join(base, BUNDLED_FUNCTIONS_DIR), { recursive: true });
  copyFileSync(build.bundle, join(base, source));
  return includePayloads(root, await zip(base, join(out, 'zip'), source, 'none', source), build);
}

/** The alternative: Netlify packaging the TypeScript source itself (transpiled, node_modules traced as files). */
export async function tracedSourceBundle(root: string, build: ProductionBuild, out: string): Promise<DeployBundle> {
  return includePayloads(root, await zip(root, out, FUNCTION_SOURCE, undefined, FUNCTION_SOURCE.replace(/\.ts$/, '.mjs')), build);
}
