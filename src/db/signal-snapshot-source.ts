/**
 * The latest signals snapshot as a serving function sees it (docs/timetable.md, "Signals at run time"): read
 * from its store at each need, within a deadline, and the last good answer kept. So a store that is down,
 * slow or holds a corrupt text costs one line and the previous answer, never a hang or a 5xx.
 */
import { SIGNALS_STORE, type Snapshot } from '../core/signals/snapshot.ts';
import type { TextStore } from '../core/text-store.ts';
import { blobTextStore, platformBlobsAvailable } from './blob-store.ts';
import { readSignalSnapshot } from './signal-snapshot-store.ts';

export type { Snapshot };

export interface SnapshotSourceOptions {
  /** The store, opened per read with its own deadline (src/db/blob-store.ts); null where this process has none (said once). */
  store: ((deadline: number) => TextStore) | null;
  /** How long one read may take (ms); past it, the last answer stands. */
  timeoutMs: number;
  /** A read newer than this (ms) is reused as it is, so a burst of requests reads the store once. */
  reuseMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface SnapshotSource {
  /** The latest snapshot stored (null: none), or the last one read when the store cannot answer now. */
  current(): Promise<Snapshot | null>;
}

/** A race of `work` against the clock: the deadline's own error when it is late. */
async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createSnapshotSource(o: SnapshotSourceOptions): SnapshotSource {
  const now = o.now ?? Date.now;
  const log = o.log ?? ((line: string) => console.error(line));
  const open = o.store;
  if (open === null) {
    log("[signals] no snapshot store here (no Netlify Blobs context): the deploy's own signals are served");
    return { current: () => Promise.resolve(null) };
  }

  let last: { snapshot: Snapshot | null; at: number } | undefined;
  let reading: Promise<Snapshot | null> | undefined;
  // A store that keeps failing the same way (none configured, say) is said once, not at every request.
  let said: string | undefined;

  const read = async (): Promise<Snapshot | null> => {
    const started = now();
    try {
      const found = await within(
        readSignalSnapshot(open(started + o.timeoutMs), new Date(started), { say: (line) => log(`[signals] ${line}`) }),
        o.timeoutMs,
      );
      const snapshot = found === null ? null : { signals: found.signals, key: found.etag };
      last = { snapshot, at: started };
      said = undefined;
      return snapshot;
    } catch (e) {
      const why = (e as Error).message;
      if (why !== said) log(`[signals] the snapshot store did not answer (${why}): the last answer stands`);
      said = why;
      return last?.snapshot ?? null;
    }
  };

  return {
    current: () => {
      if (last && now() - last.at < o.reuseMs) return Promise.resolve(last.snapshot);
      // One read at a time: requests that arrive during it share its answer.
      reading ??= read().finally(() => {
        reading = undefined;
      });
      return reading;
    },
  };
}

/** The source a serving function reads: the platform's Blobs store of the snapshot, or none where this process has no Blobs context. */
export function platformSnapshotSource(o: Pick<SnapshotSourceOptions, 'timeoutMs' | 'reuseMs'>): SnapshotSource {
  const store = platformBlobsAvailable()
    ? (deadline: number) => blobTextStore({ name: SIGNALS_STORE, timeoutMs: o.timeoutMs, deadline })
    : null;
  return createSnapshotSource({ ...o, store });
}
