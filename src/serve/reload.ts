/**
 * `npm start` serves the build just made: the runtime polls the build's mark (build-marker.ts) and, when a
 * new build has marked itself whole, reads it as at start and swaps it in whole (SiteHolder). A build that
 * starts while the new one is being read removes the mark, so that reading is thrown away and the runtime
 * waits for the next mark: a half-written dist/ is never served. A build that cannot be loaded is said in one
 * line and the previous one stays served.
 */
import { readFileSync } from 'node:fs';
import type { SiteHolder, SiteSnapshot } from './snapshot.ts';

/** How often the mark is read: one small file, so a rebuild is served within about this long of its end. */
export const BUILD_POLL_MS = 500;

/** The mark's text, or null when there is none (no build yet, or one under way). */
export function readMarker(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

export interface ReloadOptions {
  marker: string;
  holder: SiteHolder;
  /** Reads the build now in place; `tag` tells one build's function module from the last (an import cache key). */
  load: (tag: string) => Promise<SiteSnapshot>;
  /** The mark of the build the holder has now (read before that build was loaded). */
  served: string | null;
  log: (line: string) => void;
  pollMs?: number;
}

/** Starts polling; the returned function stops it. */
export function reloadOnBuild(o: ReloadOptions): () => void {
  let served = o.served;
  let loads = 0;
  let busy = false;
  const check = async (): Promise<void> => {
    const seen = readMarker(o.marker);
    if (busy || seen === null || seen === served) return;
    busy = true;
    try {
      const next = await o.load(String(++loads));
      // Another build began (or ended) while this one was read: its mark decides, not this reading.
      if (readMarker(o.marker) !== seen) {
        next.release?.();
        return;
      }
      const previous = o.holder.current;
      o.holder.current = next;
      previous.release?.();
      served = seen;
      o.log(`[serve] serving the new build (${next.files.size} files, marked ${seen.trim()})`);
    } catch (e) {
      served = seen;
      o.log(`[serve] the new build could not be loaded, still serving the previous one: ${(e as Error).message}`);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void check(), o.pollMs ?? BUILD_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
