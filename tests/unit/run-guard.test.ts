/**
 * The run guard (tests/support/run-guard.ts) that fails `npm test` when it changes the maintainer's build,
 * and the clean-up of crashed runs' builds (tests/support/scratch.ts), on temp folders of their own.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changedPaths, fingerprint } from '../support/run-guard.ts';
import { removeLeftovers } from '../support/scratch.ts';

const temp = (): string => mkdtempSync(join(tmpdir(), 'resetcast-guard-'));

describe('the run guard', () => {
  it('sees a file of dist/ or .netlify/functions-bundled/ changed, added or removed, and nothing else', () => {
    const root = temp();
    mkdirSync(join(root, 'dist', 'api'), { recursive: true });
    mkdirSync(join(root, '.netlify', 'functions-bundled'), { recursive: true });
    writeFileSync(join(root, 'dist', 'index.html'), 'home');
    writeFileSync(join(root, 'dist', 'api', 'forecast.json'), '{}');
    writeFileSync(join(root, '.netlify', 'functions-bundled', 'mcp.mjs'), 'export {}');
    const before = fingerprint(root);
    expect(changedPaths(before, fingerprint(root))).toEqual([]);

    writeFileSync(join(root, '.netlify', 'state.json'), '{}'); // not what `npm start -- --no-build` serves
    writeFileSync(join(root, 'dist', 'index.html'), 'the test history');
    writeFileSync(join(root, 'dist', 'extra.txt'), 'x');
    rmSync(join(root, '.netlify', 'functions-bundled', 'mcp.mjs'));
    expect(changedPaths(before, fingerprint(root))).toEqual(['.netlify/functions-bundled/mcp.mjs', 'dist/extra.txt', 'dist/index.html']);
  });

  it('sees a build appear where there was none', () => {
    const root = temp();
    const before = fingerprint(root);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), 'home');
    expect(changedPaths(before, fingerprint(root))).toEqual(['dist', 'dist/index.html']);
  });
});

describe('leftovers in .test-builds/', () => {
  it("removes a crashed run's folder and older flat builds, keeps the folders of runs still going", () => {
    const parent = temp();
    // No process can have this id (above Linux's largest pid_max, 2^22).
    for (const name of ['run-99999999', 'build-abc123', `run-${process.pid}`, `run-${process.ppid}`])
      mkdirSync(join(parent, name, 'dist'), { recursive: true });
    expect(removeLeftovers(parent).sort()).toEqual(['build-abc123', 'run-99999999']);
    expect(readdirSync(parent).sort()).toEqual([`run-${process.pid}`, `run-${process.ppid}`].sort());
  });
});
