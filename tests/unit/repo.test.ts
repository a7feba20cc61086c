/**
 * The repository itself: no merge left half-done (conflict markers) in any tracked text file, and every
 * path a comment, a doc or a config cites names a file or folder that exists.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_FILES } from '../../src/core/dataset/files.ts';

const TEXT = /\.(ts|mjs|js|astro|css|md|json|jsonl|yml|toml|sh|xml|ics)$/;
const MARKER = /^(<{7}|={7}|>{7})( |$)/m;

const tracked = (): string[] => execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);

describe('the repository', () => {
  it('has no merge-conflict markers in any tracked text file', () => {
    const files = tracked().filter((f) => TEXT.test(f));
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((f) => MARKER.test(readFileSync(f, 'utf8')))).toEqual([]);
  });
  it('the marker check recognises a conflict', () => {
    expect(MARKER.test('a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> branch\n')).toBe(true);
    expect(MARKER.test('a === b\n')).toBe(false);
  });
});

/**
 * The files whose citations are read. Not the data and the frozen fixtures (records, not prose about the
 * code), nor this file, whose self-test holds made-up citations as comments inside its strings.
 */
const CITING = /\.(md|ts|mjs|astro|css|toml|ya?ml|sh|sql)$|^package\.json$|\.gitattributes$|^\.ci\//;
const NOT_CITING = /^(data|tests\/fixtures)\/|^tests\/unit\/repo\.test\.ts$/;

/**
 * What of a file is prose about the repository: Markdown and package.json whole; in code, its block, line
 * and HTML comments; in configs and shell, its `#` comments; in SQL, its `--` comments. Never string
 * literals: tests use made-up paths as data.
 */
function citingText(file: string, text: string): string {
  if (/\.md$|^package\.json$/.test(file)) return text;
  const comments = (pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[0]).join('\n');
  if (/\.(toml|ya?ml|sh)$|\.gitattributes$|^\.ci\//.test(file)) return comments(/(?:^|\s)#.*$/gm);
  if (/\.sql$/.test(file)) return comments(/--.*$/gm);
  return comments(/\/\*[\s\S]*?\*\/|(?<![:'"`\w\\])\/\/.*$|<!--[\s\S]*?-->/gm);
}

/** A path from the repository's root (or `./`, `../` from the citing file), and a bare file name of ours. */
const PATH = /(?<![\w./@~$-])((?:src|tests|docs|scripts|netlify|public|data|\.github|\.ci)\/[\w./@[\]-]*|\.{1,2}\/[\w./@[\]-]+)/g;
const BARE = /(?<![\w./@~$-])([\w-]+(?:\.[\w-]+)*\.(?:ts|md|toml|sh|sql))(?![\w/*<{$…-])/g;
/** A path followed by one of these is a pattern (`rule-*.ts`, `api/v1/<name>.json`), not a file. */
const PATTERN_NEXT = ['<', '*', '…', '{', '$'];
/** Folders the build, the tests and the tools write, never tracked. */
const GENERATED = /^(dist|\.netlify|\.resetcast|\.astro|\.test-builds|tests\/\.artifacts|node_modules|coverage)(\/|$)/;
/** Names that are someone else's convention, not files of ours: Netlify's folder-form migration file. */
const FOREIGN_NAMES = ['migration.sql'];

type Repository = { files: ReadonlySet<string>; folders: ReadonlySet<string>; names: ReadonlySet<string> };

function repositoryOf(files: readonly string[]): Repository {
  const folders = files.flatMap((f) =>
    f
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  );
  return { files: new Set(files), folders: new Set(folders), names: new Set([...files.map((f) => posix.basename(f)), ...FOREIGN_NAMES]) };
}

/** Whether a cited path (repository-relative) names something: tracked, generated, or a data file that may be absent. */
function exists(path: string, repo: Repository): boolean {
  const bare = path.replace(/\/$/, '');
  if (GENERATED.test(bare) || repo.files.has(bare) || repo.folders.has(bare)) return true;
  return bare.startsWith('data/') && (Object.values(DATA_FILES) as string[]).includes(bare.slice('data/'.length));
}

/** Every path or bare file name `file`'s prose cites that names nothing in the repository. */
function missingCitations(file: string, text: string, repo: Repository): string[] {
  const prose = citingText(file, text);
  const paths = [...prose.matchAll(PATH)]
    .filter((m) => !PATTERN_NEXT.includes(prose[m.index + m[1]!.length] ?? ''))
    .map((m) => m[1]!.replace(/[.,;:)]+$/, ''))
    .filter((p) => !exists(/^\.{1,2}\//.test(p) ? posix.normalize(posix.join(posix.dirname(file), p)) : p, repo));
  const names = [...prose.matchAll(BARE)].map((m) => m[1]!).filter((n) => !repo.names.has(n));
  return [...paths, ...names].map((cited) => `${file}: ${cited}`);
}

describe('every path cited is real', () => {
  it('in every comment, doc and config of the repository', () => {
    const files = tracked();
    const repo = repositoryOf(files);
    const citing = files.filter((f) => CITING.test(f) && !NOT_CITING.test(f));
    expect(citing.length).toBeGreaterThan(300);
    expect(citing.flatMap((f) => missingCitations(f, readFileSync(f, 'utf8'), repo))).toEqual([]);
  });

  it('the check flags a path or a name that is not there, and nothing else', () => {
    const repo = repositoryOf(['src/core/time.ts', 'src/core/dataset/rule-events.ts', 'docs/api.md']);
    const code = [
      '/** Reads src/core/time.ts, src/nope.ts and ../dataset/rule-events.ts; see docs/api.md. */',
      '// data/sent-log.json may be absent, dist/x.html is built, src/core/dataset/rule-*.ts is a pattern, time.ts and gone.ts.',
      "const made = 'src/made-up.ts'; // a string literal is data, not a citation",
    ].join('\n');
    expect(missingCitations('src/core/x/a.ts', code, repo)).toEqual(['src/core/x/a.ts: src/nope.ts', 'src/core/x/a.ts: gone.ts']);
    expect(missingCitations('docs/x.md', 'The `src/core/` folder and `tests/gone/`.', repo)).toEqual(['docs/x.md: tests/gone/']);
    expect(missingCitations('netlify.toml', "# tests/gone.test.ts checks it\nx = 'src/nope.ts'", repo)).toEqual([
      'netlify.toml: tests/gone.test.ts',
    ]);
  });
});

describe("the README's Map", () => {
  it('names every top-level folder of the repository and every folder of src/ (what it names exists: the test above)', () => {
    const readme = readFileSync('README.md', 'utf8');
    const map = readme.slice(readme.indexOf('## Map'));
    const folders = new Set(
      tracked()
        .filter((f) => f.includes('/'))
        .map((f) => (f.startsWith('src/') ? f.split('/').slice(0, 2).join('/') : f.split('/')[0]!)),
    );
    expect(folders.size).toBeGreaterThan(15);
    expect([...folders].filter((f) => !map.includes(`\`${f}/`))).toEqual([]);
  });
});
