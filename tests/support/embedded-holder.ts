/**
 * A child process for tests/unit/db/embedded.test.ts: holds the embedded database (RESETCAST_DB_DIR) as a
 * sender does, and writes one row for each line it reads on its stdin: an I/O continuation, as a
 * settlement follows an outlet's answer. A line `busy <ms>` first holds the main thread that long
 * synchronously (as PGlite's WASM work does on a starved machine), printing `busy` as it begins. Prints
 * `holding` once open, `wrote <line>` after each write; a refused statement is printed as a sender prints
 * it (`❌ database: <message>`) and ends the writes (exit 1).
 */
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../src/db/database.ts';

const db = await openDatabase({ env: process.env, embeddedDir: '' });
await db.sql.query('CREATE TABLE IF NOT EXISTS writes (line text)');
console.log('holding');
for await (const line of createInterface({ input: process.stdin })) {
  const busyMs = /^busy (\d+)$/.exec(line)?.[1];
  if (busyMs) {
    console.log('busy');
    // Blocks this thread (no timer, no I/O callback runs) without spinning a core the other processes need.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(busyMs));
  }
  try {
    await db.sql.query('INSERT INTO writes VALUES ($1)', [line]);
    console.log(`wrote ${line}`);
  } catch (e) {
    console.log(`❌ database: ${(e as Error).message}`);
    process.exitCode = 1;
    // Lingers for a third of the lock's stale time: the lock's refresher (a worker thread), overdue since the
    // pause, runs and finds the lock taken meanwhile, and must not crash this process nor touch the lock.
    // Without the linger the process could end before it runs, and the test would prove less.
    await sleep((2 * Number(process.env['RESETCAST_DB_LOCK_STALE_MS'])) / 6);
    break;
  }
}
await db.close();
