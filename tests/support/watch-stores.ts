/**
 * The watcher's stores for a test, as the functions make them (src/jobs/watch/stores.ts): its state in a
 * real local Netlify Blobs server (tests/support/blobs.ts), and the alert ledger in a real database
 * (tests/support/ledger.ts) reached only when a run first asks for it, so a test sees when a run opens
 * the database (`opened()`) and when it does not. `down()` makes the database unreachable for the runs
 * that ask after it (each `stores()` call is one run: it opens at most once, as the function does).
 */
import type { AlertLedger } from '../../src/jobs/broadcast/ledger.ts';
import type { WatchStores } from '../../src/jobs/watch/input.ts';
import { ledgerAccess } from '../../src/jobs/watch/ledger-access.ts';
import { WATCH_BLOBS_STORE, watchStore } from '../../src/jobs/watch/state.ts';
import type { BlobStoreOptions } from '../../src/db/blob-store.ts';
import type { LocalBlobs } from './blobs.ts';

export interface TestStores {
  /** The stores of one run (one function invocation). */
  stores(options?: Partial<BlobStoreOptions>): WatchStores;
  /** Runs that opened the database so far. */
  opened(): number;
  /** From now on the database cannot be opened (`why`), or (null) can again. */
  down(why: string | null): void;
}

export function testStores(blobs: LocalBlobs, ledger: () => AlertLedger): TestStores {
  let opened = 0;
  let down: string | null = null;
  return {
    stores: (options = {}) => ({
      state: watchStore(blobs.store(WATCH_BLOBS_STORE, options)),
      ledger: ledgerAccess(async () => {
        opened += 1;
        if (down !== null) throw new Error(down);
        return ledger();
      }),
    }),
    opened: () => opened,
    down: (why) => void (down = why),
  };
}
