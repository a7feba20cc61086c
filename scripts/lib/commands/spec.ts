/**
 * The shape of a command's table (scripts/lib/commands/): its flags, conflicts and environment. Kept
 * apart from the parser (scripts/lib/flags.ts) and the help (scripts/lib/help.ts) so that both, and the
 * tables, import it and nothing imports back: the tables need the shape, not the code that reads them.
 */

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** What the value looks like in the help (`<scope>`, `reset|banked`, `"…"`); string flags only. */
  value?: string;
  about: string;
  /** A boolean that may be said false: `--no-<name>` (unknown otherwise). */
  negatable?: boolean;
  /** Refused when absent. */
  required?: boolean;
  /** Meaningful only beside one of these flags: refused without them rather than ignored. */
  with?: readonly string[];
}

/** Flags that cannot go together: `flag` with any of `others`, for the reason `why`. */
export interface Conflict {
  flag: string;
  others: readonly string[];
  why: string;
}

/** An environment variable a command reads, as its help lists it (taken from the registry that reads it). */
export interface EnvSetting {
  name: string;
  value: string;
  about: string;
}

export interface CommandSpec {
  /** The npm script (`add-event`, `bench:reads`): how refusals and the help name the command. */
  name: string;
  /** The one-line form, after `usage: `. */
  usage: string;
  /** What the command does, in one sentence. */
  about: string;
  flags: Readonly<Record<string, FlagSpec>>;
  /** The arguments that are not flags, by name (`<post URL>`), and how many are required; none when absent. */
  positionals?: { names: readonly string[]; required: number };
  conflicts?: readonly Conflict[];
  /** The environment variables it reads, each named once here and read through it (envValue). */
  env?: Readonly<Record<string, EnvSetting>>;
  example: string;
}
