/** Runs a real `astro build` into a temp folder, optionally from another data/ folder and clock. */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runNode } from './run-node.ts';

export interface BuildResult {
  code: number | null;
  output: string;
  outDir: string;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `resetcast-${prefix}-`));
}

/** `dataDir` is required: a test names the frozen fixture it builds (only the smoke test passes the live data/). */
/** `root` builds another project folder (a copy of this one with a file changed). */
export function astroBuild(opts: { epoch: number; dataDir: string; outDir?: string; root?: string; env?: NodeJS.ProcessEnv }): Promise<BuildResult> {
  const outDir = opts.outDir ?? join(tempDir('build'), 'dist');
  const env: NodeJS.ProcessEnv = { ...process.env, ...opts.env, SOURCE_DATE_EPOCH: String(opts.epoch), RESETCAST_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' };
  env['RESETCAST_DATA_DIR'] = opts.dataDir;
  return runNode(['node_modules/astro/bin/astro.mjs', 'build'], env, opts.root).then(({ code, out }) => ({ code, output: out, outDir }));
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

export function readJson(dir: string, file: string): any {
  return JSON.parse(readFileSync(join(dir, file), 'utf8'));
}
