/**
 * The layout is the architecture (docs/architecture.md): each folder of src/ is a layer, and this test
 * reads every import in src/ and proves the arrows point one way. core/ imports nothing but core/, no
 * layer imports one it may not, src/ never imports a binding (scripts/, netlify/), and there is no cycle
 * between files. Import specifiers are read from the source text, as the bundlers resolve them.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/** Who may import whom. A layer always may import itself. */
const MAY_IMPORT = {
  core: [],
  net: ['core'],
  io: ['core'],
  mcp: ['core'],
  jobs: ['core', 'net'],
  db: ['core'],
  site: ['core', 'mcp', 'io'],
  serve: ['core', 'mcp'],
} as const satisfies Record<string, readonly string[]>;
type Layer = keyof typeof MAY_IMPORT;

/** Astro's own folders are the build's pages and views: the site layer. */
const ASTRO_FOLDERS = ['pages', 'views', 'components', 'layouts', 'styles'];

function layerOf(file: string): Layer | 'binding' | undefined {
  if (file.startsWith('scripts/') || file.startsWith('netlify/')) return 'binding';
  const top = file.split('/')[1];
  if (file.startsWith('src/') && top !== undefined && ASTRO_FOLDERS.includes(top)) return 'site';
  if (file.startsWith('src/') && top !== undefined && top in MAY_IMPORT) return top as Layer;
  return undefined;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Relative import specifiers of one file: static, dynamic and type-only imports and re-exports. */
export function importsOf(text: string): string[] {
  const found = text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm);
  return [...found].map((m) => m[1]!);
}

type Graph = Map<string, string[]>;

/** The file-to-file import graph of src/; an import with a query (`?raw`) is an asset, not code. */
function srcGraph(): { graph: Graph; assets: Map<string, string[]> } {
  const graph: Graph = new Map();
  const assets = new Map<string, string[]>();
  for (const abs of walk(join(root, 'src')).filter((f) => /\.(ts|astro)$/.test(f))) {
    const file = relative(root, abs).split('\\').join('/');
    const specs = importsOf(readFileSync(abs, 'utf8'));
    const target = (s: string) => posix.normalize(posix.join(posix.dirname(file), s.replace(/\?.*$/, '')));
    graph.set(file, specs.filter((s) => !s.includes('?')).map(target));
    assets.set(file, specs.filter((s) => s.includes('?')).map(target));
  }
  return { graph, assets };
}

/** Strongly connected components with more than one file (or a file importing itself): the cycles. */
export function cyclesOf(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe('the layers of src/', () => {
  const { graph, assets } = srcGraph();

  it('finds the code it checks (every layer has files, and imports are read)', () => {
    const layers = new Set([...graph.keys()].map(layerOf));
    for (const layer of Object.keys(MAY_IMPORT)) expect(layers, layer).toContain(layer);
    expect([...graph.values()].flat().length).toBeGreaterThan(300);
  });

  it('puts every file of src/ in a layer', () => {
    expect([...graph.keys()].filter((f) => layerOf(f) === undefined)).toEqual([]);
  });

  it('lets each layer import only itself and the layers below it', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const from = layerOf(file) as Layer;
      for (const target of targets) {
        const to = layerOf(target);
        if (to === from) continue;
        if (to === 'binding' || to === undefined || !(MAY_IMPORT[from] as readonly string[]).includes(to))
          wrong.push(`${file} → ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('imports no code from a binding; the one asset it takes from scripts/ is the status-line client', () => {
    const fromBindings = [...assets].flatMap(([file, targets]) =>
      targets.filter((t) => layerOf(t) === 'binding').map((t) => `${file} → ${t}`),
    );
    expect(fromBindings).toEqual(['src/pages/statusline.sh.ts → scripts/statusline.sh']);
  });

  it('has no import cycle', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('read static, type-only, dynamic and re-exported imports, and skip package imports', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export * from './c.ts';",
      "const d = await import('./d.ts');",
      "import 'node:fs';",
      "import x from 'zod';",
      "import './side.ts';",
    ].join('\n');
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './side.ts']);
  });

  it('find a three-file cycle and a self-import, and nothing in a tree', () => {
    const cyclic: Graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cyclesOf(cyclic)).toEqual([['a', 'b', 'c'], ['e']]);
    const tree: Graph = new Map([
      ['a', ['b', 'c']],
      ['b', ['c']],
      ['c', []],
    ]);
    expect(cyclesOf(tree)).toEqual([]);
  });

  it('place files in the layer of their folder', () => {
    expect([layerOf('src/core/time.ts'), layerOf('src/views/Home.astro'), layerOf('scripts/pull.ts'), layerOf('src/lib/x.ts')]).toEqual([
      'core',
      'site',
      'binding',
      undefined,
    ]);
  });
});

void dirname;
