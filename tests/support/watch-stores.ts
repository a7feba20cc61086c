/**
 * The watcher's stores for a test, as the functions make them (src/jobs/watch/stores.ts): its state in a
 * real local Netlify Blobs server (tests/support/blobs.ts), and the alert ledger in a real database
 * (tests/support/ledger.ts) reached only when a run first asks for it, so a test sees whether a run opened
 * the database (`opened()`). `down(true)` makes the runs that ask after it open the database the
 * functions' way (src/db/function-database.ts) at a PostgreSQL address nothing listens on: the real
 * refusal, worded by the binding. Each `stores()` is one run (one invocation): it opens at most once.
 */
import { createServer } from 'node:net';
import { openFunctionDatabase } from '../../src/db/function-database.ts';
import type { BlobStoreOptions } from '../../src/db/blob-store.ts';
import type { AlertLedger } from '../../src/jobs/broadcast/ledger.ts';
import type { WatchStores } from '../../src/jobs/watch/input.ts';
import { ledgerAccess } from '../../src/jobs/watch/ledger-access.ts';
import { WATCH_BLOBS_STORE, watchStore } from '../../src/jobs/watch/state.ts';
import type { LocalBlobs } from './blobs.ts';

export interface TestStores {
  /** The stores of one run (one function invocation). */
  stores(options?: Partial<BlobStoreOptions>): WatchStores;
  /** Runs that asked for the database so far. */
  opened(): number;
  /** From now on the database cannot be opened (true), or can again (false). */
  down(on: boolean): void;
}

/** A loopback port that was just listening and no longer is: a connection there is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** What the functions' binding says when the database refuses the connection (it throws it). */
export async function refusedDatabase(): Promise<never> {
  const url = `postgres://resetcast:pw@127.0.0.1:${await closedPort()}/watch`;
  const db = await openFunctionDatabase({ NETLIFY_DB_URL: url }, 3_000);
  await db.close();
  throw new Error(`the database at ${url} opened`);
}

/** `ledger` makes the ledger of one run (each run its own, as the functions make one per invocation). */
export function testStores(blobs: LocalBlobs, ledger: () => AlertLedger): TestStores {
  let opened = 0;
  let down = false;
  return {
    stores: (options = {}) => ({
      state: watchStore(blobs.store(WATCH_BLOBS_STORE, options)),
      ledger: ledgerAccess(async () => {
        opened += 1;
        return down ? refusedDatabase() : ledger();
      }),
    }),
    opened: () => opened,
    down: (on) => {
      down = on;
    },
  };
}
