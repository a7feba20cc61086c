/**
 * The long-line half of `npm run lint` (the other half is `biome check .`): lists every line over 160
 * characters in the tracked code files, counts them inside the locale catalogues (src/site/i18n/<locale>.ts,
 * where a sentence stays on one line so translators see it whole) and outside them, and fails (exit 1)
 * when more than 20 are outside. Characters are counted as code points, so a line of CJK or of "…" is
 * as long as it looks, not as its UTF-8 bytes. data/ and the frozen fixtures are records, not code.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { LOCALES } from '../src/site/i18n/locales.ts';

/** A line longer than this is listed. */
export const LONG_LINE = 160;
/** How many listed lines outside the catalogues the lint allows. */
export const ALLOWED_OUTSIDE_CATALOGUES = 20;

const CODE_FILE = /\.(?:[cm]?[jt]sx?|astro|css|sh|sql|ya?ml|toml)$|^\.ci\//;
const NOT_CODE = /^(?:data|tests\/fixtures)\//;
/** One catalogue per locale of the registry: en.ts, zh.ts, … (the i18n code beside them is code like any other). */
const CATALOGUES: ReadonlySet<string> = new Set(LOCALES.map((locale) => `src/site/i18n/${locale}.ts`));

export interface LongLine {
  path: string;
  /** 1-based, as editors number lines. */
  line: number;
  characters: number;
}

/** Whether the linter reads the tracked file at `path`. */
export function isCodeFile(path: string): boolean {
  return CODE_FILE.test(path) && !NOT_CODE.test(path);
}

export function isCatalogue(path: string): boolean {
  return CATALOGUES.has(path);
}

/** The lines of `text` over LONG_LINE characters (code points, not UTF-16 units or bytes). */
export function longLinesOf(path: string, text: string): LongLine[] {
  return text.split(/\r?\n/).flatMap((line, i) => {
    const characters = [...line].length;
    return characters > LONG_LINE ? [{ path, line: i + 1, characters }] : [];
  });
}

export interface LongLineReport {
  lines: string[];
  inCatalogues: number;
  outside: number;
  ok: boolean;
}

/** The listing, the two counts and the verdict, for the long lines of every file read. */
export function reportLongLines(found: readonly LongLine[]): LongLineReport {
  const inCatalogues = found.filter((l) => isCatalogue(l.path)).length;
  const outside = found.length - inCatalogues;
  const ok = outside <= ALLOWED_OUTSIDE_CATALOGUES;
  const listing = found.filter((l) => !isCatalogue(l.path)).map((l) => `${l.path}:${l.line}: ${l.characters} characters`);
  const summary =
    `lines over ${LONG_LINE} characters: ${found.length} (${inCatalogues} in the locale catalogues, ` +
    `${outside} outside them; at most ${ALLOWED_OUTSIDE_CATALOGUES} allowed outside)`;
  return { lines: [...listing, summary], inCatalogues, outside, ok };
}

/** The tracked files, from git's index (so a build output or a scratch file never counts). */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '');
}

if (import.meta.main) {
  const found = trackedFiles()
    .filter(isCodeFile)
    .flatMap((path) => longLinesOf(path, readFileSync(path, 'utf8')));
  const report = reportLongLines(found);
  for (const line of report.lines) console.log(line);
  if (!report.ok) process.exit(1);
}
