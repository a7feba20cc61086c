/**
 * The layout is the architecture (docs/architecture.md): each folder of src/ is a layer, and this test
 * reads every import in src/ and netlify/ and proves the arrows point one way. core/ imports nothing but
 * core/, no layer imports one it may not, src/ never imports a binding (scripts/, netlify/), the Netlify
 * functions import only src/, and there is no cycle between files nor between folders at any depth.
 * Import specifiers are read from the source text, as the bundlers resolve them (tests/support/import-graph.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cyclesOf,
  fileGraph,
  FLOORS_END,
  FLOORS_START,
  floorBlock,
  floorsOf,
  folderGraph,
  type Graph,
  importsOf,
} from '../support/import-graph.ts';

const root = join(import.meta.dirname, '../..');

/** Who may import whom, written once: docs/architecture.md's layer table and each layer's README are checked against it. A layer always may import itself. */
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

/** The text of `doc` between two marker lines (empty when a marker is missing). */
function between(doc: string, start: string, end: string): string {
  const from = doc.indexOf(`${start}\n`);
  const to = doc.indexOf(`\n${end}`, from);
  return from < 0 || to < 0 ? '' : doc.slice(from + start.length + 1, to);
}

/** The layers a piece of prose names as `x/` (backticked), without `self`, sorted. */
const layersNamed = (text: string, self: string): string[] =>
  [...new Set([...text.matchAll(/`(\w+)\/`/g)].map((m) => m[1]!))].filter((l) => l !== self && l in MAY_IMPORT).sort();

/** The arrows of a graph as "from → to" lines. */
const arrowsOf = (graph: Graph): string[] => [...graph].flatMap(([from, targets]) => targets.map((to) => `${from} → ${to}`));

describe('the layers of src/', () => {
  const { graph, assets } = fileGraph(root, ['src']);

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

  it('has no cycle between folders at any depth (a parent and its child directory are two folders)', () => {
    expect(cyclesOf(folderGraph(graph))).toEqual([]);
  });

  it('counts its folders, arrows and floors (the folder graph docs/architecture.md draws)', () => {
    const folders = folderGraph(graph);
    const arrows = arrowsOf(folders).length;
    const floors = Math.max(...floorsOf(folders).values());
    console.info(`src/: ${folders.size} folders, ${arrows} folder-to-folder arrows, ${floors} floors`);
    expect(folders.size).toBeGreaterThan(20);
    expect(arrows).toBeGreaterThan(20);
    expect(floors).toBeGreaterThan(2);
  });

  it('docs/architecture.md shows these counts and the floors of core/ (the block between its floors markers)', () => {
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const block = floorBlock(folderGraph(graph));
    expect(between(doc, FLOORS_START, FLOORS_END), `paste between ${FLOORS_START} and ${FLOORS_END}:\n\n${block}\n`).toBe(block);
  });

  it("docs/architecture.md's layer table and each layer's README say what MAY_IMPORT says", () => {
    const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
    const rows = doc.split('\n').filter((l) => /^\| `src\/\w+\/`/.test(l));
    const table = Object.fromEntries(
      rows.map((row) => {
        const [first, , mayImport] = row.split(' | ');
        const layer = /`src\/(\w+)\/`/.exec(first ?? row)![1]!;
        return [layer, layersNamed(mayImport ?? '', layer)];
      }),
    );
    const readmes = Object.fromEntries(
      Object.keys(MAY_IMPORT).map((layer) => {
        const text = readFileSync(join(root, 'src', layer, 'README.md'), 'utf8');
        const line = /\*\*May import:\*\*([^.]*)\./.exec(text)?.[1] ?? '';
        return [layer, layersNamed(line, layer)];
      }),
    );
    const expected = Object.fromEntries(Object.entries(MAY_IMPORT).map(([layer, may]) => [layer, [...may].sort()]));
    expect(table).toEqual(expected);
    expect(readmes).toEqual(expected);
  });
});

describe('the bindings in netlify/', () => {
  const { graph, assets } = fileGraph(root, ['netlify']);
  const functions = [...graph.keys()].filter((f) => f.startsWith('netlify/functions/'));

  it('finds the functions and their imports', () => {
    expect(functions.length).toBeGreaterThan(1);
    expect(functions.flatMap((f) => graph.get(f)!).length).toBeGreaterThan(functions.length);
  });

  it('lets a function import only src/ (and packages): no scripts/, no other function', () => {
    const outside = functions.flatMap((f) =>
      [...graph.get(f)!, ...assets.get(f)!].filter((t) => !t.startsWith('src/')).map((t) => `${f} → ${t}`),
    );
    expect(outside).toEqual([]);
  });

  it('imports nothing from scripts/ anywhere in netlify/', () => {
    const fromScripts = arrowsOf(graph)
      .concat(arrowsOf(assets))
      .filter((a) => a.split(' → ')[1]!.startsWith('scripts/'));
    expect(fromScripts).toEqual([]);
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

  it('find a loop between two folders and between a parent and its child, and none in a tree of folders', () => {
    const twoFolders: Graph = new Map([
      ['src/a/x.ts', ['src/b/y.ts']],
      ['src/b/y.ts', ['src/a/z.ts']],
      ['src/a/z.ts', []],
    ]);
    expect(cyclesOf(twoFolders)).toEqual([]);
    expect(cyclesOf(folderGraph(twoFolders))).toEqual([['src/a', 'src/b']]);
    const parentAndChild: Graph = new Map([
      ['src/p/x.ts', ['src/p/c/y.ts']],
      ['src/p/c/y.ts', ['src/p/z.ts']],
      ['src/p/z.ts', []],
    ]);
    expect(cyclesOf(folderGraph(parentAndChild))).toEqual([['src/p', 'src/p/c']]);
    const tree: Graph = new Map([
      ['src/p/x.ts', ['src/p/c/y.ts', 'src/p/w.ts']],
      ['src/p/c/y.ts', ['src/q/z.ts', 'src/p/c/v.ts', 'node_modules/zod/index.ts']],
      ['src/p/c/v.ts', []],
      ['src/p/w.ts', []],
      ['src/q/z.ts', []],
    ]);
    expect(folderGraph(tree)).toEqual(
      new Map([
        ['src/p', ['src/p/c']],
        ['src/p/c', ['src/q']],
        ['src/q', []],
      ]),
    );
    expect(cyclesOf(folderGraph(tree))).toEqual([]);
  });

  it('put each folder one floor above the highest it imports, and refuse to count floors in a cycle', () => {
    const folders: Graph = new Map([
      ['top', ['middle', 'bottom']],
      ['middle', ['bottom']],
      ['bottom', []],
      ['alone', []],
    ]);
    expect(floorsOf(folders)).toEqual(
      new Map([
        ['bottom', 1],
        ['middle', 2],
        ['top', 3],
        ['alone', 1],
      ]),
    );
    expect(() =>
      floorsOf(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toThrow(/cycle/);
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
