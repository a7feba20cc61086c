/**
 * The parse rules of scripts/lib/flags.ts on the module itself (no process): what parseArgs alone would
 * accept (a repeated flag, --x with --no-x, --no-x of any boolean, a flag as another's value) is refused
 * with one line naming the flag; then every command's own table × {repeated, unknown, empty, missing}.
 * tests/scripts/command-flags.test.ts proves each command is wired to its table.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../scripts/lib/commands/index.ts';
import { asksForHelp, FlagError, readFlags, type CommandSpec } from '../../scripts/lib/flags.ts';

const SPEC = {
  name: 'demo',
  usage: 'npm run demo -- <id> [flags]',
  about: 'A command for the rules.',
  flags: {
    scope: { type: 'string', value: '<scope>', about: 'a value' },
    note: { type: 'string', value: '"…"', about: 'a required value', required: true },
    partial: { type: 'boolean', negatable: true, about: 'yes or no' },
    retract: { type: 'boolean', about: 'no --no- form' },
    reason: { type: 'string', value: '"…"', about: 'only with --retract', with: ['retract'] },
  },
  positionals: { names: ['<id>'], required: 1 },
  conflicts: [{ flag: 'retract', others: ['scope'], why: 'a retraction changes no field' }],
  example: 'npm run demo -- 1 --note n',
} as const satisfies CommandSpec;

/** The one line readFlags refuses `args` with (the test fails when it accepts them). */
function refusal(spec: CommandSpec, args: string[]): string {
  try {
    readFlags(spec, args);
  } catch (e) {
    expect(e).toBeInstanceOf(FlagError);
    return (e as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(args)}`);
}

describe('readFlags: the rules parseArgs leaves to us', () => {
  it.each<[string, string[], string]>([
    [
      'a repeated single-value flag',
      ['1', '--note', 'n', '--scope', 'ok', '--scope', 'twice'],
      '--scope: given twice (it takes one value)',
    ],
    ['a repeated boolean', ['1', '--note', 'n', '--partial', '--partial'], '--partial: given twice (it takes one value)'],
    ['a flag and its negation', ['1', '--note', 'n', '--partial', '--no-partial'], '--partial and --no-partial contradict each other'],
    ['a negation and the flag', ['1', '--note', 'n', '--no-partial', '--partial'], '--no-partial and --partial contradict each other'],
    [
      '--no- of a boolean that has none',
      ['1', '--note', 'n', '--no-retract'],
      '--no-retract: unknown flag (npm run demo -- --help lists them)',
    ],
    ['--no- of a string flag', ['1', '--note', 'n', '--no-scope'], '--no-scope: unknown flag (npm run demo -- --help lists them)'],
    ['an unknown flag', ['1', '--note', 'n', '--nonsense'], '--nonsense: unknown flag (npm run demo -- --help lists them)'],
    ['an unknown short flag', ['1', '--note', 'n', '-x'], '-x: unknown flag (npm run demo -- --help lists them)'],
    ['a missing value at the end', ['1', '--note', 'n', '--scope'], '--scope: missing value (<scope>)'],
    [
      'a flag where the value should be',
      ['1', '--note', '--scope', 'all'],
      '--note: missing value before --scope (a value that starts with "-" is written --note=--scope)',
    ],
    ['an empty value', ['1', '--note', 'n', '--scope', ''], '--scope: empty value (give <scope>, or leave the flag out)'],
    ['an empty inline value', ['1', '--note', 'n', '--scope='], '--scope: empty value (give <scope>, or leave the flag out)'],
    ['a blank value', ['1', '--note', ' \t'], '--note: empty value (give "…", or leave the flag out)'],
    ['a value given to a boolean', ['1', '--note', 'n', '--partial=yes'], '--partial: takes no value, not "yes"'],
    ['a stray positional', ['1', '2', '--note', 'n'], '"2": unexpected argument (npm run demo takes <id> only)'],
    ['a missing positional', ['--note', 'n'], '<id>: required (usage: npm run demo -- <id> [flags])'],
    ['a missing required flag', ['1'], '--note: required ("…")'],
    ['a flag without the one it goes with', ['1', '--note', 'n', '--reason', 'r'], '--reason: only with --retract'],
    [
      'flags that cannot go together',
      ['1', '--note', 'n', '--retract', '--scope', 'all'],
      '--retract and --scope cannot go together: a retraction changes no field',
    ],
    [
      '--help as a flag of its own negation',
      ['1', '--note', 'n', '--no-help'],
      '--no-help: unknown flag (npm run demo -- --help lists them)',
    ],
  ])('%s', (_name, args, message) => expect(refusal(SPEC, args)).toBe(message));

  it('accepts the values the rules allow: a dash value written inline, --no-x of a negatable flag, anything after --', () => {
    expect(readFlags(SPEC, ['1', '--note=-5 °C', '--no-partial', '--retract', '--reason', 'r'])).toEqual({
      values: { note: '-5 °C', partial: false, retract: true, reason: 'r' },
      positionals: ['1'],
    });
    expect(readFlags(SPEC, ['--note', 'n', '--', '--scope'])).toEqual({ values: { note: 'n' }, positionals: ['--scope'] });
  });

  it('asks for help only for --help or -h as a flag, not as a value or after --', () => {
    expect(
      [['--help'], ['-h'], ['1', '--nonsense', '--help'], ['1', '--scope=--help'], ['--', '--help'], ['--note', '--help']].map((a) =>
        asksForHelp(SPEC, a),
      ),
    ).toEqual([true, true, true, false, false, false]);
  });
});

/** The cases of the matrix for one command, built from its table (a case its table cannot have is left out). */
function casesOf(spec: CommandSpec): [string, string[], RegExp][] {
  const flags = Object.entries(spec.flags);
  const text = flags.find(([, f]) => f.type === 'string')?.[0];
  const bool = flags.find(([, f]) => f.type === 'boolean')?.[0];
  const cases: [string, string[], RegExp][] = [['unknown flag', ['--nonsense'], /^--nonsense: unknown flag /]];
  if (text) {
    cases.push(['repeated flag', [`--${text}`, 'ok', `--${text}`, 'twice'], new RegExp(`^--${text}: given twice`)]);
    cases.push(['empty value', [`--${text}`, ''], new RegExp(`^--${text}: empty value`)]);
    cases.push(['missing value', [`--${text}`], new RegExp(`^--${text}: missing value`)]);
  } else if (bool) cases.push(['repeated flag', [`--${bool}`, `--${bool}`], new RegExp(`^--${bool}: given twice`)]);
  if (!spec.positionals) cases.push(['stray argument', ['stray'], /^"stray": unexpected argument/]);
  return cases;
}

describe.each(Object.values(COMMANDS).map((spec) => [spec.name, spec] as const))('%s: its table refuses', (_name, spec) => {
  it.each(casesOf(spec))('a %s', (_case, args, message) => {
    // Refused before the rules that need the rest of a valid command line (required flags, positionals).
    const line = refusal(spec, [...(spec.positionals?.required ? ['1'] : []), ...args]);
    expect(line).toMatch(message);
    expect(line).not.toContain('\n');
  });
});
