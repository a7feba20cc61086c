/**
 * Every command's flags, written once: one table per command (scripts/lib/commands/) drives both the
 * parsing and `--help`. Built on node:util parseArgs (strict, tokens) with the rules it leaves to us:
 * parseArgs keeps the last of a repeated flag and, with allowNegative, takes `--no-x` for every boolean
 * (and, when not strict, for a string flag too), so the tokens are checked here first. A refusal is one
 * line naming the flag and the rule; the command prints it and exits 1 before it reads anything.
 */
import { parseArgs } from 'node:util';
import { siteAddress } from '../../src/core/site.ts';
import type { CommandSpec, EnvSetting, FlagSpec } from './commands/spec.ts';
import { HELP_FLAG, helpText } from './help.ts';

/** The table's shape, for the commands that parse with it. */
export type { CommandSpec, Conflict, EnvSetting, FlagSpec } from './commands/spec.ts';

/** A variable's value from the environment; blank counts as unset. */
export const envValue = (s: EnvSetting, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined =>
  env[s.name] || undefined;

export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

type ValueOf<F extends FlagSpec> = F['type'] extends 'string' ? string : boolean;
type Flags<S extends CommandSpec> = S['flags'];
/** The values as parsed: a required flag is always there, any other may be absent. */
export type FlagValues<S extends CommandSpec> = {
  [K in keyof Flags<S> as Flags<S>[K] extends { required: true } ? K : never]: ValueOf<Flags<S>[K]>;
} & {
  [K in keyof Flags<S> as Flags<S>[K] extends { required: true } ? never : K]?: ValueOf<Flags<S>[K]>;
};
export interface Parsed<S extends CommandSpec> {
  values: FlagValues<S>;
  positionals: string[];
}

const dashed = (name: string): string => `--${name}`;
const listed = (names: readonly string[]): string => names.map(dashed).join(names.length === 2 ? ' or ' : ', ');

/** The tokens parseArgs sees, unchecked: every option as given (unknown ones included), every positional. */
function tokensOf(spec: CommandSpec, args: readonly string[]) {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    [HELP_FLAG.name]: { type: 'boolean', short: HELP_FLAG.short },
  };
  for (const [name, f] of Object.entries(spec.flags)) options[name] = { type: f.type };
  return {
    options,
    tokens: parseArgs({ args: [...args], options, strict: false, allowPositionals: true, allowNegative: true, tokens: true }).tokens,
  };
}

/** True when the arguments ask for the help (`--help` or `-h` as a flag, not as a value or after `--`). */
export function asksForHelp(spec: CommandSpec, args: readonly string[]): boolean {
  return tokensOf(spec, args).tokens.some((t) => t.kind === 'option' && t.name === HELP_FLAG.name && t.rawName !== '--no-help');
}

/** One option as given: refused when unknown, missing or empty its value, or given a value it does not take. */
function checkOption(
  spec: CommandSpec,
  t: { name: string; rawName: string; value?: string | undefined; inlineValue?: boolean | undefined },
): void {
  const flag = spec.flags[t.name];
  const negated = t.rawName.startsWith('--no-');
  if (!flag || (negated && !(flag.type === 'boolean' && flag.negatable)) || t.name === HELP_FLAG.name) {
    throw new FlagError(`${t.rawName}: unknown flag (npm run ${spec.name} -- --help lists them)`);
  }
  if (flag.type === 'boolean') {
    if (t.value !== undefined) throw new FlagError(`${t.rawName}: takes no value, not ${JSON.stringify(t.value)}`);
    return;
  }
  if (t.value === undefined) throw new FlagError(`${t.rawName}: missing value (${flag.value ?? '<value>'})`);
  // parseArgs takes the next argument as the value even when it is a flag (`--summary --kind`): a slip, not a summary.
  if (!t.inlineValue && t.value.startsWith('-'))
    throw new FlagError(`${t.rawName}: missing value before ${t.value} (a value that starts with "-" is written ${t.rawName}=${t.value})`);
  if (t.value.trim() === '') throw new FlagError(`${t.rawName}: empty value (give ${flag.value ?? 'a value'}, or leave the flag out)`);
}

/**
 * The arguments checked against the table: every rule of the module comment, then parseArgs in strict
 * mode for the values. Throws FlagError with the one line to print; does not handle --help.
 */
export function readFlags<S extends CommandSpec>(spec: S, args: readonly string[]): Parsed<S> {
  const { options, tokens } = tokensOf(spec, args);
  const seen = new Map<string, string>();
  const positionals: string[] = [];
  const allowed = spec.positionals?.names.length ?? 0;
  for (const t of tokens) {
    if (t.kind === 'positional') {
      if (positionals.length >= allowed) {
        const takes = allowed === 0 ? 'takes no arguments besides its flags' : `takes ${spec.positionals!.names.join(' ')} only`;
        throw new FlagError(`${JSON.stringify(t.value)}: unexpected argument (npm run ${spec.name} ${takes})`);
      }
      positionals.push(t.value);
    }
    if (t.kind !== 'option') continue;
    checkOption(spec, t);
    const earlier = seen.get(t.name);
    if (earlier !== undefined) {
      throw new FlagError(
        earlier === t.rawName ? `${t.rawName}: given twice (it takes one value)` : `${earlier} and ${t.rawName} contradict each other`,
      );
    }
    seen.set(t.name, t.rawName);
  }
  for (const c of spec.conflicts ?? []) {
    const other = c.others.find((f) => seen.has(f));
    if (seen.has(c.flag) && other !== undefined)
      throw new FlagError(`${seen.get(c.flag)} and ${seen.get(other)} cannot go together: ${c.why}`);
  }
  for (const [name, f] of Object.entries(spec.flags)) {
    if (f.required && !seen.has(name)) throw new FlagError(`${dashed(name)}: required (${f.value ?? f.about})`);
    if (f.with && seen.has(name) && !f.with.some((w) => seen.has(w))) throw new FlagError(`${seen.get(name)}: only with ${listed(f.with)}`);
  }
  const required = spec.positionals?.required ?? 0;
  if (positionals.length < required) throw new FlagError(`${spec.positionals!.names[positionals.length]}: required (usage: ${spec.usage})`);
  // The library's own checks, strict: the rules above leave it nothing to refuse, so this only types the values.
  const { values } = parseArgs({ args: [...args], options, strict: true, allowPositionals: true, allowNegative: true });
  delete (values as Record<string, unknown>)[HELP_FLAG.name];
  return { values: values as FlagValues<S>, positionals };
}

/**
 * What every command does first: `--help` prints the help and exits 0; a refused argument prints one
 * line, `<command>: <flag>: <rule>`, and exits 1; otherwise the flags, checked.
 */
export function parseCommand<S extends CommandSpec>(spec: S, args: readonly string[] = process.argv.slice(2)): Parsed<S> {
  try {
    if (asksForHelp(spec, args)) {
      process.stdout.write(helpText(spec));
      process.exit(0);
    }
    return readFlags(spec, args);
  } catch (e) {
    const message = e instanceof FlagError ? e.message : String((e as Error).message).split('\n')[0];
    process.stderr.write(`${spec.name}: ${message}\n`);
    process.exit(1);
  }
}

/** A refusal after parsing (a value the table cannot judge), the same way: one line, exit 1. */
export function refuse(spec: CommandSpec, message: string): never {
  process.stderr.write(`${spec.name}: ${message}\n`);
  process.exit(1);
}

/** The site's address (RESETCAST_SITE_URL, URL, else SITE.url), or the command refused with the one line naming the variable. */
export function siteBaseOrRefuse(spec: CommandSpec, env: Readonly<Record<string, string | undefined>> = process.env): string {
  const address = siteAddress(env);
  if ('problem' in address) refuse(spec, address.problem);
  return address.url;
}
