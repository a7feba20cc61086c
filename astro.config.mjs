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

export default defineConfig({
  site: SITE.url,
  outDir: process.env.RESETCAST_OUT_DIR ?? './dist',
  trailingSlash: 'ignore',
  build: { format: 'directory', inlineStylesheets: 'always' },
  compressHTML: true,
  devToolbar: { enabled: false },
  integrations: [validateData],
});
