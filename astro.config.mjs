// @ts-check
import { defineConfig } from 'astro/config';
import { SITE } from './src/lib/site.ts';
import { loadBuild } from './src/data.ts';

/** Validates data/ before Astro writes anything, so a bad data file leaves the output folder untouched. */
const validateData = {
  name: 'resetcast:validate-data',
  hooks: {
    'astro:config:setup': () => {
      loadBuild();
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
  integrations: [validateData],
});
