/**
 * .ci/commit-data, the scheduled workflow's only write, against real git repositories (a bare origin
 * and a clone in temp folders): commits and pushes only what changed, reports it, and leaves the token
 * nowhere on disk.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = resolve(import.meta.dirname, '..', '..', '.ci', 'commit-data');
const TOKEN = 'ghs_s3cretTokenValue0123456789';
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

function repos(): { work: string; origin: string; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'resetcast-commit-'));
  const origin = join(root, 'origin.git');
  const work = join(root, 'work');
  git(root, 'init', '-q', '--bare', '-b', 'main', origin);
  git(root, 'clone', '-q', origin, work);
  mkdirSync(join(work, 'data'));
  writeFileSync(join(work, 'data', 'events.json'), '{"events":[]}\n');
  git(work, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'checkout', '-q', '-b', 'main');
  git(work, 'add', '.');
  git(work, '-c', 'user.name=t', '-c', 'user.email=t@example.org', 'commit', '-q', '-m', 'seed');
  git(work, 'push', '-q', 'origin', 'main');
  return { work, origin, output: join(root, 'github-output') };
}

const run = (r: ReturnType<typeof repos>, message = 'data: scheduled pull'): string => {
  writeFileSync(r.output, '');
  execFileSync('sh', [SCRIPT, message, 'data/'], { cwd: r.work, env: { PATH: process.env['PATH'] ?? '', HOME: r.work, GITHUB_OUTPUT: r.output, GITHUB_REF_NAME: 'main', GITHUB_TOKEN: TOKEN } });
  return readFileSync(r.output, 'utf8');
};

describe('.ci/commit-data', () => {
  it('commits and pushes a change, reports changed=true and the pushed sha, and stores no token', () => {
    const r = repos();
    writeFileSync(join(r.work, 'data', 'events.json'), '{"events":[1]}\n');
    const out = run(r);
    const head = git(r.origin, 'rev-parse', 'main');
    expect(out).toBe(`changed=true\nsha=${head}\n`);
    expect(git(r.origin, 'log', '-1', '--format=%s', 'main')).toMatch(/^data: scheduled pull \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(git(r.origin, 'show', 'main:data/events.json')).toBe('{"events":[1]}');
    const config = readFileSync(join(r.work, '.git', 'config'), 'utf8');
    expect(config).not.toContain(TOKEN);
    expect(config).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
    expect(config).not.toMatch(/extraheader/i);
  });

  it('the message is the pushed commit\'s, word for word, so a [skip netlify] marker reaches Netlify', () => {
    const r = repos();
    writeFileSync(join(r.work, 'data', 'events.json'), '{"events":[2]}\n');
    run(r, 'data: scheduled pull [skip netlify]');
    expect(git(r.origin, 'log', '-1', '--format=%s', 'main')).toMatch(/^data: scheduled pull \[skip netlify\] \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('nothing changed: no commit, changed=false and the current sha', () => {
    const r = repos();
    const before = git(r.origin, 'rev-parse', 'main');
    expect(run(r)).toBe(`changed=false\nsha=${before}\n`);
    expect(git(r.origin, 'rev-parse', 'main')).toBe(before);
  });
});
