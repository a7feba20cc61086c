/**
 * `--help` (or `-h`) on every command: its usage, its flags and the environment it reads, from the same
 * table that parses them (scripts/lib/commands/), and one example; on stdout, exit 0, before anything
 * reads data/ or the network.
 */
import type { CommandSpec, FlagSpec } from './commands/spec.ts';

/** The flag every command answers besides its own. */
export const HELP_FLAG = { name: 'help', short: 'h', about: 'print this help and exit' } as const;

/** How a flag is written in the help's first column: `--kind reset|banked`, `--partial, --no-partial`. */
export function flagForm(name: string, f: FlagSpec): string {
  if (f.type === 'boolean') return f.negatable ? `--${name}, --no-${name}` : `--${name}`;
  return `--${name} ${f.value ?? '<value>'}`;
}

/** What the help says of a flag besides its own words: required, or only beside others. */
function aboutOf(f: FlagSpec): string {
  const notes = [f.required ? 'required' : '', f.with ? `only with ${f.with.map((w) => `--${w}`).join(' or ')}` : ''].filter(Boolean);
  return notes.length > 0 ? `${f.about} (${notes.join('; ')})` : f.about;
}

const columns = (rows: readonly (readonly [string, string])[]): string[] => {
  const width = Math.max(0, ...rows.map(([a]) => a.length));
  return rows.map(([a, b]) => `  ${a.padEnd(width)}  ${b}`);
};

export function helpText(spec: CommandSpec): string {
  const flags = columns([
    ...Object.entries(spec.flags).map(([name, f]) => [flagForm(name, f), aboutOf(f)] as const),
    [`--${HELP_FLAG.name}, -${HELP_FLAG.short}`, HELP_FLAG.about],
  ]);
  const conflicts = (spec.conflicts ?? []).map((c) => `  --${c.flag} with ${c.others.map((f) => `--${f}`).join(', ')}: ${c.why}`);
  const settings = Object.values(spec.env ?? {});
  const env = settings.length > 0 ? ['', 'environment:', ...columns(settings.map((e) => [`${e.name}=${e.value}`, e.about]))] : [];
  return [
    `usage: ${spec.usage}`,
    '',
    spec.about,
    '',
    'flags:',
    ...flags,
    ...(conflicts.length > 0 ? ['', 'not together:', ...conflicts] : []),
    ...env,
    '',
    'example:',
    `  ${spec.example}`,
    '',
  ].join('\n');
}
