/**
 * The import graph of the repository's code, read from the source text as the bundlers resolve it, for
 * tests/unit/layers.test.ts: which file imports which (relative specifiers only; packages are not
 * files of ours), the folders those files sit in, the cycles of either graph, the floors of the
 * folder graph, and the block of counts and floors docs/architecture.md shows (floorBlock).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

/** A directed graph: each node and the nodes it points at. */
export type Graph = Map<string, string[]>;

const CODE = /\.(ts|astro|mjs)$/;

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

/**
 * The file-to-file import graph of the code under `tops` (repository-relative folders), paths relative
 * to `root`; an import with a query (`?raw`) is an asset, not code, and is kept apart in `assets`.
 */
export function fileGraph(root: string, tops: readonly string[]): { graph: Graph; assets: Graph } {
  const graph: Graph = new Map();
  const assets: Graph = new Map();
  for (const abs of tops.flatMap((top) => walk(join(root, top))).filter((f) => CODE.test(f))) {
    const file = relative(root, abs).split('\\').join('/');
    const specs = importsOf(readFileSync(abs, 'utf8'));
    const target = (s: string) => posix.normalize(posix.join(posix.dirname(file), s.replace(/\?.*$/, '')));
    graph.set(file, specs.filter((s) => !s.includes('?')).map(target));
    assets.set(file, specs.filter((s) => s.includes('?')).map(target));
  }
  return { graph, assets };
}

/**
 * The folder graph of a file graph: a folder is the files directly in one directory (a parent and its
 * child directory are two folders), and an arrow is a file in one folder importing a file in another.
 * Only files of the graph (and their folders) count: an import that leaves them is not an arrow here.
 */
export function folderGraph(files: Graph): Graph {
  const arrows = new Map<string, Set<string>>();
  for (const file of files.keys()) arrows.set(posix.dirname(file), new Set());
  for (const [file, targets] of files) {
    const from = posix.dirname(file);
    for (const target of targets) {
      const to = posix.dirname(target);
      if (to !== from && arrows.has(to)) arrows.get(from)!.add(to);
    }
  }
  return new Map([...arrows].map(([folder, to]) => [folder, [...to].sort()]));
}

/** Strongly connected components with more than one node (or a node pointing at itself): the cycles. */
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

/**
 * The floor of each node of a graph without cycles: 1 for a node that points at nothing, else one above
 * the highest node it points at. The graph's floors are the highest of them (its longest path, in nodes).
 * Throws on a cycle, which has no floors.
 */
export function floorsOf(graph: Graph): Map<string, number> {
  const floors = new Map<string, number>();
  const climbing = new Set<string>();
  const floorOf = (v: string): number => {
    const known = floors.get(v);
    if (known !== undefined) return known;
    if (climbing.has(v)) throw new Error(`a cycle through ${v} has no floors`);
    climbing.add(v);
    const floor = 1 + Math.max(0, ...(graph.get(v) ?? []).map(floorOf));
    climbing.delete(v);
    floors.set(v, floor);
    return floor;
  };
  for (const v of graph.keys()) floorOf(v);
  return floors;
}

/** The lines docs/architecture.md keeps the floors between: the test that checks them prints the block to paste. */
export const FLOORS_START = '<!-- floors: npx vitest run tests/unit/layers.test.ts -->';
export const FLOORS_END = '<!-- /floors -->';

/** A folder of `src/core` as docs/architecture.md names it: `alerts/`, or "the root files". */
const coreName = (folder: string): string => (folder === 'src/core' ? 'the root files' : `\`${folder.slice('src/core/'.length)}/\``);

/**
 * What docs/architecture.md shows between its floors markers, from the folder graph of src/: the counts
 * (folders, folder-to-folder arrows, floors) and the floors of `core/` on its own sub-graph, each floor's
 * folders with the folders of core they import. Markdown, so the doc holds it as it is.
 */
export function floorBlock(folders: Graph): string {
  const arrows = [...folders.values()].reduce((n, targets) => n + targets.length, 0);
  const floors = Math.max(...floorsOf(folders).values());
  const inCore = (f: string): boolean => f === 'src/core' || f.startsWith('src/core/');
  const core: Graph = new Map([...folders].filter(([f]) => inCore(f)).map(([f, targets]) => [f, targets.filter(inCore)]));
  const coreFloors = floorsOf(core);
  const rows = [...coreFloors]
    .sort(([a, fa], [b, fb]) => fb - fa || a.localeCompare(b))
    .map(([f, floor]) => {
      const targets = core.get(f)!;
      const imports = [...targets.filter((t) => t !== 'src/core'), ...targets.filter((t) => t === 'src/core')].map(coreName);
      return `| ${floor} | ${coreName(f)} | ${imports.length === 0 ? 'nothing' : imports.join(', ')} |`;
    });
  return [
    `\`src/\`: **${folders.size} folders, ${arrows} folder-to-folder arrows, ${floors} floors, no loop.**`,
    '',
    '`core/` from the top:',
    '',
    '| Floor | `src/core/…` | Imports (in `core/`) |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}
