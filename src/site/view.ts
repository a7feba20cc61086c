/**
 * What every page view (src/views/) starts from: its locale's translator and formatter, a link maker
 * that keeps the reader in their locale, and the build's data and payloads (read and validated once per
 * process by data.ts). One function, so the views' frontmatter says only what is their own.
 */
import { loadBuild, type Build } from './data.ts';
import { t, type Locale, type Translator } from './i18n/index.ts';
import type { Formatter } from './i18n/format.ts';
import { pageUrl } from './i18n/routes.ts';

/** The props every view takes: the locale it is rendered in. */
export interface ViewProps {
  locale: Locale;
}

export interface View extends Build {
  locale: Locale;
  tr: Translator;
  f: Formatter;
  /** A site path as it is addressed in this locale ('/methodology/' → '/zh/methodology/'). */
  href: (path: string) => string;
}

/** The translator, formatter, locale link maker and build data of one locale's page. */
export function viewOf(locale: Locale): View {
  const tr = t(locale);
  return { ...loadBuild(), locale, tr, f: tr.f, href: (path: string): string => pageUrl(locale, path) };
}
