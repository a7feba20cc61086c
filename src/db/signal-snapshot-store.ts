/**
 * The signal snapshot in its store (src/core/signals/snapshot.ts; docs/pull.md, "The signal snapshot at run
 * time"): one key of a TextStore (Netlify Blobs, src/db/blob-store.ts), read by the serving functions and
 * written by `POST /signals` (src/db/signals-door.ts).
 *
 * A write keeps the newer check: it reads, keeps what is stored when that is as new or newer, else writes
 * only over the version read; when another writer got there first (a conflict) it reads again and judges
 * again, so two handovers at once end with the newer one stored and each told what became of its own.
 * A write the store answers unclearly may have landed: the key is read back, and only our own text there
 * says written. What is kept is the snapshot as parsed, in one spelling (`storedText`), so the read-back
 * compares like with like.
 *
 * A store that cannot be read throws (worded by the binding, no credential): the caller answers 503.
 */
import { newerSnapshot, parseSignalSnapshot, SIGNALS_KEY } from '../core/signals/snapshot.ts';
import type { SignalsFile } from '../core/schema/storage.ts';
import type { TextStore, Versioned } from '../core/text-store.ts';

/** Writes in a row that may meet another writer's first before a handover gives up (each such write is another's progress). */
const MAX_TRIES = 6;

export interface SnapshotOptions {
  /** The secret pieces no kept text may hold (src/core/secrets/variables.ts, secretsFrom). */
  secrets?: readonly string[];
  /** Told why, when a stored text is read as absent, a handover is refused or a write's outcome is unclear: one line each. */
  say?: (line: string) => void;
}

export type WriteOutcome = 'written' | 'older' | 'refused' | 'unclear';

/** The one spelling a snapshot is kept in: the parsed file, 2-space indented, as data/signals.json is written. */
export const storedText = (signals: SignalsFile): string => `${JSON.stringify(signals, null, 2)}\n`;

/** A stored text judged as a handover is: the snapshot, or null (and why, to `say`) when it no longer passes. */
function judged(stored: Versioned, now: Date, o: SnapshotOptions): SignalsFile | null {
  const parsed = parseSignalSnapshot(stored.text, { now, ...(o.secrets ? { secrets: o.secrets } : {}) });
  if (parsed.ok) return parsed.signals;
  o.say?.(`the stored signal snapshot is read as absent: ${parsed.why}`);
  return null;
}

/** The stored snapshot and its version; null when there is none or it no longer passes the boundary. Throws when the store cannot be read. */
export async function readSignalSnapshot(
  store: TextStore,
  now: Date,
  o: SnapshotOptions = {},
): Promise<{ signals: SignalsFile; etag: string } | null> {
  const stored = await store.read(SIGNALS_KEY);
  if (stored === null) return null;
  const signals = judged(stored, now, o);
  return signals === null ? null : { signals, etag: stored.etag };
}

/** What an unclear write left: ours there (written), one as new or newer (older), else unclear. */
async function readBack(
  store: TextStore,
  ours: SignalsFile,
  text: string,
  why: string,
  now: Date,
  o: SnapshotOptions,
): Promise<WriteOutcome> {
  let back: Versioned | null;
  try {
    back = await store.read(SIGNALS_KEY);
  } catch (e) {
    o.say?.(`${why}; whether it was written is unknown (${(e as Error).message})`);
    return 'unclear';
  }
  if (back?.text === text) return 'written';
  const there = back === null ? null : judged(back, now, o);
  if (there !== null && !newerSnapshot(ours, there)) return 'older';
  o.say?.(`${why}; not written`);
  return 'unclear';
}

/**
 * Keeps the snapshot `text` unless the store holds one as new or newer: `written`, `older` (the stored one
 * kept), `refused` (it does not pass the boundary: nothing asked of the store) or `unclear` (the store's
 * answer left it unknown). Throws when the store cannot be read.
 */
export async function writeSignalSnapshot(store: TextStore, text: string, now: Date, o: SnapshotOptions = {}): Promise<WriteOutcome> {
  const parsed = parseSignalSnapshot(text, { now, ...(o.secrets ? { secrets: o.secrets } : {}) });
  if (!parsed.ok) {
    o.say?.(parsed.why);
    return 'refused';
  }
  const ours = parsed.signals;
  const kept = storedText(ours);
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    const stored = await store.read(SIGNALS_KEY);
    const there = stored === null ? null : judged(stored, now, o);
    if (there !== null && !newerSnapshot(ours, there)) return 'older';
    // An unreadable stored text is written over, but only over the version read.
    const answer = await store.write(SIGNALS_KEY, kept, stored === null ? { absent: true } : { etag: stored.etag });
    if (answer.outcome === 'written') return 'written';
    if (answer.outcome === 'conflict') continue;
    return readBack(store, ours, kept, answer.why, now, o);
  }
  o.say?.(`${store.label}: ${MAX_TRIES} writes in a row met another writer's first; not written`);
  return 'unclear';
}
