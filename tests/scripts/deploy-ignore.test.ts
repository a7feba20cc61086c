/**
 * netlify.toml's ignore command (.ci/deploy-ignore.mjs) as Netlify runs it: a process in a clone checked out at
 * the commit to build, CACHED_COMMIT_REF and COMMIT_REF in its environment, here a temporary repository with the
 * repository's own .gitattributes and a commit of each kind. Exit 0 skips the build, 1 builds.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_FILES, DEPLOY_NEUTRAL_FILES, FACT_FILES, type DataFileKey } from '../../src/core/dataset/files.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, '.ci', 'deploy-ignore.mjs');
const ID = ['-c', 'user.name=t', '-c', 'user.email=t@example.org'];
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

let repo = '';
/** Commit ids by name: each a commit on top of `base`, changing what its name says. */
const commits: Record<string, string> = {};

/** Writes `files` (path → text) and commits them on top of `parent`; returns the commit id. */
function commit(parent: string, files: Record<string, string>, message: string): string {
  git(repo, 'checkout', '-q', '--detach', parent);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  }
  git(repo, 'add', '-A');
  git(repo, ...ID, 'commit', '-q', '--allow-empty', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'resetcast-ignore-'));
  git(repo, 'init', '-q', '-b', 'main');
  const data = Object.fromEntries(Object.values(DATA_FILES).map((f) => [`data/${f}`, '{}\n']));
  git(repo, ...ID, 'commit', '-q', '--allow-empty', '-m', 'root');
  commits.base = commit(
    'HEAD',
    { ...data, '.gitattributes': readFileSync(join(ROOT, '.gitattributes'), 'utf8'), 'src/a.ts': 'a\n' },
    'base',
  );
  const { base } = commits;
  commits.code = commit(base, { 'src/a.ts': 'b\n' }, 'code');
  commits.fact = commit(base, { 'data/events.json': '{"events":[]}\n', 'data/signals.json': '{"a":1}\n' }, 'fact');
  commits.signals = commit(base, { 'data/signals.json': '{"a":1}\n', 'data/signals-history.jsonl': '{}\n{}\n' }, 'signals');
  commits.logs = commit(
    base,
    Object.fromEntries(DEPLOY_NEUTRAL_FILES.map((k) => [`data/${DATA_FILES[k]}`, '{"changed":true}\n'])),
    'every deploy-neutral file',
  );
  commits.attributes = commit(base, { '.gitattributes': '/data/** resetcast-deploy=skip\n' }, 'attributes');
  commits.empty = commit(base, {}, 'empty');
  // A deploy-neutral file deleted (a path marked skip whichever side holds it).
  git(repo, 'checkout', '-q', '--detach', base);
  git(repo, 'rm', '-q', 'data/pull-state.json');
  git(repo, ...ID, 'commit', '-q', '-m', 'bookkeeping deleted');
  commits.deleted = git(repo, 'rev-parse', 'HEAD');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** Runs the command with the clone at `checkout` (COMMIT_REF unless given), as Netlify does. */
function ignore(env: Record<string, string>, checkout = env.COMMIT_REF ?? commits.base!): { code: number | null; out: string } {
  git(repo, 'checkout', '-q', '--detach', checkout);
  const r = spawnSync('node', [SCRIPT], { cwd: repo, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
const pushed = (name: string, extra: Record<string, string> = {}) =>
  ignore({ CACHED_COMMIT_REF: commits.base!, COMMIT_REF: commits[name]!, ...extra });

describe('deploy-ignore: which pushes build', () => {
  it('a code change: build, naming the file', () => {
    expect(pushed('code')).toEqual({ code: 1, out: 'deploy-ignore: building: src/a.ts changed since the last build\n' });
  });

  it('a fact change (events.json), with the signals beside it: build, naming the fact file', () => {
    expect(pushed('fact')).toEqual({ code: 1, out: 'deploy-ignore: building: data/events.json changed since the last build\n' });
  });

  it('the signals and their history alone: skipped', () => {
    expect(pushed('signals')).toEqual({
      code: 0,
      out: 'deploy-ignore: skipping the build: only data/signals-history.jsonl, data/signals.json changed since the last build\n',
    });
  });

  it('every deploy-neutral file at once, or one deleted: skipped', () => {
    expect(pushed('logs').code).toBe(0);
    expect(pushed('deleted')).toEqual({
      code: 0,
      out: 'deploy-ignore: skipping the build: only data/pull-state.json changed since the last build\n',
    });
  });

  it('.gitattributes itself changed (even to mark every data file): build, it is code', () => {
    expect(pushed('attributes')).toEqual({ code: 1, out: 'deploy-ignore: building: .gitattributes changed since the last build\n' });
  });

  it('an empty commit: skipped, nothing changed', () => {
    expect(pushed('empty')).toEqual({ code: 0, out: 'deploy-ignore: skipping the build: nothing changed since the last build\n' });
  });

  it('the signals alone, but a build hook started it (the pull asked, e.g. for the horizon): build', () => {
    expect(pushed('signals', { INCOMING_HOOK_URL: 'https://api.netlify.com/build_hooks/x', INCOMING_HOOK_TITLE: 'pull' })).toEqual({
      code: 1,
      out: 'deploy-ignore: building: a build hook asked for it (pull)\n',
    });
  });

  it.each([
    ['no cached commit (a first build)', { COMMIT_REF: 'signals' }, 'no earlier build to compare with (a first build, or a cleared cache)'],
    [
      'the cached commit is the one built (a cleared cache)',
      { CACHED_COMMIT_REF: 'signals', COMMIT_REF: 'signals' },
      'no earlier build to compare with (a first build, or a cleared cache)',
    ],
    ['no COMMIT_REF', { CACHED_COMMIT_REF: 'base' }, 'no COMMIT_REF'],
  ])('%s: build', (_, refs, why) => {
    const env = Object.fromEntries(Object.entries(refs).map(([k, v]) => [k, commits[v]!]));
    expect(ignore(env, commits.signals)).toEqual({ code: 1, out: `deploy-ignore: building: ${why}\n` });
  });

  it.each([
    ['a commit this clone lacks', 'f'.repeat(40), `${'f'.repeat(40)} is not a commit of this clone`],
    ['not a commit id', 'main~1', '"main~1" is not a commit id'],
    ['an option', '--output=/tmp/x', '"--output=/tmp/x" is not a commit id'],
  ])('a bad cached ref (%s): build', (_, cached, why) => {
    expect(ignore({ CACHED_COMMIT_REF: cached, COMMIT_REF: commits.signals! })).toEqual({
      code: 1,
      out: `deploy-ignore: building: ${why}\n`,
    });
  });

  it('not a git repository at all (git fails): build', () => {
    const bare = mkdtempSync(join(tmpdir(), 'resetcast-nogit-'));
    const r = spawnSync('node', [SCRIPT], {
      cwd: bare,
      env: {
        PATH: process.env.PATH ?? '',
        GIT_CEILING_DIRECTORIES: dirname(bare),
        CACHED_COMMIT_REF: commits.base!,
        COMMIT_REF: commits.signals!,
      },
      encoding: 'utf8',
    });
    rmSync(bare, { recursive: true, force: true });
    expect([r.status, r.stdout]).toEqual([1, `deploy-ignore: building: ${commits.base} is not a commit of this clone\n`]);
  });
});

describe('the deploy-neutral files: one registry (DEPLOY_NEUTRAL_FILES), mirrored in .gitattributes', () => {
  it('every data file is a fact file or deploy-neutral, never both', () => {
    const keys = Object.keys(DATA_FILES) as DataFileKey[];
    const neutral = new Set<DataFileKey>(DEPLOY_NEUTRAL_FILES);
    expect(keys.filter((k) => neutral.has(k) === k in FACT_FILES)).toEqual([]);
  });

  it(".gitattributes marks exactly DEPLOY_NEUTRAL_FILES' files resetcast-deploy=skip, and nothing else", () => {
    const lines = readFileSync(join(ROOT, '.gitattributes'), 'utf8')
      .split('\n')
      .filter((l) => /\bresetcast-deploy=/.test(l) && !l.startsWith('#'));
    expect(lines.sort()).toEqual(DEPLOY_NEUTRAL_FILES.map((k) => `/data/${DATA_FILES[k]} resetcast-deploy=skip`).sort());
    const keys = Object.keys(DATA_FILES) as DataFileKey[];
    const attrs = git(ROOT, 'check-attr', 'resetcast-deploy', '--', ...keys.map((k) => `data/${DATA_FILES[k]}`));
    const skipped = attrs
      .split('\n')
      .filter((l) => l.endsWith(': skip'))
      .map((l) => l.split(':')[0]);
    expect(skipped.sort()).toEqual(DEPLOY_NEUTRAL_FILES.map((k) => `data/${DATA_FILES[k]}`).sort());
  });

  it('netlify.toml runs it as the build ignore command, with nothing but node', () => {
    expect(readFileSync(join(ROOT, 'netlify.toml'), 'utf8')).toMatch(/^\s*ignore = "node \.ci\/deploy-ignore\.mjs"$/m);
  });
});
