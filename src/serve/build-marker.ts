/**
 * The mark of a finished build: `npm run build`'s last step writes it once dist/ and the bundled function are
 * whole, and its first step (astro build) removes it before it writes anything. The local runtime loads a new
 * build only while the mark names it, so it never serves a dist/ that is still being written (docs/serve.md).
 */
import { dirname, join } from 'node:path';

/** The mark of the build in `distDir`: `.resetcast/build-complete` beside it (the project's own for dist/). */
export function buildMarkerPath(distDir: string): string {
  return join(dirname(distDir), '.resetcast', 'build-complete');
}

/** What a mark holds: one build's own id, so the next build's mark differs even at the same clock. */
export function buildMarkerText(now: Date, random: string): string {
  return `${now.toISOString()} ${random}\n`;
}
