/**
 * Second step of `npm run build`: writes the deployable /mcp function as one file into
 * .netlify/functions-bundled/ (see scripts/lib/bundle-function.ts for why it is pre-bundled), after
 * validating the payloads the first step published and pinning them into it; and the scheduled watcher
 * (netlify/functions/watch.ts) beside it, as watch.mjs, and X's webhook (netlify/functions/x-webhook.ts) as
 * x-webhook.mjs, each with the retired data/sent-log.json pinned into it, the signal snapshot's way in
 * (netlify/functions/signals.ts) as signals.mjs, and the timetable function
 * (netlify/functions/timetable.ts, docs/timetable.md) as timetable.mjs, after checking the timetable the first
 * step wrote: Netlify ships only what is in that folder. RESETCAST_OUT_DIR (the build's output folder, as for
 * astro build) and RESETCAST_FUNCTION_OUT (the bundle) point elsewhere. Last, it marks the build whole
 * (src/serve/build-marker.ts): a running `npm start` then serves it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildMarkerPath, buildMarkerText } from '../src/serve/build-marker.ts';
import {
  BUNDLED_FUNCTIONS_DIR,
  bundleMcpFunction,
  bundleSignalsFunction,
  bundleTimetableFunction,
  bundleWatchFunction,
  bundleWebhookFunction,
} from './lib/bundle-function.ts';
import { dataDir } from '../src/io/data-folder.ts';
import { siteBase } from '../src/io/site-address.ts';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, process.env['RESETCAST_OUT_DIR'] ?? 'dist');
const outfile = resolve(root, process.env['RESETCAST_FUNCTION_OUT'] ?? join(BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'));
try {
  // One address for both: the timetable's states are checked to be published under the one /mcp is pinned to.
  const base = siteBase();
  // The timetable first: one that cannot be published stops the build before any function is written.
  await bundleTimetableFunction(root, join(dirname(outfile), 'timetable.mjs'), dist, base);
  await bundleMcpFunction(root, outfile, { apiDir: join(dist, 'api/v1'), base });
  await bundleWatchFunction(root, join(dirname(outfile), 'watch.mjs'), dataDir());
  await bundleWebhookFunction(root, join(dirname(outfile), 'x-webhook.mjs'), dataDir());
  await bundleSignalsFunction(root, join(dirname(outfile), 'signals.mjs'));
} catch (e) {
  console.error(`cannot bundle the functions: ${(e as Error).message}`);
  process.exit(1);
}
const marker = buildMarkerPath(dist);
mkdirSync(dirname(marker), { recursive: true });
writeFileSync(marker, buildMarkerText(new Date(), randomBytes(8).toString('hex')));
console.log(
  `bundled the /mcp function into ${outfile.startsWith(root) ? outfile.slice(root.length + 1) : outfile}, pinned to ${join(dist, 'api/v1')}`,
);
