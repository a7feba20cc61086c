/**
 * One sent-log shared by every sender (the watcher function and `npm run broadcast`), kept in a store
 * with compare-and-swap (Netlify Blobs: a write `onlyIfMatch` the version read, or `onlyIfNew`), so that
 * an alert goes to an outlet once whichever sender sees it first (docs/alerts.md, "One sent-log for two
 * senders"). Pure apart from the store passed in.
 *
 * - **Claim before sending.** Each send is preceded by a write of the whole log with that (outlet, alert)
 *   recorded `uncertain`, one more attempt (the write-ahead record of broadcast.ts), made only if the
 *   stored record still allows that attempt: nobody else settled it, attempted it since, or holds it. On
 *   a conflict (another writer got in between) the log is read again and the claim decided afresh.
 * - **A claim is a lease.** An `uncertain` record younger than CLAIM_LEASE_MS may be a send in flight, so
 *   no other sender claims it; older, it is what it always was: a send that may have arrived, resent at
 *   most once. A sender that dies after sending therefore causes at most one resend, never a blind one.
 * - **Record after sending.** Every later write (the next claim, the last one) folds this sender's
 *   records into what is stored: its own outcome replaces its own claim; anything else merges by
 *   `mergeSentLogs`' rule (the stronger record wins), so no delivery recorded by anyone is lost.
 * - **No store, no send.** When the store cannot be read or written, the claim throws: the outlet stops
 *   for this run with that one reason and nothing is sent that was not claimed first.
 */
import { shortAlertId } from '../../core/alerts/derive.ts';
import { stableStringify } from '../../core/json.ts';
import { toTimestamp } from '../../core/time.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { OutletLog, SentAlert, SentLogFile as SentLog } from '../../core/schema/index.ts';
import type { Attempt } from './broadcast.ts';
import { attemptable, mergeSentLogs, readSentLog, stronger } from './sent-log.ts';

/** Where the shared log lives (and the watcher's cursor): one text and its version. */
export interface TextStore {
  /** The stored log (undefined when there is none yet) and its version. Throws when the store cannot be read. */
  read(): Promise<{ text: string | undefined; etag: string | undefined }>;
  /** Writes `text` only if the stored version is still `etag` (undefined: only if there is none yet); false on a conflict. Throws when the store cannot be written. */
  write(text: string, etag: string | undefined): Promise<boolean>;
}

/**
 * How long a claim holds off the other senders: longer than any one send can take (the outlets' client
 * waits at most 3 × 10 s timeouts plus 2 × 20 s asked-for delays, 70 s; the watcher function is stopped
 * at 30 s), short enough that a crashed sender's alert is resent (once) on a later run.
 */
export const CLAIM_LEASE_MS = 2 * MINUTE_MS;
/** Conflicts in a row before a write gives up (each is another sender's write landing in between). */
export const MAX_CONFLICTS = 8;

/** The key of one (outlet, alert). */
const keyOf = (outlet: string, id: string): string => `${outlet}\n${id}`;

function recordOf(log: SentLog, outlet: string, id: string): SentAlert | undefined {
  return log.outlets.find((o) => o.name === outlet)?.sent.find((s) => s.id === id);
}

/** Whether another sender's record forbids this attempt: settled, attempted since we read, given up, or a claim still within its lease. */
export function claimRefused(stored: SentAlert | undefined, attempt: SentAlert, now: Date): string | null {
  if (!attemptable(stored)) return stored!.state === 'sent' ? 'already sent' : 'given up';
  if ((stored?.attempts ?? 0) + 1 !== attempt.attempts) return 'attempted by another sender meanwhile';
  if (stored?.state === 'uncertain' && Date.parse(stored.sent_at) > now.getTime() - CLAIM_LEASE_MS) return `held by another sender (its claim is under ${CLAIM_LEASE_MS / MINUTE_MS} minutes old)`;
  return null;
}

/**
 * This sender's view folded into the stored log: per (outlet, alert) its record replaces the stored one
 * where that is its own claim (its outcome is news to nobody else), else the stronger of the two; each of
 * its outlets' checks replaces the stored check (it is the later one). Records only stored are kept.
 */
export function fold(stored: SentLog, view: SentLog, claims: ReadonlyMap<string, SentAlert>): SentLog {
  const outlets = new Map<string, OutletLog>(stored.outlets.map((o) => [o.name, o]));
  for (const mine of view.outlets) {
    const theirs = outlets.get(mine.name);
    const records = new Map((theirs?.sent ?? []).map((s) => [s.id, s]));
    for (const r of mine.sent) {
      const s = records.get(r.id);
      const claim = claims.get(keyOf(mine.name, r.id));
      const own = s === undefined || (claim !== undefined && stableStringify(claim) === stableStringify(s));
      records.set(r.id, own ? r : stronger(s, r));
    }
    const lastOk = [theirs?.last_ok_at, mine.last_ok_at].filter((t): t is string => typeof t === 'string').sort().at(-1) ?? null;
    outlets.set(mine.name, { ...mine, last_ok_at: lastOk, sent: [...records.values()] });
  }
  // mergeSentLogs with an empty log: the one order (outlets by name, records by time then id).
  return mergeSentLogs({ outlets: [...outlets.values()] }, { outlets: [] });
}

export interface SharedSentLog {
  /** The log as stored now, for the broadcast to start from (the ⚠️ of a corrupt one comes from readSentLog there). */
  load(): Promise<string | undefined>;
  /** broadcast.ts's checkpoint: claims the attempt (true) or says another sender has it (false). Throws when the store fails. */
  claim(view: string, attempt: Attempt): Promise<boolean>;
  /** Folds the broadcast's final log into the store; returns what is stored after. */
  finish(view: string): Promise<string>;
  /** One line per claim refused, for the report (`ntfy: reset:… already sent`). */
  refused: string[];
}

/** A shared sent-log over `store`, at the sender's clock `now`. */
export function sharedSentLog(store: TextStore, now: Date): SharedSentLog {
  const claims = new Map<string, SentAlert>();
  const refused: string[] = [];
  // One store operation at a time from this sender (outlets run in parallel): its own writes never conflict.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => undefined);
    return next;
  };
  const parse = (text: string | undefined): SentLog => readSentLog(text, now).log;

  /** Reads, changes and writes with compare-and-swap until a write lands (or `change` decides not to write: null). */
  async function update(change: (stored: SentLog) => SentLog | null): Promise<SentLog | null> {
    for (let i = 0; i < MAX_CONFLICTS; i++) {
      const { text, etag } = await store.read();
      const next = change(parse(text));
      if (next === null) return null;
      if (await store.write(stableStringify(next), etag)) return next;
    }
    throw new Error(`the shared sent-log changed under ${MAX_CONFLICTS} writes in a row; nothing more claimed this run`);
  }

  return {
    refused,
    load: () => serial(async () => (await store.read()).text),
    claim: (view, attempt) =>
      serial(async () => {
        const key = keyOf(attempt.outlet, attempt.record.id);
        let why: string | null = null;
        const written = await update((stored) => {
          why = claimRefused(recordOf(stored, attempt.outlet, attempt.record.id), attempt.record, now);
          if (why !== null) return null;
          // The new attempt wins its fold: it has one more attempt than the stored record it was decided on.
          return fold(stored, parse(view), claims);
        });
        if (written === null) {
          refused.push(`${attempt.outlet}: ${shortAlertId(attempt.record.id)} ${why} at ${toTimestamp(now)}`);
          return false;
        }
        claims.set(key, attempt.record);
        return true;
      }),
    finish: (view) => serial(async () => stableStringify((await update((stored) => fold(stored, parse(view), claims)))!)),
  };
}

/** The key of the shared sent-log in its store (the watcher's store, docs/alerts.md). */
export const SENT_LOG_KEY = 'sent-log.json';

/**
 * The few calls of a Netlify Blobs store this needs (structural: src/ imports no platform package; the
 * bindings pass `getStore(…)` in). The store is opened with strong consistency: a claim must see the last write.
 */
export interface BlobStore {
  getWithMetadata(key: string, options: { type: 'text' }): Promise<{ data: string; etag?: string | undefined } | null>;
  list(options: { prefix: string }): Promise<{ blobs: { key: string; etag: string }[] }>;
  set(key: string, data: string, options: { onlyIfMatch: string } | { onlyIfNew: boolean }): Promise<{ modified: boolean }>;
}

/**
 * One key of a Blobs store as a TextStore (the sent-log, the watcher's state). The version is the ETag the read returns; the local
 * Blobs server (netlify-cli's, @netlify/blobs/server) sends none with a read, only in its listing, so
 * then the listing is read first and the text after it: a write landing in between makes the text newer
 * than the version, and the conditional write then fails as a conflict (re-read), never the other way round.
 */
export function blobTextStore(store: BlobStore, key: string = SENT_LOG_KEY): TextStore {
  return {
    async read() {
      const got = await store.getWithMetadata(key, { type: 'text' });
      if (got === null) return { text: undefined, etag: undefined };
      if (got.etag) return { text: got.data, etag: got.etag };
      const listed = (await store.list({ prefix: key })).blobs.find((b) => b.key === key);
      const again = await store.getWithMetadata(key, { type: 'text' });
      return again === null || !listed ? { text: undefined, etag: undefined } : { text: again.data, etag: listed.etag };
    },
    async write(text, etag) {
      return (await store.set(key, text, etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: etag })).modified;
    },
  };
}
