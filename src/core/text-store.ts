/**
 * The one thing the watcher needs of a key-value store (Netlify Blobs: src/db/blob-store.ts binds it): a
 * text read with its version (ETag), and a write made only if the stored version is still the one read
 * (or, for a key that does not exist yet, only if it still does not). A type only: core/ does no I/O.
 *
 * A write's answer is what the store said, never more: `written` only for the store's own success with the
 * new version, `conflict` only for its "precondition failed" (another writer got there first: nothing was
 * written), and `unclear` for everything else (an error status, a rate limit, no answer in time, a success
 * without a version). An unclear write may or may not have landed: the caller reads the key back to know
 * (src/jobs/watch/state.ts marks each write with a token of its own for that).
 */

/** A stored text and its version. */
export interface Versioned {
  text: string;
  /** What a conditional write must match (the binding always has one: src/db/blob-store.ts). */
  etag: string;
}

/** What the stored version must be for a write to be made: the one read, or none (the key does not exist). */
export type WriteCondition = { etag: string } | { absent: true };

export type WriteAnswer = { outcome: 'written' } | { outcome: 'conflict' } | { outcome: 'unclear'; why: string };

export interface TextStore {
  /** The text under `key` and its version; null when there is none. Throws (worded, no credential) when the store cannot be read. */
  read(key: string): Promise<Versioned | null>;
  /** Writes `text` under `key` only if `condition` still holds. Never throws: what the store answered (see above). */
  write(key: string, text: string, condition: WriteCondition): Promise<WriteAnswer>;
  /** The store as lines name it (`Netlify Blobs store resetcast-watch`): no credential. */
  label: string;
}
