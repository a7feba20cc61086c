/**
 * One production build as `npm run build` runs it, in fresh processes and into private folders: `astro
 * build`, then the /mcp function bundle (validated and pinned to the payloads just published). Timed from
 * the outside, with the astro process's peak resident memory (its own report at exit, scripts/bench/rss-hook.mjs).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ProductionBuild {
  outDir: string;
  apiDir: string;
  /** The bundled function, as `npm run build` writes it (here outside the repository). */
  bundle: string;
  astroMs: number;
  bundleMs: number;
  /** Peak resident set of the astro build process, in MiB. */
  astroPeakMiB: number;
}

function run(root: string, args: string[], env: NodeJS.ProcessEnv, what: string): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${what} failed (${r.status ?? r.signal}):\n${(r.stdout + r.stderr).slice(-4000)}`);
  return ms;
}

/** Builds `dataDir` at the clock `epoch` into a new temp folder (the caller removes it with `removeBuild`). */
export function productionBuild(root: string, dataDir: string, epoch: number): ProductionBuild {
  const dir = mkdtempSync(join(tmpdir(), 'resetcast-bench-build-'));
  const outDir = join(dir, 'dist');
  const bundle = join(dir, 'functions-bundled', 'mcp.mjs');
  const rssFile = join(dir, 'astro-rss');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SOURCE_DATE_EPOCH: String(epoch),
    RESETCAST_DATA_DIR: dataDir,
    RESETCAST_OUT_DIR: outDir,
    RESETCAST_FUNCTION_OUT: bundle,
    ASTRO_TELEMETRY_DISABLED: '1',
    RESETCAST_BENCH_RSS_FILE: rssFile,
  };
  const astroMs = run(
    root,
    ['--import', join(root, 'scripts/bench/rss-hook.mjs'), 'node_modules/astro/bin/astro.mjs', 'build'],
    env,
    `astro build of ${dataDir}`,
  );
  const bundleMs = run(root, ['scripts/bundle-functions.ts'], env, `bundling the function for ${dataDir}`);
  const astroPeakMiB = Number(readFileSync(rssFile, 'utf8')) / 1024;
  return { outDir, apiDir: join(outDir, 'api/v1'), bundle, astroMs, bundleMs, astroPeakMiB };
}

/** Removes the build's temp folder (dist/, Astro's cache beside it, the bundle). */
export function removeBuild(b: ProductionBuild): void {
  rmSync(join(b.outDir, '..'), { recursive: true, force: true });
}
