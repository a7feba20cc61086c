/**
 * No import circle anywhere in our code: src/ is held by tests/unit/layers.test.ts, and this test reads
 * every file of src/, netlify/, scripts/ and tests/ together (type imports included, since a type import
 * still ties the two files' meanings) and finds no cycle between files nor between folders at any depth.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, fileGraph, folderGraph, type Graph } from '../support/import-graph.ts';

const root = join(import.meta.dirname, '../..');
const TOPS = ['src', 'netlify', 'scripts', 'tests'] as const;

/**
 * The graph with only arrows to files that exist: a test's string examples of import lines (such as
 * layers.test.ts's) are read as imports of files that are not there, and a missing file is no code.
 */
function realArrows(graph: Graph): Graph {
  return new Map([...graph].map(([file, targets]) => [file, targets.filter((t) => existsSync(join(root, t)))]));
}

describe('import cycles across all our code (src, netlify, scripts, tests)', () => {
  const { graph } = fileGraph(root, TOPS);
  const files = realArrows(graph);

  it('reads every top folder and its imports', () => {
    for (const top of TOPS)
      expect(
        [...files.keys()].some((f) => f.startsWith(`${top}/`)),
        top,
      ).toBe(true);
    expect([...files.values()].flat().length).toBeGreaterThan(1000);
  });

  it('has no cycle between files', () => {
    expect(cyclesOf(files)).toEqual([]);
  });

  it('has no cycle between folders at any depth (a parent and its child directory are two folders)', () => {
    expect(cyclesOf(folderGraph(files))).toEqual([]);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const planted: Graph = new Map([
      ['scripts/lib/a.ts', ['scripts/lib/commands/b.ts']],
      ['scripts/lib/commands/b.ts', ['scripts/lib/c.ts']],
      ['scripts/lib/c.ts', []],
    ]);
    expect(cyclesOf(planted)).toEqual([]);
    expect(cyclesOf(folderGraph(planted))).toEqual([['scripts/lib', 'scripts/lib/commands']]);
  });
});
