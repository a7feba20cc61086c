/**
 * `t(locale)`: the typed way pages read their words. `tr('home.title')`, `tr('home.lastChecked', { ago })`
 * and `tr.plural('timeline.events', n)` are checked against the English catalogue by the type checker
 * (keys and placeholders), and every catalogue is checked against it at build (catalogues.ts).
 */
import { CATALOGUES, type Messages } from './catalogues.ts';
import { formatter, type Formatter } from './format.ts';
import { LOCALE_INFO, type Locale, type Punctuation } from './locales.ts';
import { fill } from './template.ts';
import type { At, MessageKey, Placeholder, PluralForms, PluralKey } from './catalogue.ts';

export { LOCALES, DEFAULT_LOCALE, PREFIXED_LOCALES, LOCALE_INFO, asLocale, isLocale, type Locale, type Punctuation } from './locales.ts';
export type { Messages };

type Values<P extends string> = [P] extends [never] ? [] : [values: Readonly<Record<P, string | number>>];
type PluralValues<F> = Values<Exclude<Placeholder<F[keyof F]>, 'count'>>;

export interface Translator {
  <K extends MessageKey<Messages>>(key: K, ...values: Values<Placeholder<At<Messages, K>>>): string;
  readonly locale: Locale;
  /** BCP 47 tag for `lang` / `hreflang`. */
  readonly tag: string;
  /** The template itself, placeholders left in (for sentences with markup inside: Rich.astro). */
  raw(key: MessageKey<Messages>): string;
  /** The form for `count` (Intl.PluralRules of the locale), `{count}` filled with the formatted number. */
  plural<K extends PluralKey<Messages>>(key: K, count: number, ...values: PluralValues<At<Messages, K>>): string;
  /** The form for `count` with `{count}` filled and the other placeholders left (for Rich.astro). */
  pluralRaw(key: PluralKey<Messages>, count: number): string;
  /** "3 hours ago", or the catalogue's "just now" under a minute. */
  ago(ts: string, now: Date): string;
  readonly f: Formatter;
  /** The script's punctuation between parts a page assembles (locales.ts). */
  readonly punct: Punctuation;
  /** Translated sentences as one paragraph, spaced as the script spaces sentences. */
  sentences(parts: readonly string[]): string;
}

const looked = new Map<Locale, Map<string, unknown>>();

/** The message at a dotted key, memoised per locale and key (a year page asks for the same few thousands of times). */
function lookup(locale: Locale, key: string): unknown {
  let messages = looked.get(locale);
  if (!messages) {
    messages = new Map();
    looked.set(locale, messages);
  }
  let found = messages.get(key);
  if (found === undefined) {
    found = walk(locale, key);
    messages.set(key, found);
  }
  return found;
}

function walk(locale: Locale, key: string): unknown {
  let node: unknown = CATALOGUES[locale];
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (node === undefined) throw new Error(`i18n: ${locale}: no message "${key}"`);
  return node;
}

function text(locale: Locale, key: string): string {
  const v = lookup(locale, key);
  if (typeof v !== 'string') throw new Error(`i18n: ${locale}: "${key}" is not a plain message`);
  return v;
}

const made = new Map<Locale, Translator>();

export function t(locale: Locale): Translator {
  const hit = made.get(locale);
  if (hit) return hit;
  const f = formatter(locale);
  const justNow = text(locale, 'time.justNow');
  const tr = ((key: string, values?: Record<string, string | number>) =>
    fill(text(locale, key), values ?? {}, `${locale}: ${key}`)) as Translator;
  Object.assign(tr, {
    locale,
    tag: LOCALE_INFO[locale].tag,
    f,
    punct: LOCALE_INFO[locale].punct,
    sentences: (parts: readonly string[]) => parts.join(LOCALE_INFO[locale].punct.sentence),
    raw: (key: string) => text(locale, key),
    plural(key: string, count: number, values?: Record<string, string | number>) {
      const forms = lookup(locale, key) as PluralForms;
      const form = forms[f.plural(count)] ?? forms.other;
      return fill(form, { ...values, count: f.number(count, 0) }, `${locale}: ${key}`);
    },
    pluralRaw(key: string, count: number) {
      const forms = lookup(locale, key) as PluralForms;
      return (forms[f.plural(count)] ?? forms.other).replaceAll('{count}', f.number(count, 0));
    },
    ago: (ts: string, now: Date) => f.ago(ts, now, justNow),
  });
  made.set(locale, tr);
  return tr;
}
