/**
 * `--help` (or `-h`) on every command: its usage, its flags and one example on stdout, exit 0, before
 * anything reads data/ or the network. One helper so every command answers the same way.
 */
export interface Help {
  /** `npm run x -- <args>`: the one-line form. */
  usage: string;
  /** What the command does, in one sentence. */
  about: string;
  /** Each flag and what it does. */
  flags: readonly (readonly [flag: string, what: string])[];
  example: string;
}

export function helpText(h: Help): string {
  const width = Math.max(0, ...h.flags.map(([f]) => f.length));
  const flags = h.flags.map(([f, w]) => `  ${f.padEnd(width)}  ${w}`);
  return [`usage: ${h.usage}`, '', h.about, '', 'flags:', ...flags, `  ${'--help, -h'.padEnd(width)}  print this help and exit`, '', 'example:', `  ${h.example}`, ''].join('\n');
}

/** Prints the help and exits 0 when the arguments ask for it; otherwise returns. */
export function answerHelp(h: Help, argv: readonly string[] = process.argv.slice(2)): void {
  // Only before `--`'s end of options: a summary text that happens to be "--help" is a value, not a request.
  const end = argv.indexOf('--');
  const own = end < 0 ? argv : argv.slice(0, end);
  if (!own.some((a, i) => (a === '--help' || a === '-h') && !isValueOf(own, i))) return;
  process.stdout.write(helpText(h));
  process.exit(0);
}

/** True when argv[i] is the value of the flag before it (`--summary --help`). */
const isValueOf = (argv: readonly string[], i: number): boolean => i > 0 && /^--(summary|reason|note|by|scope-note)$/.test(argv[i - 1]!);
