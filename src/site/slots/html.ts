/**
 * HTML as the views' Astro markup renders it, for the page slots written in TypeScript: text and attribute
 * values escaped as Astro escapes them, an attribute whose value is undefined left out, one without a value
 * (`true`) written bare. Pure.
 */
import { escapeHtml } from '../i18n/template.ts';

export { escapeHtml };

export type Attributes = Readonly<Record<string, string | true | undefined>>;

/** `<tag attrs>inner</tag>`, `inner` being HTML already. */
export function el(tag: string, attrs: Attributes, inner: string): string {
  const written = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeHtml(v!)}"`))
    .join('');
  return `<${tag}${written}>${inner}</${tag}>`;
}

/** A `<time>` of `datetime` showing `text` (escaped). */
export const time = (datetime: string, text: string, attrs: Attributes = {}): string =>
  el('time', { datetime, ...attrs }, escapeHtml(text));
