/**
 * docs/deploy.md, the guide from a fork to a live site, names only what exists: every `npm run` script is in
 * package.json (the X webhook's only as "when merged" while it is not), every variable in capitals is read
 * somewhere in the code, the workflows or netlify.toml, every file and folder it names is in the repository,
 * and every flag it gives a command is in that command's table.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../scripts/lib/commands/index.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const guide = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** Every text file under `dir` that code or configuration lives in. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|mjs|yml|toml|sql|astro)$/.test(e.name))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'));
}
const code = [
  ...['src', 'scripts', 'netlify', '.github'].flatMap(sources),
  readFileSync(join(ROOT, 'netlify.toml'), 'utf8'),
  readFileSync(join(ROOT, 'astro.config.mjs'), 'utf8'),
].join('\n');

describe('docs/deploy.md', () => {
  it('runs only npm scripts that exist (the X webhook only as "when merged")', () => {
    const named = [...new Set([...guide.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1]!))];
    expect(named.length).toBeGreaterThan(3);
    const missing = named.filter((n) => !scripts.includes(n));
    expect(missing.filter((n) => !(n === 'x-webhook' && /## \d+\. The X webhook \(when merged\)/.test(guide)))).toEqual([]);
  });

  it('names only variables the code, the workflows or netlify.toml read', () => {
    const variables = [...new Set([...guide.matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:=[^`]*)?`/g)].map((m) => m[1]!))];
    expect(variables).toEqual(
      expect.arrayContaining(['RESETCAST_SITE_URL', 'NETLIFY_DB_URL', 'X_BEARER_TOKEN', 'RESETCAST_DISPATCH_TOKEN', 'NETLIFY_BUILD_HOOK']),
    );
    expect(variables.filter((v) => !code.includes(v))).toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const paths = [...new Set([...guide.matchAll(/`((?:\.github|netlify|src|docs|scripts)\/[^`\s]*|netlify\.toml)`/g)].map((m) => m[1]!))];
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  it('gives each command only flags of its table', () => {
    for (const m of guide.matchAll(/npm run ([a-z:-]+) -- ((?:--?[a-z-]+(?: [^`\s-][^`\s]*)? ?)+)/g)) {
      const spec = COMMANDS[m[1]!];
      if (!spec) continue;
      const flags = spec.flags as Record<string, { negatable?: boolean }>;
      // `--no-x` is the negation of a negatable `--x`.
      const known = (f: string): boolean => f in flags || (f.startsWith('no-') && flags[f.slice(3)]?.negatable === true);
      for (const flag of m[2]!.matchAll(/--([a-z-]+)/g)) expect(known(flag[1]!), `${m[1]} --${flag[1]}`).toBe(true);
    }
  });
});
