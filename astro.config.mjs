// @ts-check
import { defineConfig } from 'astro/config';
import { SITE } from './src/core/site.ts';
import { loadBuild } from './src/site/data.ts';
import { DEFAULT_LOCALE, LOCALES } from './src/site/i18n/locales.ts';
import { checkAllCatalogues } from './src/site/i18n/catalogues.ts';
import { writeBuildTimetable } from './src/site/timetable.ts';
import { fileURLToPath } from 'node:url';

/** Validates data/ before Astro writes anything, so a bad data file leaves the output folder untouched. */
const validateData = {
  name: 'resetcast:validate-data',
  hooks: {
    'astro:config:setup': () => {
      loadBuild();
    },
  },
};

/** Every message catalogue has exactly the English keys, placeholders and its plural forms, or nothing is built. */
const checkMessages = {
  name: 'resetcast:check-messages',
  hooks: {
    'astro:config:setup': () => {
      checkAllCatalogues();
    },
  },
};

/** Every state of the clock payloads until the horizon, under dist/_timetable/ (docs/timetable.md). */
const timetable = {
  name: 'resetcast:timetable',
  hooks: {
    /** @param {{ dir: URL }} options */
    'astro:build:done': ({ dir }) => {
      writeBuildTimetable(fileURLToPath(dir));
    },
  },
};

// A private output folder (tests, parallel builds) gets a private cache folder too, so builds never share state.
const outDir = process.env.RESETCAST_OUT_DIR;

export default defineConfig({
  site: SITE.url,
  outDir: outDir ?? './dist',
  ...(outDir ? { cacheDir: `${outDir}.cache` } : {}),
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  // A <meta> Content-Security-Policy per page naming the hashes of its inline <style> blocks: netlify.toml's
  // header policy allows inline styles in general (the hashes change with every CSS edit); together only
  // these styles apply. Scripts stay forbidden by the header's default-src 'none' (the pages have none).
  security: { csp: true },
  // English at /, the others under their prefix (/zh/, /ja/, /es/, /ko/): docs/i18n.md.
  i18n: { defaultLocale: DEFAULT_LOCALE, locales: [...LOCALES], routing: { prefixDefaultLocale: false } },
  integrations: [checkMessages, validateData, timetable],
});
