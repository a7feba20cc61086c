/** Runs a real `astro build` into a temp folder, optionally from another data/ folder and clock. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export interface BuildResult {
  code: number | null;
  output: string;
  outDir: string;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `resetcast-${prefix}-`));
}

export function astroBuild(opts: { epoch: number; dataDir?: string; outDir?: string }): Promise<BuildResult> {
  const outDir = opts.outDir ?? join(tempDir('build'), 'dist');
  const env: NodeJS.ProcessEnv = { ...process.env, SOURCE_DATE_EPOCH: String(opts.epoch), RESETCAST_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' };
  if (opts.dataDir) env['RESETCAST_DATA_DIR'] = opts.dataDir;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, outDir }));
  });
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
