/**
 * The long-line check of `npm run lint` (scripts/long-lines.ts): which files it reads, that it counts
 * characters rather than bytes or UTF-16 units, the catalogue split, and its exit code in a scratch git
 * repository one line either side of the limit.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isCatalogue, isCodeFile, longLinesOf, reportLongLines } from '../../scripts/long-lines.ts';
import { runNode } from '../support/run-node.ts';

const SCRIPT = resolve('scripts/long-lines.ts');

describe('which files are read', () => {
  it.each([
    ['src/core/time.ts', true],
    ['src/views/Home.astro', true],
    ['scripts/bench/cold-child.mjs', true],
    ['src/styles/global.css', true],
    ['.ci/run', true],
    ['.github/workflows/pull.yml', true],
    ['netlify.toml', true],
    ['README.md', false],
    ['package.json', false],
    ['data/events.json', false],
    ['tests/fixtures/history/events.ts', false],
  ])('%s: %s', (path, read) => {
    expect(isCodeFile(path)).toBe(read);
  });

  it.each([
    ['src/site/i18n/ja.ts', true],
    ['src/site/i18n/en.ts', true],
    ['src/site/i18n/format.ts', false],
    ['src/site/i18n/fr.ts', false],
    ['src/site/llms.ts', false],
  ])('%s is a locale catalogue: %s', (path, catalogue) => {
    expect(isCatalogue(path)).toBe(catalogue);
  });
});

describe('longLinesOf', () => {
  it('lists a line of 161 characters and not one of 160, numbered from 1', () => {
    const text = ['a'.repeat(160), 'b'.repeat(161), '', 'c'.repeat(200)].join('\n');
    expect(longLinesOf('f.ts', text)).toEqual([
      { path: 'f.ts', line: 2, characters: 161 },
      { path: 'f.ts', line: 4, characters: 200 },
    ]);
  });

  it('counts characters: 160 CJK characters (480 bytes) or astral emoji (320 UTF-16 units) are not long', () => {
    expect(longLinesOf('ja.ts', `${'日'.repeat(160)}\r\n${'😀'.repeat(160)}\n${'…'.repeat(161)}`)).toEqual([
      { path: 'ja.ts', line: 3, characters: 161 },
    ]);
  });
});

describe('reportLongLines', () => {
  const at = (path: string, n: number) => Array.from({ length: n }, (_, i) => ({ path, line: i + 1, characters: 170 }));

  it('passes with 20 outside the catalogues however many are inside, listing only those outside', () => {
    const report = reportLongLines([...at('src/site/i18n/ja.ts', 50), ...at('src/a.ts', 20)]);
    expect(report).toMatchObject({ inCatalogues: 50, outside: 20, ok: true });
    expect(report.lines).toHaveLength(21);
    expect(report.lines[0]).toBe('src/a.ts:1: 170 characters');
    expect(report.lines.at(-1)).toBe(
      'lines over 160 characters: 70 (50 in the locale catalogues, 20 outside them; at most 20 allowed outside)',
    );
  });

  it('fails with 21 outside', () => {
    expect(reportLongLines(at('src/a.ts', 21))).toMatchObject({ inCatalogues: 0, outside: 21, ok: false });
  });
});

describe('the command in a git repository', () => {
  let repo = '';
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  /** A scratch repository whose tracked files are `files`, plus one long untracked file that must not count. */
  function repoWith(files: Record<string, string>): string {
    repo = mkdtempSync(join(tmpdir(), 'long-lines-'));
    for (const [path, text] of Object.entries({ ...files, 'untracked.ts': 'x'.repeat(300) })) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
    execFileSync('git', ['init', '-q'], { cwd: repo });
    execFileSync('git', ['add', '--', ...Object.keys(files)], { cwd: repo });
    return repo;
  }
  const long = (n: number) => Array.from({ length: n }, (_, i) => `// ${String(i).padEnd(170, '.')}`).join('\n');
  const env = { PATH: process.env['PATH'] ?? '' };

  it('exits 0 at 20 long lines outside the catalogues, 1 at 21', async () => {
    const files = { 'src/site/i18n/en.ts': long(30), 'src/a.ts': long(19), 'README.md': long(5) };
    const pass = await runNode([SCRIPT], env, repoWith({ ...files, 'b.css': long(1) }));
    expect(pass.code).toBe(0);
    expect(pass.out).toContain('lines over 160 characters: 50 (30 in the locale catalogues, 20 outside them;');
    rmSync(repo, { recursive: true, force: true });

    const fail = await runNode([SCRIPT], env, repoWith({ ...files, 'b.css': long(2) }));
    expect(fail.code).toBe(1);
    expect(fail.out).toContain('b.css:2: 173 characters');
    expect(fail.out).toContain('21 outside them;');
  });
});
