/**
 * Message templates: plain text with `{name}` placeholders. One syntax for every catalogue, so the
 * build check can compare a translation's placeholders with the English source's.
 */

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholder names of a template, in order of first use. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

export type Part = string | { name: string };

/** A template cut into text and placeholders: `'a {x} b'` → `['a ', {name: 'x'}, ' b']`. */
export function splitTemplate(template: string): Part[] {
  const parts: Part[] = [];
  let at = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > at) parts.push(template.slice(at, m.index));
    parts.push({ name: m[1]! });
    at = m.index + m[0].length;
  }
  if (at < template.length) parts.push(template.slice(at));
  return parts;
}

/** Fills every placeholder; a missing value is a bug in the page, so it throws naming the key. */
export function fill(template: string, values: Readonly<Record<string, string | number>>, key = template): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`i18n: message "${key}" needs a value for {${name}}`);
    return String(v);
  });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text or an attribute's value as HTML, escaped as Astro escapes both (the five characters of html-escaper). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * A translated sentence with markup inside it, as HTML (what components/Rich.astro renders): each
 * `{name}` is filled from `values` (text, escaped) or, when there is none, from `markup` (HTML, as is),
 * so a translation can put a link wherever its grammar wants it. A placeholder with neither is a bug in the page.
 */
export function richHtml(
  text: string,
  markup: Readonly<Record<string, string>>,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return splitTemplate(text)
    .map((part) => {
      if (typeof part === 'string') return escapeHtml(part);
      if (values[part.name] !== undefined) return escapeHtml(String(values[part.name]));
      if (markup[part.name] !== undefined) return markup[part.name]!;
      throw new Error(`i18n: "${text}" needs a value or a slot for {${part.name}}`);
    })
    .join('');
}
