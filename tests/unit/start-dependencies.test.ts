/**
 * `npm start` runs after `npm ci --omit=dev` (a production install): everything it loads at run time is
 * a production dependency. It runs `npm run build` (`astro build`, then scripts/bundle-functions.ts) and
 * serves with scripts/serve.ts, all on the pinned Node (the `node` package: Node 20 cannot run `.ts`).
 * This test follows every import that is not type-only, file by file, from those entry points (and
 * from every page Astro builds), and fails naming each package it reaches that `dependencies` lacks.
 * tests/unit/dependencies.test.ts holds the weaker rule for all code: every package is declared at all.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/**
 * What `npm start` runs: its script, the build's two steps, every page and endpoint Astro builds and the
 * Netlify functions the second step bundles (esbuild needs their packages installed at build time).
 */
const ENTRIES = ['scripts/start.ts', 'scripts/serve.ts', 'scripts/bundle-functions.ts', 'astro.config.mjs'];
const FOLDERS = ['src/pages', 'netlify/functions'];

/** The binaries the npm scripts of the start path run, and the package each comes from. */
const BINARIES = { node: 'node', astro: 'astro' } as const;

function walk(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    return statSync(join(root, path)).isDirectory() ? walk(path) : [path];
  });
}

/**
 * The module specifiers a text loads at run time: static imports and re-exports, side-effect imports and
 * dynamic `import()`, but not `import type` nor `export type` (erased before anything runs).
 */
function runtimeSpecifiers(text: string): string[] {
  const statements = text.matchAll(/(?:^|[;\n])\s*(import|export)(\s+type\b)?[^;'"]*?\bfrom\s*['"]([^'"\n]+)['"]/g);
  const fromStatements = [...statements].filter((m) => m[2] === undefined).map((m) => m[3]!);
  const bare = [...text.matchAll(/^\s*import\s*['"]([^'"\n]+)['"]/gm)].map((m) => m[1]!);
  const dynamic = [...text.matchAll(/\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g)].map((m) => m[1]!);
  return [...fromStatements, ...bare, ...dynamic];
}

/** The npm package of a bare specifier; undefined for a path, a Node built-in or Astro's virtual modules. */
function packageOf(specifier: string): string | undefined {
  const spec = specifier.replace(/\?.*$/, '');
  if (/^[./]/.test(spec) || spec.startsWith('astro:') || isBuiltin(spec)) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every package reached from the entries through our own files, each with the first file that imports it. */
function packagesReached(entries: readonly string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file) || !existsSync(join(root, file))) continue;
    seen.add(file);
    for (const spec of runtimeSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      const pkg = packageOf(spec);
      if (pkg !== undefined && !packages.has(pkg)) packages.set(pkg, file);
      const local = spec.replace(/\?.*$/, '');
      if (pkg === undefined && local.startsWith('.') && /\.(ts|mjs|js|astro)$/.test(local))
        queue.push(posix.normalize(posix.join(posix.dirname(file), local)));
    }
  }
  return packages;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

describe('npm start after a production install', () => {
  const reached = packagesReached([...ENTRIES, ...FOLDERS.flatMap(walk)]);

  it('follows the start path into the packages it uses (astro, the MCP server, the parsers of _headers and _redirects)', () => {
    for (const pkg of ['astro', '@modelcontextprotocol/server', '@netlify/headers-parser', 'esbuild', 'zod'])
      expect([...reached.keys()]).toContain(pkg);
  });

  it('imports at run time only packages of dependencies', () => {
    const missing = [...reached].filter(([pkg]) => !(pkg in manifest.dependencies)).map(([pkg, file]) => `${pkg} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('runs its scripts with binaries of dependencies (the pinned node, astro)', () => {
    const run = [manifest.scripts['start']!, manifest.scripts['build']!].join(' && ');
    const used = Object.entries(BINARIES).filter(([bin]) => new RegExp(`(^|&& )${bin} `).test(run));
    expect(used.map(([bin]) => bin).sort()).toEqual(['astro', 'node']);
    for (const [, pkg] of used) expect(Object.keys(manifest.dependencies)).toContain(pkg);
  });

  it('skips type-only imports and reads every other form', () => {
    // Written with Q for the quote, so this file's own text holds no such import (dependencies.test.ts reads it).
    const text = [
      'import type { Handler } from Q@netlify/functionsQ;',
      'export type { X } from Qleft-padQ;',
      'import { a, type B } from QzodQ;',
      'export { c } from Q@scope/kitQ;',
      'import Qside-effectQ;',
      'const m = await import(QesbuildQ);',
      'import {\n  x,\n} from Q./local.tsQ;',
    ]
      .join('\n')
      .replaceAll('Q', "'");
    expect(runtimeSpecifiers(text)).toEqual(['zod', '@scope/kit', './local.ts', 'side-effect', 'esbuild']);
    expect(runtimeSpecifiers(text).map(packageOf)).toEqual(['zod', '@scope/kit', undefined, 'side-effect', 'esbuild']);
  });
});
