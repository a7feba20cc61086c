/**
 * Every command from the command line: wired to its flag table (scripts/lib/commands/), so an unknown
 * flag is refused by each in one line naming it, exit 1, data/ byte-identical; `--help` lists exactly
 * the flags and the environment of its table (read from the printed text, compared with the table);
 * and the cases testers found. The rules themselves, for every table: tests/scripts/flags.test.ts.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../scripts/lib/commands/index.ts';
import type { CommandSpec } from '../../scripts/lib/flags.ts';
import { OUTLETS } from '../../src/jobs/broadcast/outlets/index.ts';
import { curateDir, EPOCH, expectRefused, idOf, npmScript, readJson, xUrl } from '../support/curate-env.ts';

/** Every npm script that runs one of our own scripts, and that file (build, check and test run others' tools). */
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
const FILES = Object.fromEntries(
  Object.entries(pkg.scripts).flatMap(
    ([name, cmd]) =>
      /^node (scripts\/[\w/-]+\.ts)$/
        .exec(cmd)
        ?.slice(1)
        .map((f) => [name, f]) ?? [],
  ),
);
const OURS = Object.keys(FILES);

/** A command as a child process, killed at the deadline (a command that ignored its flags might start a build). */
function run(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [FILES[script]!, ...args], {
    env: { PATH: process.env['PATH'] ?? '', SOURCE_DATE_EPOCH: EPOCH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  const deadline = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(deadline);
      resolve({ code, out });
    });
  });
}

/** One hash of every file of the folder, names and bytes. */
function folderHash(dir: string): string {
  const hash = createHash('sha256');
  for (const f of readdirSync(dir).sort())
    hash
      .update(`${f}\0`)
      .update(readFileSync(join(dir, f)))
      .update('\0');
  return hash.digest('hex');
}

describe('every npm script of ours has a flag table', () => {
  it('covers the commands named in the issue and every new one, one table each, named as the script', () => {
    expect(OURS).toEqual(
      expect.arrayContaining([
        'add-event',
        'add-promise',
        'correct',
        'review',
        'validate',
        'checked',
        'pull',
        'broadcast',
        'lighthouse',
        'soak',
        'bench:alerts',
        'bench:reads',
      ]),
    );
    expect(Object.keys(COMMANDS).sort()).toEqual([...OURS].sort());
  });
});

/** The flags in the help's `flags:` section: every `--name` and `-h` in each line's first column. */
function helpFlags(help: string): string[] {
  const section = help.slice(help.indexOf('\nflags:\n') + '\nflags:\n'.length).split('\n\n')[0]!;
  return section.split('\n').flatMap((line) =>
    line
      .trim()
      .split(/\s{2,}/)[0]!
      .split(', ')
      .map((form) => form.split(' ')[0]!),
  );
}
/** The variables in the help's `environment:` section. */
function helpEnv(help: string): string[] {
  const at = help.indexOf('\nenvironment:\n');
  if (at < 0) return [];
  return help
    .slice(at + '\nenvironment:\n'.length)
    .split('\n\n')[0]!
    .split('\n')
    .map((line) => line.trim().split('=')[0]!);
}
/** What the table says the help must list. */
const tableFlags = (spec: CommandSpec): string[] => [
  ...Object.entries(spec.flags).flatMap(([name, f]) =>
    f.type === 'boolean' && f.negatable ? [`--${name}`, `--no-${name}`] : [`--${name}`],
  ),
  '--help',
  '-h',
];

describe.each(OURS)('%s', (script) => {
  const spec = COMMANDS[script]!;

  it('--help prints usage, exactly the flags and environment of its table, and an example; exit 0, reading nothing', async () => {
    const r = await run(script, ['--help'], { RESETCAST_DATA_DIR: '/nonexistent' });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^usage: npm (run \S+|start)/);
    expect(r.out).toContain('\nflags:\n');
    expect(r.out).toMatch(/\nexample:\n {2}\S/);
    expect(helpFlags(r.out).sort()).toEqual(tableFlags(spec).sort());
    expect(helpEnv(r.out).sort()).toEqual(
      Object.values(spec.env ?? {})
        .map((e) => e.name)
        .sort(),
    );
  });

  it('an unknown flag: one line naming it, exit 1, data/ byte-identical', async () => {
    const dir = curateDir();
    const before = folderHash(dir);
    const r = await run(script, ['--nonsense'], { RESETCAST_DATA_DIR: dir });
    expect(r.code, r.out).toBe(1);
    expect(r.out).toBe(`${script}: --nonsense: unknown flag (npm run ${script} -- --help lists them)\n`);
    expect(folderHash(dir)).toBe(before);
  });
});

describe("broadcast's environment comes from the outlet registry", () => {
  it('every variable each outlet reads is in the table, its own first', () => {
    for (const o of OUTLETS) expect(o.settings[0]?.name).toBe(o.env);
    expect(Object.values(COMMANDS['broadcast']!.env ?? {}).map((e) => e.name)).toEqual(
      expect.arrayContaining(OUTLETS.flatMap((o) => o.settings.map((s) => s.name))),
    );
  });
});

describe('what testers found: refused in one line naming the flag, exit 1, data/ byte-identical', () => {
  const POST = xUrl('OpenAI', '2026-11-19T01:00:00Z');
  const ADD = [POST, '--kind', 'reset', '--scope', 'all'];
  let dir: string;
  beforeAll(() => {
    dir = curateDir();
  });
  it.each<[string, string, string[], string]>([
    [
      'a repeated --summary',
      'add-event',
      [...ADD, '--summary', 'ok', '--summary', 'twice'],
      'add-event: --summary: given twice (it takes one value)',
    ],
    [
      '--partial --no-partial',
      'add-event',
      [...ADD, '--summary', 's', '--partial', '--no-partial'],
      'add-event: --partial and --no-partial contradict each other',
    ],
    [
      'review --list --nonsense',
      'review',
      ['--list', '--nonsense'],
      'review: --nonsense: unknown flag (npm run review -- --help lists them)',
    ],
    ['validate --strict', 'validate', ['--strict'], 'validate: --strict: unknown flag (npm run validate -- --help lists them)'],
    [
      '--scope ""',
      'add-event',
      [POST, '--kind', 'reset', '--scope', '', '--summary', 's'],
      'add-event: --scope: empty value (give <scope>, or leave the flag out)',
    ],
    [
      '--retract with --kind',
      'correct',
      ['2030474136024400173', '--retract', '--kind', 'other', '--reason', 'r'],
      'correct: --retract and --kind cannot go together: --retract withdraws the whole event',
    ],
    [
      '--fulfilled-by with --scope',
      'correct',
      ['2030474136024400173', '--fulfilled-by', 'none', '--scope', 'all', '--reason', 'r'],
      'correct: --fulfilled-by and --scope cannot go together: --fulfilled-by relinks a promise, it changes no event field',
    ],
    [
      'a stray argument',
      'checked',
      ['--note', 'n', 'stray'],
      'checked: "stray": unexpected argument (npm run checked takes no arguments besides its flags)',
    ],
    [
      '--reason on a new event',
      'add-event',
      [...ADD, '--summary', 's', '--reason', 'r'],
      'add-event: --reason: only with --update or --supersedes',
    ],
    [
      'a flag of another --accept form',
      'review',
      ['42', '--accept', 'event', '--kind', 'reset', '--expires', '2026-12-01T00:00:00Z'],
      'review: --expires: does not apply to --accept event (it takes --kind, --scope, --summary, --certainty, --origin, --partial, --global)',
    ],
  ])('%s', (_name, script, args, line) => expectRefused(script, dir, args, new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)));
});

describe('a correction that would unlink promises is refused, naming them and the relink (docs/data.md)', () => {
  const ok = async (dir: string, script: string, args: string[]): Promise<void> => {
    const r = await npmScript(script, dir, args);
    expect(r.code, `${script}: ${r.out}`).toBe(0);
  };

  it('--retract of an event that fulfils three promises', async () => {
    const dir = curateDir();
    const promises = ['2026-11-19T20:00:00Z', '2026-11-19T20:10:00Z', '2026-11-19T20:20:00Z'].map((at) => xUrl('thsottiaux', at));
    for (const p of promises) await ok(dir, 'add-promise', [p, '--summary', 'Limits reset soon.']);
    const reset = xUrl('thsottiaux', '2026-11-20T10:00:00Z');
    await ok(dir, 'add-event', [reset, '--kind', 'reset', '--scope', 'all', '--summary', 'Limits reset.']);
    expect(
      readJson(dir, 'announcements.json').announcements.filter((a: { fulfilled_by: string | null }) => a.fulfilled_by === idOf(reset)),
    ).toHaveLength(3);
    const named = promises.map((p) => `${idOf(p)} (${p})`).join(', ');
    const line =
      `correct: event ${idOf(reset)} fulfils promises ${named}; relink each first: npm run correct -- ${idOf(promises[0]!)} ` +
      `--fulfilled-by <event id|none> --reason "…"`;
    await expectRefused(
      'correct',
      dir,
      [idOf(reset), '--retract', '--reason', 'not about Codex'],
      new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });

  it('add-event --update that narrows the scope below the promise it fulfils', async () => {
    const dir = curateDir();
    const promise = xUrl('thsottiaux', '2026-11-19T20:00:00Z');
    await ok(dir, 'add-promise', [promise, '--summary', 'Pro limits reset soon.', '--scope', 'pro']);
    const reset = xUrl('thsottiaux', '2026-11-20T10:00:00Z');
    await ok(dir, 'add-event', [reset, '--kind', 'reset', '--scope', 'plus+pro', '--summary', 'Limits reset.']);
    const line =
      `add-event: event ${idOf(reset)} as updated would no longer fulfil promise ${idOf(promise)} (${promise}); ` +
      `relink it first: npm run correct -- ${idOf(promise)} --fulfilled-by <event id|none> --reason "…"`;
    await expectRefused(
      'add-event',
      dir,
      [reset, '--update', '--kind', 'reset', '--scope', 'plus', '--summary', 'Limits reset.'],
      new RegExp(`^${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  });
});
