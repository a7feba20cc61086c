/**
 * The embedded database's turn (database.ts): PGlite is one process, one session, so a command holds an
 * exclusive lock on its folder while it has it open. proper-lockfile makes the lock a folder beside the
 * database (`<dir>.lock`) whose mtime the holder refreshes every `update` ms; another process takes it
 * over once it is `stale` ms old, so a killed holder does not block the folder for ever.
 *
 * The price of taking over: a holder that was only paused (SIGSTOP, a laptop's lid, a machine too slow)
 * loses its lock while it still has the database open. From then on every statement of it refuses
 * (`LOST_LOCK`), so a sender stops before it could claim or send again; it never releases the lock
 * (the folder is the new holder's) nor closes the engine (closing writes to the folder).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

/** After how long without a refresh another process takes the lock over; RESETCAST_DB_LOCK_STALE_MS overrides (tests). */
export const DB_LOCK_STALE_MS = 30_000;

/** What every statement says once the lock is lost. */
export const LOST_LOCK = 'lost its lock to another process (paused or too slow); stopped before writing again';

export interface LockTiming {
  /** proper-lockfile's `stale` (at least 2 s: its own floor). */
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

/** proper-lockfile's refresh period for a stale time: a sixth of it (5 s of 30 s), at least its floor of 1 s. */
const updateOf = (staleMs: number): number => Math.max(1_000, Math.floor(staleMs / 6));

/**
 * The longest stop of this process's event loop after which the lock may have been taken over. The lock's
 * mtime was refreshed at most `update` before the loop stopped, and another process may take it once it
 * is `stale` old: a stop longer than `stale − update` may have lost it; one `update` more is the margin
 * for the refresh's own file-system call (30 s − 2 × 5 s = 20 s by default).
 */
const longestStopOf = (staleMs: number): number => Math.max(staleMs - 2 * updateOf(staleMs), updateOf(staleMs));

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

/**
 * Takes the lock, trying again while another process holds it, until `waitMs` have passed; `onWait` hears
 * once, at the first refusal, that this command waits (and for how long at most). Throws `Error` with a
 * worded message (the caller prefixes the database's label).
 */
export async function holdLock(dir: string, timing: LockTiming, onWait: (pid: number | null) => void): Promise<HeldLock> {
  const { lock } = await import('proper-lockfile');
  let lost = false;
  const update = updateOf(timing.staleMs);
  const release = await takeTurn(
    () =>
      lock(dir, {
        realpath: false,
        stale: timing.staleMs,
        update,
        lockfilePath: `${dir}.lock`,
        // proper-lockfile's default throws from a timer: the raw ECOMPROMISED stack trace and a crash.
        onCompromised: () => {
          lost = true;
        },
      }),
    timing.waitMs,
    () => onWait(lastHolder(dir)),
  ).catch((e: { code?: string; message?: string }) => {
    throw new Error(
      e.code === 'ELOCKED'
        ? `still in use by another process after ${Math.round(timing.waitMs / 1000)} s (its lock: ${dir}.lock)`
        : `cannot lock: ${e.message}`,
    );
  });
  try {
    writeFileSync(holderFile(dir), `${process.pid}\n`);
  } catch {
    // Only a hint for the waiting line: the lock is held all the same.
  }
  // A beat of its own, besides proper-lockfile's refresh, which notices a takeover only by file-system
  // calls whose answers come in the event loop's poll phase, possibly after an I/O continuation that became
  // ready meanwhile (an outlet's answer, then its settlement): without the beat, a holder resumed after
  // SIGSTOP wrote once more (tests/unit/db/embedded.test.ts). The beat notices a stop synchronously, in the
  // timers phase, which after SIGCONT runs before the poll phase; `check()`, called synchronously before
  // every statement, compares the clock with the last beat too, for a loop held up inside a callback
  // (the other callbacks of the same poll then run before any timer).
  const longestStop = longestStopOf(timing.staleMs);
  let lastBeat = performance.now();
  const beat = setInterval(
    () => {
      if (performance.now() - lastBeat > longestStop) lost = true;
      lastBeat = performance.now();
    },
    Math.min(1_000, update / 2),
  );
  beat.unref();
  return {
    check() {
      if (performance.now() - lastBeat > longestStop) lost = true;
      if (lost) throw new Error(LOST_LOCK);
    },
    lost: () => lost,
    async release() {
      clearInterval(beat);
      if (lost) return;
      rmSync(holderFile(dir), { force: true });
      await release().catch(() => undefined);
    },
  };
}

/** Takes the lock, trying again while another process holds it, until `waitMs` have passed (then its `ELOCKED`). */
async function takeTurn(take: () => Promise<() => Promise<void>>, waitMs: number, waiting: () => void): Promise<() => Promise<void>> {
  const until = Date.now() + waitMs;
  for (let pause = 50, told = false; ; pause = Math.min(pause * 2, 1_000)) {
    try {
      return await take();
    } catch (e) {
      if ((e as { code?: string }).code !== 'ELOCKED' || Date.now() + pause > until) throw e;
      if (!told) waiting();
      told = true;
      await new Promise((r) => setTimeout(r, pause));
    }
  }
}
