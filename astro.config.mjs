// @ts-check
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'astro/config';
import { buildMarkerPath } from './src/serve/build-marker.ts';
import { siteAddress } from './src/core/site.ts';
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

// The site's public address (RESETCAST_SITE_URL, else Netlify's URL, else SITE.url): a fork publishes its own.
// One that is not an absolute https address stops the build with one line naming the variable, before anything is written.
const address = siteAddress(process.env);
if ('problem' in address) {
  console.error(`build stopped: ${address.problem}`);
  process.exit(1);
}

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

/**
 * Unmarks the output folder before anything is written to it (src/serve/build-marker.ts): `npm start`'s
 * runtime loads a new dist/ only once scripts/bundle-functions.ts marks it whole again.
 */
const unmarkBuild = {
  name: 'resetcast:unmark-build',
  hooks: {
    'astro:build:start': () => {
      rmSync(buildMarkerPath(resolve(outDir ?? 'dist')), { force: true });
    },
  },
};

export default defineConfig({
  site: address.url,
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
  // Each at its own hook: the checks at setup (nothing written yet), the unmarking as the build starts, the
  // timetable once the pages are written (docs/timetable.md); the build marker comes after, from bundle-functions.
  integrations: [unmarkBuild, checkMessages, validateData, timetable],
});
