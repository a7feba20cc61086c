/**
 * What every page view (src/views/) starts from: its locale's translator and formatter, a link maker
 * that keeps the reader in their locale, and the build's data and payloads at the page's instant (read and
 * validated once per process by data.ts). One function, so the views' frontmatter says only what is their own.
 */
import { buildAt, type Build } from './data.ts';
import { t, type Locale, type Translator } from './i18n/index.ts';
import type { Formatter } from './i18n/format.ts';
import { pageUrl } from './i18n/routes.ts';

/** The props every view takes: the locale it is rendered in, and the instant it is for. */
export interface ViewProps {
  locale: Locale;
  /**
   * The instant (Unix seconds) the page is for: a state of the build's timetable (docs/timetable.md), rendered
   * as a build at that instant renders it. The build's own clock when absent (the public static page).
   */
  at?: number | undefined;
  /**
   * Whether the page is rendered as a template (a timetable state the function fills, docs/timetable.md):
   * each slot (src/site/slots/) written as its marker instead of its HTML.
   */
  template?: boolean | undefined;
}

export interface View extends Build {
  locale: Locale;
  /** The instant the page is for, as given (undefined: the build's own). */
  at: number | undefined;
  tr: Translator;
  f: Formatter;
  /** A site path as it is addressed in this locale ('/methodology/' → '/zh/methodology/'). */
  href: (path: string) => string;
}

/** The translator, formatter, locale link maker and build data of one locale's page at its instant. */
export function viewOf(locale: Locale, at?: number): View {
  const tr = t(locale);
  const build = buildAt(at);
  return {
    now: build.now,
    data: build.data,
    base: build.base,
    payloads: build.payloads,
    confidenceReasons: build.confidenceReasons,
    locale,
    at,
    tr,
    f: tr.f,
    href: (path: string): string => pageUrl(locale, path),
  };
}
