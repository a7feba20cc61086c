/**
 * .ci/commit-data, the scheduled workflow's only write, against real git repositories (a bare origin
 * and clones in temp folders, one per run or maintainer): commits and pushes only what changed, reports
 * it, leaves the token nowhere on disk, and, when main moved while a run pulled (a queued run, a
 * maintainer's push), merges by the rules of the repository's real .gitattributes instead of failing.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_FILES, MERGE_RULES, type DataFileKey } from '../../src/core/dataset/files.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, '.ci', 'commit-data');
const TOKEN = 'ghs_s3cretTokenValue0123456789';
const ID = ['-c', 'user.name=t', '-c', 'user.email=t@example.org'];
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

type Files = Record<string, string>;

function write(dir: string, files: Files): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** A bare origin whose main holds `files` and the repository's own .gitattributes (the merge rules under test). */
function origin(files: Files): { root: string; origin: string } {
  const root = mkdtempSync(join(tmpdir(), 'resetcast-commit-'));
  const bare = join(root, 'origin.git');
  const seed = join(root, 'seed');
  git(root, 'init', '-q', '--bare', '-b', 'main', bare);
  // A new repository pointed at the empty origin, not a clone of it: git warns on stderr when it clones an
  // empty repository ("You appear to have cloned an empty repository"), once per test.
  git(root, 'init', '-q', '-b', 'main', seed);
  git(seed, 'remote', 'add', 'origin', bare);
  write(seed, { ...files, '.gitattributes': readFileSync(join(ROOT, '.gitattributes'), 'utf8') });
  git(seed, 'add', '.');
  git(seed, ...ID, 'commit', '-q', '-m', 'seed');
  git(seed, 'push', '-q', 'origin', 'main');
  return { root, origin: bare };
}

/** A clone of origin's main as it is now (a maintainer's). */
function clone(o: ReturnType<typeof origin>, name: string): string {
  const dir = join(o.root, name);
  git(o.root, 'clone', '-q', '-b', 'main', o.origin, dir);
  return dir;
}

/** A run's checkout as the commit job makes it: one commit deep, detached at the commit the pull started from. */
function checkout(o: ReturnType<typeof origin>, name: string): string {
  const dir = join(o.root, name);
  git(o.root, 'clone', '-q', '--depth', '1', '--no-checkout', `file://${o.origin}`, dir);
  git(dir, 'checkout', '-q', '--detach', git(o.origin, 'rev-parse', 'main'));
  return dir;
}

/** A maintainer's push of `files` (a fact recorded by hand) to origin's main. */
function maintainerPush(o: ReturnType<typeof origin>, files: Files): void {
  const dir = clone(o, `maintainer-${Math.random().toString(36).slice(2)}`);
  write(dir, files);
  git(dir, 'add', '.');
  git(dir, ...ID, 'commit', '-q', '-m', 'data: a fact by hand');
  git(dir, 'push', '-q', 'origin', 'main');
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** What the script wrote to $GITHUB_OUTPUT. */
  output: string;
}

/** The real script in `work`, as the commit job runs it (a fake $GITHUB_OUTPUT, GITHUB_REF_NAME=main). */
function commitData(work: string, message = 'data: scheduled pull'): Run {
  const output = join(work, '..', `github-output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(output, '');
  const env = { PATH: process.env['PATH'] ?? '', HOME: work, GITHUB_OUTPUT: output, GITHUB_REF_NAME: 'main', GITHUB_TOKEN: TOKEN };
  const r = spawnSync('sh', [SCRIPT, message, 'data/'], { cwd: work, env, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, output: readFileSync(output, 'utf8') };
}

const onMain = (o: ReturnType<typeof origin>, path: string): string =>
  execFileSync('git', ['show', `main:${path}`], { cwd: o.origin, encoding: 'utf8' });

// Data shaped like the pull's: one JSON line per pull in the logs, a pretty-printed snapshot.
const forecastLine = (at: string, p24: number): string =>
  `${JSON.stringify({ issued_at: at, available: true, p24, p48: p24 + 10, formula_version: '1' })}\n`;
const historyLine = (at: string, ok: boolean): string =>
  `${JSON.stringify({ fetched_at: at, status: null, issues: null, ok: { status: ok } })}\n`;
const signals = (at: string, extra: Record<string, unknown> = {}): string =>
  `${JSON.stringify({ ...extra, fetched_at: at, sources: [] }, null, 2)}\n`;
const events = (checkedAt: string, ids: string[]): string =>
  `${JSON.stringify({ checked_at: checkedAt, events: ids.map((id) => ({ id })) }, null, 2)}\n`;
const pullState = (sinceId: string): string => `${JSON.stringify({ x: { OpenAI: { user_id: '1', since_id: sinceId } } }, null, 2)}\n`;

const START = '2026-11-26T07:37:00Z';
const A = '2026-11-26T08:07:00Z';
const B = '2026-11-26T08:37:00Z';
/** What every merge case starts from: a log of each kind, a snapshot, facts and a cursor. */
const BASE: Files = {
  'data/forecast-log.jsonl': forecastLine(START, 20),
  'data/signals-history.jsonl': historyLine('2026-08-28T07:37:00Z', true) + historyLine(START, true),
  'data/signals.json': signals(START),
  'data/events.json': events(START, ['100']),
  'data/pull-state.json': pullState('100'),
  'data/corrections.json': '{\n  "corrections": []\n}\n',
};
/** Run A's pull: one line in each log, its signals. */
const RUN_A: Files = {
  'data/forecast-log.jsonl': BASE['data/forecast-log.jsonl'] + forecastLine(A, 21),
  'data/signals-history.jsonl': BASE['data/signals-history.jsonl'] + historyLine(A, true),
  // A status component named like the time field, nested and written first: only the top-level field counts.
  'data/signals.json': signals(A, { status: { components: [{ fetched_at: '2099-01-01T00:00:00Z' }] } }),
};
/** Run B's pull, half an hour later from the same start: its bounded history also dropped its oldest line. */
const RUN_B: Files = {
  'data/forecast-log.jsonl': BASE['data/forecast-log.jsonl'] + forecastLine(B, 22),
  'data/signals-history.jsonl': historyLine(START, true) + historyLine(B, false),
  'data/signals.json': signals(B),
};

describe('.ci/commit-data', () => {
  it('commits and pushes a change, reports changed=true and the pushed sha, and stores no token', () => {
    const o = origin({ 'data/events.json': '{"events":[]}\n' });
    const work = checkout(o, 'run');
    write(work, { 'data/events.json': '{"events":[1]}\n' });
    const run = commitData(work);
    const head = git(o.origin, 'rev-parse', 'main');
    expect(run.status).toBe(0);
    expect(run.output).toBe(`changed=true\nrepull=false\nsha=${head}\n`);
    expect(git(o.origin, 'log', '-1', '--format=%s', 'main')).toMatch(/^data: scheduled pull \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(onMain(o, 'data/events.json')).toBe('{"events":[1]}\n');
    const config = readFileSync(join(work, '.git', 'config'), 'utf8');
    expect(config).not.toContain(TOKEN);
    expect(config).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
    expect(config).not.toMatch(/extraheader/i);
  });

  it("the message is the pushed commit's, word for word, so a [skip netlify] marker reaches Netlify", () => {
    const o = origin({ 'data/events.json': '{"events":[]}\n' });
    const work = checkout(o, 'run');
    write(work, { 'data/events.json': '{"events":[2]}\n' });
    commitData(work, 'data: scheduled pull [skip netlify]');
    expect(git(o.origin, 'log', '-1', '--format=%s', 'main')).toMatch(
      /^data: scheduled pull \[skip netlify\] \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/,
    );
  });

  it('nothing changed: no commit, changed=false and the current sha', () => {
    const o = origin({ 'data/events.json': '{"events":[]}\n' });
    const work = checkout(o, 'run');
    const before = git(o.origin, 'rev-parse', 'main');
    expect(commitData(work).output).toBe(`changed=false\nrepull=false\nsha=${before}\n`);
    expect(git(o.origin, 'rev-parse', 'main')).toBe(before);
  });

  describe('when main moved while the run pulled', () => {
    /** Runs A and B pulled from the same start; `first` commits first, the other one after it. */
    function overlapping(first: 'A' | 'B'): { o: ReturnType<typeof origin>; runs: Run[] } {
      const o = origin(BASE);
      const a = checkout(o, 'run-a');
      const b = checkout(o, 'run-b');
      write(a, RUN_A);
      write(b, RUN_B);
      const order = first === 'A' ? [a, b] : [b, a];
      return { o, runs: order.map((work) => commitData(work)) };
    }

    it('two overlapping runs both commit (exit 0): both log lines kept in time order, a line one run dropped stays dropped, the newer snapshot', () => {
      const { o, runs } = overlapping('A');
      for (const r of runs) expect([r.status, r.stderr]).toEqual([0, '']);
      expect(runs[1]!.output).toBe(`changed=true\nrepull=false\nsha=${git(o.origin, 'rev-parse', 'main')}\n`);
      expect(onMain(o, 'data/forecast-log.jsonl')).toBe(forecastLine(START, 20) + forecastLine(A, 21) + forecastLine(B, 22));
      expect(onMain(o, 'data/signals-history.jsonl')).toBe(historyLine(START, true) + historyLine(A, true) + historyLine(B, false));
      expect(onMain(o, 'data/signals.json')).toBe(RUN_B['data/signals.json']);
      // The second run's commit sits on the first one's: history stays linear.
      expect(git(o.origin, 'rev-list', '--count', 'main')).toBe('3');
    });

    it('the result does not depend on which run commits first: the snapshot is the one with the later fetched_at, not the last to arrive', () => {
      const aFirst = overlapping('A');
      const bFirst = overlapping('B');
      for (const r of bFirst.runs) expect([r.status, r.stderr]).toEqual([0, '']);
      for (const path of Object.keys(BASE)) expect([path, onMain(bFirst.o, path)]).toEqual([path, onMain(aFirst.o, path)]);
      expect(onMain(bFirst.o, 'data/signals.json')).toBe(RUN_B['data/signals.json']);
    });

    it("a maintainer's fact pushed meanwhile survives, and the run's logs and snapshot land on top of it", () => {
      const o = origin(BASE);
      const run = checkout(o, 'run');
      maintainerPush(o, { 'data/events.json': events(START, ['100', '101']) });
      const maintained = git(o.origin, 'rev-parse', 'main');
      write(run, RUN_A);
      const r = commitData(run);
      expect([r.status, r.stderr]).toEqual([0, '']);
      expect(r.output).toMatch(/^changed=true\nrepull=false\n/);
      expect(onMain(o, 'data/events.json')).toBe(events(START, ['100', '101']));
      expect(onMain(o, 'data/forecast-log.jsonl')).toBe(RUN_A['data/forecast-log.jsonl']);
      expect(onMain(o, 'data/signals.json')).toBe(RUN_A['data/signals.json']);
      expect(git(o.origin, 'rev-parse', 'main^')).toBe(maintained);
    });

    it(
      "both changed the facts: main's facts and cursor kept whole, the run's named in one warning and marked " +
        'for re-pull, its logs and snapshot committed (exit 0)',
      () => {
        const o = origin(BASE);
        const run = checkout(o, 'run');
        const correction = '{\n  "corrections": [\n    {\n      "id": "c1"\n    }\n  ]\n}\n';
        maintainerPush(o, { 'data/corrections.json': correction });
        // The run found post 102 (a new event, the cursor moved past it) and checked X (checked_at).
        write(run, { ...RUN_A, 'data/events.json': events(A, ['100', '102']), 'data/pull-state.json': pullState('102') });
        const r = commitData(run);
        expect(r.status).toBe(0);
        expect(r.output).toMatch(/^changed=true\nrepull=true\n/);
        const warnings = r.stderr.split('\n').filter((l) => l.startsWith('::warning::'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toContain('data/events.json, data/pull-state.json not committed');
        expect(onMain(o, 'data/corrections.json')).toBe(correction);
        // The event and the cursor go together: with main's cursor the next pull reads post 102 again.
        expect(onMain(o, 'data/events.json')).toBe(BASE['data/events.json']);
        expect(onMain(o, 'data/pull-state.json')).toBe(BASE['data/pull-state.json']);
        expect(onMain(o, 'data/forecast-log.jsonl')).toBe(RUN_A['data/forecast-log.jsonl']);
        expect(onMain(o, 'data/signals.json')).toBe(RUN_A['data/signals.json']);
      },
    );

    it('a push refused because main moved again is tried anew from the newer main', () => {
      const o = origin(BASE);
      const run = checkout(o, 'run');
      const refusedOnce = join(o.root, 'refused-once');
      const hook = join(o.origin, 'hooks', 'pre-receive');
      writeFileSync(
        hook,
        `#!/bin/sh\nif [ ! -e '${refusedOnce}' ]; then : > '${refusedOnce}'; echo 'main moved' >&2; exit 1; fi\nexit 0\n`,
      );
      chmodSync(hook, 0o755);
      write(run, RUN_A);
      const r = commitData(run);
      expect(r.status).toBe(0);
      expect(onMain(o, 'data/forecast-log.jsonl')).toBe(RUN_A['data/forecast-log.jsonl']);
    });

    it('a push refused every time fails the step with one ::error:: line, main untouched', () => {
      const o = origin(BASE);
      const run = checkout(o, 'run');
      const before = git(o.origin, 'rev-parse', 'main');
      const hook = join(o.origin, 'hooks', 'pre-receive');
      writeFileSync(hook, '#!/bin/sh\nexit 1\n');
      chmodSync(hook, 0o755);
      write(run, RUN_A);
      const r = commitData(run);
      expect(r.status).toBe(1);
      expect(r.stderr.split('\n').filter((l) => l.startsWith('::error::'))).toEqual([
        '::error::.ci/commit-data: the push to main was refused 3 times; nothing committed',
      ]);
      expect(git(o.origin, 'rev-parse', 'main')).toBe(before);
    });
  });

  it('.gitattributes gives every data file the merge rule of MERGE_RULES (the registry), together for the rest', () => {
    const keys = Object.keys(DATA_FILES) as DataFileKey[];
    const attrs = git(ROOT, 'check-attr', 'resetcast-merge', 'resetcast-time', '--', ...keys.map((k) => `data/${DATA_FILES[k]}`));
    const expected = keys.flatMap((k) => {
      const rule = (MERGE_RULES as Partial<Record<DataFileKey, { merge: string; time: string }>>)[k];
      return [
        `data/${DATA_FILES[k]}: resetcast-merge: ${rule?.merge ?? 'together'}`,
        `data/${DATA_FILES[k]}: resetcast-time: ${rule?.time ?? 'unspecified'}`,
      ];
    });
    expect(attrs.split('\n')).toEqual(expected);
  });
});
