/**
 * The shape of a message catalogue and its build-time check. English (src/site/i18n/en.ts) is the one source
 * of truth for the key set; every other catalogue must have exactly its keys, the same placeholders in
 * each message, and the plural forms its language uses. `checkCatalogues` throws naming the locale and
 * the key of every difference; the build runs it before anything is written (astro.config.mjs).
 */
import { placeholders } from './template.ts';

export const PLURAL_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralCategory = (typeof PLURAL_CATEGORIES)[number];
/** A message that depends on a count: one form per plural category of the language (Intl.PluralRules). */
export type PluralForms = { readonly other: string } & { readonly [K in Exclude<PluralCategory, 'other'>]?: string };

/** A group with an `other` member is a plural message only when every member is a plural category (`words.kind` has `other` too). */
type IsPlural<V> = V extends { readonly other: string } ? ([Exclude<keyof V, PluralCategory>] extends [never] ? true : false) : false;

/** Any catalogue with the English keys: the same tree, any wording, the plural forms its language needs. */
export type Shape<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : IsPlural<T[K]> extends true ? PluralForms : Shape<T[K]>;
};

type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;
/** Dotted keys of the plain messages of a catalogue. */
export type MessageKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? Join<P, K> : IsPlural<T[K]> extends true ? never : MessageKey<T[K], Join<P, K>>;
}[keyof T & string];
/** Dotted keys of the plural messages of a catalogue. */
export type PluralKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : IsPlural<T[K]> extends true ? Join<P, K> : PluralKey<T[K], Join<P, K>>;
}[keyof T & string];
/** The value at a dotted key. */
export type At<T, K extends string> = K extends `${infer H}.${infer R}`
  ? H extends keyof T
    ? At<T[H], R>
    : never
  : K extends keyof T
    ? T[K]
    : never;
/** `'{a} and {b}'` → `'a' | 'b'`. */
export type Placeholder<S> = S extends `${string}{${infer P}}${infer R}` ? P | Placeholder<R> : never;

type Tree = { readonly [key: string]: unknown };
const isTree = (v: unknown): v is Tree => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A plural entry is an object holding `other` and only plural categories. */
export const isPlural = (v: unknown): v is PluralForms =>
  isTree(v) && typeof v['other'] === 'string' && Object.keys(v).every((k) => (PLURAL_CATEGORIES as readonly string[]).includes(k));

/** The largest count the site shows (events, resets, hours): a required plural form is one some count up to it takes. */
const LARGEST_COUNT = 100_000;

/**
 * The plural forms a catalogue of `lang` must give: the cardinal categories (Intl.PluralRules of the
 * running Node's ICU) that some whole count from 0 to LARGEST_COUNT selects. Spanish `many` (millions)
 * is never reached, so it is not required; a form a language never uses (Korean `one`) is allowed and
 * simply never shown.
 */
const pluralCache = new Map<string, readonly PluralCategory[]>();

export function pluralCategories(lang: string): PluralCategory[] {
  // Memoised: a language whose forms are not all reached (Spanish) walks every count up to LARGEST_COUNT.
  const known = pluralCache.get(lang);
  if (known) return [...known];
  const rules = new Intl.PluralRules(lang);
  const total = rules.resolvedOptions().pluralCategories.length;
  const used = new Set<string>();
  for (let n = 0; n <= LARGEST_COUNT && used.size < total; n++) used.add(rules.select(n));
  // `other` is every language's fallback (Russian whole numbers never reach it, fractions do).
  const categories = PLURAL_CATEGORIES.filter((c) => c === 'other' || used.has(c));
  pluralCache.set(lang, categories);
  return [...categories];
}

/** Every difference between one catalogue and the English source, as "locale: key: problem" lines. */
export function catalogueProblems(locale: string, lang: string, source: Tree, catalogue: unknown): string[] {
  const problems: string[] = [];
  const wanted = new Set(pluralCategories(lang));
  const say = (key: string, problem: string): void => void problems.push(`${locale}: ${key}: ${problem}`);
  const walk = (src: Tree, cat: unknown, prefix: string): void => {
    if (!isTree(cat)) {
      say(prefix || '(root)', 'expected a group of messages');
      return;
    }
    for (const key of Object.keys(src)) {
      const path = prefix ? `${prefix}.${key}` : key;
      const s = src[key];
      const c = cat[key];
      if (c === undefined) {
        say(path, 'missing key');
      } else if (typeof s === 'string') {
        if (typeof c !== 'string') say(path, 'expected a message (a string)');
        else checkMessage(path, c, placeholders(s));
      } else if (isPlural(s)) {
        if (!isPlural(c)) say(path, `expected plural forms (${[...wanted].join(', ')})`);
        else checkPlural(path, c, new Set(Object.values(s).flatMap((t) => placeholders(t))));
      } else if (isTree(s)) {
        walk(s, c, path);
      }
    }
    for (const key of Object.keys(cat))
      if (!(key in src)) say(prefix ? `${prefix}.${key}` : key, 'extra key (not in the English catalogue)');
  };
  const checkMessage = (path: string, text: string, expected: string[]): void => {
    if (text.trim() === '') {
      say(path, 'empty message');
      return;
    }
    const got = placeholders(text);
    const missing = expected.filter((p) => !got.includes(p));
    const extra = got.filter((p) => !expected.includes(p));
    if (missing.length > 0) say(path, `missing placeholder ${missing.map((p) => `{${p}}`).join(', ')}`);
    if (extra.length > 0) say(path, `unknown placeholder ${extra.map((p) => `{${p}}`).join(', ')}`);
  };
  const checkPlural = (path: string, forms: PluralForms, allowed: Set<string>): void => {
    const have = Object.keys(forms) as PluralCategory[];
    const missing = [...wanted].filter((c) => !have.includes(c));
    if (missing.length > 0) say(path, `missing plural form ${missing.join(', ')} (${lang} uses ${[...wanted].join(', ')})`);
    for (const c of have) {
      const text = forms[c]!;
      if (text.trim() === '') say(`${path}.${c}`, 'empty message');
      const unknown = placeholders(text).filter((p) => !allowed.has(p));
      if (unknown.length > 0) say(`${path}.${c}`, `unknown placeholder ${unknown.map((p) => `{${p}}`).join(', ')}`);
    }
  };
  walk(source, catalogue, '');
  return problems;
}

/** Throws one error listing every problem of every catalogue, each naming its locale and key. */
export function checkCatalogues(sourceLocale: string, catalogues: Readonly<Record<string, { lang: string; messages: unknown }>>): void {
  const source = catalogues[sourceLocale];
  if (!source || !isTree(source.messages)) throw new Error(`i18n: no source catalogue "${sourceLocale}"`);
  const problems = Object.entries(catalogues).flatMap(([locale, c]) =>
    catalogueProblems(locale, c.lang, source.messages as Tree, c.messages),
  );
  if (problems.length > 0)
    throw new Error(`i18n: the message catalogues disagree with ${sourceLocale}.ts:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}
