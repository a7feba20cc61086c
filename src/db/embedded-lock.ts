/**
 * The embedded database's turn (database.ts): PGlite is one process, one session, so a command holds an
 * exclusive lock on its folder while it has it open. The lock is a folder beside the database
 * (`<dir>.lock`, made by one atomic mkdir) holding an owner file (`owner`: this process's pid and a random
 * token); the holder refreshes the folder's mtime every second, and another process takes it over once it
 * is `stale` ms old, so a killed holder does not block the folder for ever.
 *
 * The refresh runs in a worker thread (REFRESHER, below), not on the main thread: PGlite's synchronous
 * WASM work (opening the database, a migration) holds the main thread for tens of seconds on a starved
 * machine, and a lock refreshed from there went stale and was lost although its holder was only busy. The
 * worker stops only with the whole process (SIGSTOP, a laptop's lid) or when it dies.
 *
 * The price of taking over: a holder that was stopped that long loses its lock while it still has the
 * database open. From then on every statement of it refuses (`LOST_LOCK`), so a sender stops before it
 * could claim or send again; it never releases the lock (the folder is the new holder's) nor closes the
 * engine (closing writes to the folder).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/** After how long without a refresh another process takes the lock over; RESETCAST_DB_LOCK_STALE_MS overrides (tests). */
export const DB_LOCK_STALE_MS = 30_000;

/** What every statement says once the lock is lost. */
export const LOST_LOCK = 'lost its lock to another process (paused or too slow); stopped before writing again';

export interface LockTiming {
  /** After how long without a refresh the lock is another process's to take (at least 2 s). */
  staleMs: number;
  /** How long to wait for the turn before giving up. */
  waitMs: number;
}

export interface HeldLock {
  /** Throws `LOST_LOCK` (as `lost`) when the lock may belong to another process now; call before every statement. */
  check(): void;
  /** Whether the lock was lost (then nothing may be written, closed or released). */
  lost(): boolean;
  /** Gives the turn back; does nothing once lost (the lock folder is another process's). */
  release(): Promise<void>;
}

/** The stale time's floor: below it a loaded machine's scheduling alone would make locks stale. */
const MIN_STALE_MS = 2_000;

/** How often the worker refreshes the lock and beats: every second, or twice per margin for short stale times. */
const beatOf = (staleMs: number): number => Math.min(1_000, Math.floor(staleMs / 12));

/**
 * The longest stop of this whole process (worker included) after which the lock may have been taken over.
 * The lock's mtime was refreshed at most one beat before the process stopped, and another process may take
 * it once it is `stale` old: a stop longer than `stale − beat` may have lost it. A third of the stale time
 * (at least two beats) is kept as the margin for a refresh's own file-system call and the other process's
 * look at the mtime: two thirds of the stale time (20 s of 30 s).
 */
const longestStopOf = (staleMs: number): number => staleMs - Math.floor(staleMs / 3);

/** The lock folder, and the owner file in it. */
const lockDirOf = (dir: string): string => `${dir}.lock`;
const ownerFileOf = (dir: string): string => `${lockDirOf(dir)}/owner`;

/** Who holds the lock, written beside it by each holder (for the waiting line only: a guess once the holder died). */
const holderFile = (dir: string): string => `${dir}.lock.pid`;

/** The pid the last holder wrote, if any. */
export function lastHolder(dir: string): number | null {
  try {
    const pid = Number(readFileSync(holderFile(dir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The owner file's text, or null when there is none (no lock, or a holder killed between its mkdir and its write). */
function ownerOf(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** The shared cells: the worker's last beat (process.hrtime, ns: one monotonic clock for both threads) and the lost flag. */
const BEAT = 0;
const LOST = 1;

/**
 * The refresher, run in a worker thread from this source (`eval`: the function bundle stays one file).
 * It loads Node's modules by `process.getBuiltinModule`, not `require`: the worker inherits the process's
 * flags, and under `--input-type=module` its source is an ES module, which has no `require`.
 * Each beat: a gap since the last beat longer than the longest stop, or an owner file that is not ours
 * any more (taken over, removed), sets the lost flag and ends the refreshing; otherwise it refreshes the
 * lock folder's mtime and writes the beat's time. The owner is read before the refresh, so a lock taken
 * over is never refreshed by us.
 */
const REFRESHER = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { readFileSync, utimesSync } = process.getBuiltinModule('node:fs');
const { lockDir, ownerFile, owner, beatMs, longestStopNs, cells } = workerData;
const shared = new BigInt64Array(cells);
const lose = () => { Atomics.store(shared, ${LOST}, 1n); clearInterval(timer); };
const beat = () => {
  const now = process.hrtime.bigint();
  if (now - Atomics.load(shared, ${BEAT}) > longestStopNs) return lose();
  let current = null;
  try { current = readFileSync(ownerFile, 'utf8'); } catch {}
  if (current !== owner) return lose();
  try { const t = new Date(); utimesSync(lockDir, t, t); } catch { return lose(); }
  Atomics.store(shared, ${BEAT}, process.hrtime.bigint());
};
const timer = setInterval(beat, beatMs);
beat();
parentPort.postMessage('beating');
`;

/** The refusal while another process holds the lock (`ELOCKED`: holdLock words it). */
const locked = (): Error => Object.assign(new Error('locked'), { code: 'ELOCKED' });

/**
 * One try at the lock: mkdir, else a stale lock is moved aside (rename is atomic: of two processes taking
 * over at once, one moves it) and the mkdir tried again. A rename that moved a lock other than the stale
 * one it saw (taken over meanwhile) puts it back and counts as locked. Returns the owner text written.
 */
function takeOnce(dir: string, staleMs: number): string {
  const lockDir = lockDirOf(dir);
  const owner = `${process.pid} ${randomUUID()}\n`;
  try {
    mkdirSync(lockDir);
  } catch (e) {
    if ((e as { code?: string }).code !== 'EEXIST') throw e;
    const seen = ownerOf(ownerFileOf(dir));
    const stat = statSync(lockDir, { throwIfNoEntry: false });
    // Released between the mkdir and the look: free, so try again now (not a wait).
    if (!stat) return takeOnce(dir, staleMs);
    if (Date.now() - stat.mtimeMs <= staleMs) throw locked();
    const aside = `${lockDir}.stale-${randomUUID()}`;
    try {
      renameSync(lockDir, aside);
    } catch {
      throw locked();
    }
    if (ownerOf(`${aside}/owner`) !== seen) {
      // The fresh lock of a process that took over between our look and our rename: its, not ours to remove.
      try {
        renameSync(aside, lockDir);
      } catch {
        // Another has the lock folder now; the one we moved is lost to its holder, who stops (its owner file is gone).
      }
      throw locked();
    }
    rmSync(aside, { recursive: true, force: true });
    mkdirSync(lockDir);
  }
  writeFileSync(ownerFileOf(dir), owner);
  return owner;
}

/** Starts the refresher and waits for its first beat; the worker never keeps the process alive. */
async function startRefresher(
  dir: string,
  owner: string,
  staleMs: number,
): Promise<{ shared: BigInt64Array; worker: Worker; stop: () => Promise<number> }> {
  const cells = new SharedArrayBuffer(2 * BigInt64Array.BYTES_PER_ELEMENT);
  const shared = new BigInt64Array(cells);
  Atomics.store(shared, BEAT, process.hrtime.bigint());
  const workerData = {
    lockDir: lockDirOf(dir),
    ownerFile: ownerFileOf(dir),
    owner,
    beatMs: beatOf(staleMs),
    longestStopNs: BigInt(longestStopOf(staleMs)) * 1_000_000n,
    cells,
  };
  const worker = new Worker(REFRESHER, { eval: true, workerData });
  // A worker that ends before release (an error) leaves the lock unrefreshed: lost at once, not once its beat has aged.
  worker.on('error', () => undefined);
  worker.on('exit', () => Atomics.store(shared, LOST, 1n));
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('exit', (code) => reject(new Error(`lock refresher ended (code ${code})`)));
  });
  // Only now: an unreferenced worker's first message would not keep the process alive to hear it.
  worker.unref();
  return { shared, worker, stop: () => worker.removeAllListeners('exit').terminate() };
}

/**
 * Takes the lock, trying again while another process holds it, until `waitMs` have passed; `onWait` hears
 * once, at the first refusal, that this command waits (and for how long at most). Throws `Error` with a
 * worded message (the caller prefixes the database's label).
 */
export async function holdLock(dir: string, timing: LockTiming, onWait: (pid: number | null) => void): Promise<HeldLock> {
  const staleMs = Math.max(MIN_STALE_MS, timing.staleMs);
  const owner = await takeTurn(
    () => takeOnce(dir, staleMs),
    timing.waitMs,
    () => onWait(lastHolder(dir)),
  ).catch((e: { code?: string; message?: string }) => {
    throw new Error(
      e.code === 'ELOCKED'
        ? `still in use by another process after ${Math.round(timing.waitMs / 1000)} s (its lock: ${dir}.lock)`
        : `cannot lock: ${e.message}`,
    );
  });
  const ours = (): boolean => ownerOf(ownerFileOf(dir)) === owner;
  /** Removes the lock if it is still ours (synchronous: also run at the process's exit, closed or not). */
  const removeOurs = (): void => {
    if (!ours()) return;
    rmSync(holderFile(dir), { force: true });
    rmSync(lockDirOf(dir), { recursive: true, force: true });
  };
  let refresher: Awaited<ReturnType<typeof startRefresher>>;
  try {
    refresher = await startRefresher(dir, owner, staleMs);
  } catch (e) {
    removeOurs();
    throw new Error(`cannot lock: ${(e as Error).message}`);
  }
  try {
    writeFileSync(holderFile(dir), `${process.pid}\n`);
  } catch {
    // Only a hint for the waiting line: the lock is held all the same.
  }
  const { shared, stop } = refresher;
  const longestStopNs = BigInt(longestStopOf(staleMs)) * 1_000_000n;
  let lost = false;
  // A process ending without closing (an uncaught error) gives the turn back, as a closed one does.
  const atExit = (): void => {
    if (!lost) removeOurs();
  };
  process.once('exit', atExit);
  return {
    // Synchronous, before every statement: the worker's flag (taken over, or a gap it saw), then the age of
    // its last beat (the whole process stopped, the worker not yet run since), then the owner file itself.
    // A busy main thread is none of these: the worker beats on meanwhile.
    check() {
      if (!lost && Atomics.load(shared, LOST) === 1n) lost = true;
      if (!lost && process.hrtime.bigint() - Atomics.load(shared, BEAT) > longestStopNs) lost = true;
      if (!lost && !ours()) lost = true;
      if (lost) {
        Atomics.store(shared, LOST, 1n);
        throw new Error(LOST_LOCK);
      }
    },
    lost: () => lost || Atomics.load(shared, LOST) === 1n,
    async release() {
      process.removeListener('exit', atExit);
      await stop();
      if (lost || Atomics.load(shared, LOST) === 1n) return;
      removeOurs();
    },
  };
}

/** Takes the lock, trying again while another process holds it, until `waitMs` have passed (then its `ELOCKED`). */
async function takeTurn(take: () => string, waitMs: number, waiting: () => void): Promise<string> {
  const until = Date.now() + waitMs;
  for (let pause = 50, told = false; ; pause = Math.min(pause * 2, 1_000)) {
    try {
      return take();
    } catch (e) {
      if ((e as { code?: string }).code !== 'ELOCKED' || Date.now() + pause > until) throw e;
      if (!told) waiting();
      told = true;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}
