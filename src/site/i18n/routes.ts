/**
 * Page URLs per locale through Astro's i18n helpers (astro:i18n), so links follow the routing set in
 * astro.config.mjs (English unprefixed, `/zh/…` and the others prefixed). Pages and the layout use
 * these; plain files (JSON, feeds) are the same in every language and keep their one path.
 */
import { getAbsoluteLocaleUrl, getRelativeLocaleUrl } from 'astro:i18n';
import type { Locale } from './locales.ts';

/** `('zh', '/timeline/2026/#e-1')` → `/zh/timeline/2026/#e-1`: a page path, with its anchor kept. */
export function pageUrl(locale: Locale, path: string): string {
  const [page = '', anchor] = path.split('#');
  const url = getRelativeLocaleUrl(locale, page.replace(/^\/+/, ''));
  return anchor === undefined ? url : `${url}#${anchor}`;
}

/** The absolute URL of a page in a locale (canonical, hreflang alternates). */
export function absolutePageUrl(locale: Locale, path: string): string {
  return getAbsoluteLocaleUrl(locale, path.replace(/^\/+/, ''));
}
