/** Runs a real `astro build` into a temp folder, optionally from another data/ folder and clock. */
import { mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { runNode } from './run-node.ts';
import { PROJECT_ROOT, runDir } from './scratch.ts';

export interface BuildResult {
  code: number | null;
  output: string;
  outDir: string;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `resetcast-${prefix}-`));
}

/**
 * A fresh folder for one build's output inside the project it builds. Astro keeps a build's prerender
 * chunks in `<outDir>/.prerender/` only while outDir is inside the working folder; for any other outDir it
 * falls back to `<project>/.astro/.prerender/`, one folder shared by every such build and emptied by
 * whichever ends first, so two builds at once (two test workers) fail with ERR_MODULE_NOT_FOUND. The
 * chunks must stay inside the project, where their imports resolve to its node_modules.
 */
export function buildDir(root: string = process.cwd()): string {
  // This run's folder (removed when the run ends: tests/support/scratch.ts); a copy of the project keeps its own.
  const parent = resolve(root) === PROJECT_ROOT ? runDir() : join(root, '.test-builds');
  mkdirSync(parent, { recursive: true });
  return join(mkdtempSync(join(parent, 'build-')), 'dist');
}

/** `dataDir` is required: a test names the frozen fixture it builds (only the smoke test passes the live data/). */
/** `root` builds another project folder (a copy of this one with a file changed). */
export function astroBuild(opts: {
  epoch: number;
  dataDir: string;
  outDir?: string;
  root?: string;
  env?: NodeJS.ProcessEnv;
}): Promise<BuildResult> {
  const root = resolve(opts.root ?? process.cwd());
  const outDir = opts.outDir ?? buildDir(root);
  if (!resolve(outDir).startsWith(root + sep))
    throw new Error(`astroBuild: ${outDir} is outside ${root}; builds at once would share .astro/.prerender (use buildDir())`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...opts.env,
    SOURCE_DATE_EPOCH: String(opts.epoch),
    RESETCAST_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  env['RESETCAST_DATA_DIR'] = opts.dataDir;
  return runNode(['node_modules/astro/bin/astro.mjs', 'build'], env, opts.root).then(({ code, out }) => ({ code, output: out, outDir }));
}

/**
 * `npm run build`'s two steps (astro build, then the functions' bundle) of `dataDir` at `epoch` into
 * `outDir` and `functionsDir`, in the project (PROJECT_ROOT); throws with the output of a step that fails.
 */
export async function npmBuild(o: {
  dataDir: string;
  epoch: number;
  outDir: string;
  functionsDir: string;
  env?: NodeJS.ProcessEnv;
}): Promise<void> {
  const env = {
    ...process.env,
    ...o.env,
    RESETCAST_DATA_DIR: o.dataDir,
    SOURCE_DATE_EPOCH: String(o.epoch),
    ASTRO_TELEMETRY_DISABLED: '1',
    RESETCAST_OUT_DIR: o.outDir,
    RESETCAST_FUNCTION_OUT: join(o.functionsDir, 'mcp.mjs'),
  };
  for (const step of [['node_modules/astro/bin/astro.mjs', 'build'], ['scripts/bundle-functions.ts']]) {
    const { code, out } = await runNode(step, env, PROJECT_ROOT);
    if (code !== 0) throw new Error(`${step.join(' ')} failed (${code}):\n${out}`);
  }
}

/** Every file below `dir`, as relative paths, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export { readJson } from './json.ts';
