/**
 * Netlify Blobs as a TextStore (src/core/text-store.ts): where the watcher keeps its cursors and
 * bookkeeping, so that reading them does not wake the database (docs/alerts.md, "Where the state lives").
 * Inside a Netlify function (and in `netlify serve`/`netlify dev`, which run a local Blobs server) the
 * platform hands @netlify/blobs its address and token (NETLIFY_BLOBS_CONTEXT); tests and benches give
 * them explicitly (`access`). Reads and writes are strongly consistent: a write is seen by the next read.
 *
 * What this binding adds to @netlify/blobs 11.1.1, and why:
 *
 * - **Our deadline, and no retries of its own.** The library retries a 429, a 5xx and a failed request
 *   five times, five seconds apart: 25 s, more than a watcher run has (20 s) or X waits for the webhook
 *   (10 s). Its `fetch` is ours: every request ends within `timeoutMs` and before `deadline`, and an answer
 *   the library would retry (or none) reaches it as a final one (status STOPPED), while the real answer is
 *   kept here to judge and to word. The next run tries again.
 * - **A write's answer is the store's own, never the library's flag.** The library reports `modified:
 *   true` for a conditional write answered 5xx, 429 or any 4xx but 412. Here a write is `written` only on
 *   the store's 200 with the new ETag, a `conflict` only on its 412, and `unclear` otherwise, for the
 *   caller to read back.
 * - **A version with every read.** The service sends an ETag with each read; the local server of
 *   @netlify/blobs (the one netlify-cli runs) sends none with a GET, only in its listing. Then the listing
 *   is asked first and the text read after it, so the version is never newer than the text (a write
 *   between the two makes the conditional write fail, never pass on a text it did not see).
 *
 * Lines name the store (`label`), never its address or token.
 */
import { getStore, type Store } from '@netlify/blobs';
import type { TextStore, Versioned, WriteAnswer, WriteCondition } from '../core/text-store.ts';

export interface BlobStoreOptions {
  /** The store's name (one per site: a site-wide store, not a deploy's). */
  name: string;
  /** Each request's own limit (ms). */
  timeoutMs: number;
  /** No request starts at or after this instant (ms since the epoch), and none runs past it. */
  deadline?: number;
  /** The store's address and token, when not the platform's (tests, benches): its local server's. */
  access?: { siteID: string; token: string; url: string };
  /** The clock the deadline is on (the real one by default). */
  now?: () => number;
  /** The real fetch by default. */
  fetch?: typeof globalThis.fetch;
}

/**
 * The status the library is shown for an answer it would retry (a 429, a 5xx) or for none: a final one
 * (it retries only 429, 5xx and, on signed URLs, 403), neither a success, a 404 nor a 412. The real
 * answer is in the request's record (`Seen`).
 */
const STOPPED = 408;

/** What one library call's requests met: the last answer's status and ETag, or why there was none. */
interface Seen {
  status?: number;
  etag?: string | null;
  failure?: string;
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** A thrown fetch error as words: its own message and its cause's code (never a URL: the library's edge URLs hold no secret, but they are not for lines). */
function failureOf(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const code = err.cause?.code ?? err.cause?.message;
  return oneLine(`${err.message ?? String(e)}${code ? ` (${code})` : ''}`);
}

/** A fetch for the library: within the deadline, recording what it met, never showing it an answer it would retry. */
function boundedFetch(o: BlobStoreOptions, seen: Seen): typeof globalThis.fetch {
  const now = o.now ?? Date.now;
  const base = o.fetch ?? globalThis.fetch;
  return async (input, init) => {
    const left = Math.min(o.timeoutMs, (o.deadline ?? Number.POSITIVE_INFINITY) - now());
    if (left <= 0) {
      seen.failure = 'not asked: no time left of this run';
      return new Response(null, { status: STOPPED });
    }
    try {
      const res = await base(input, { ...init, signal: AbortSignal.timeout(left) });
      seen.status = res.status;
      seen.etag = res.headers.get('etag');
      if (res.status !== 429 && res.status < 500) return res;
      await res.body?.cancel();
      return new Response(null, { status: STOPPED });
    } catch (e) {
      seen.failure = failureOf(e, left);
      return new Response(null, { status: STOPPED });
    }
  };
}

/** What went wrong with a call, in words: the request's failure, else the status the store answered. */
const problemOf = (seen: Seen): string => seen.failure ?? `HTTP ${seen.status ?? 'no answer'}`;

/**
 * Whether the platform gave this process a Blobs store (what @netlify/blobs reads: the global a Netlify
 * function gets, else NETLIFY_BLOBS_CONTEXT, which `netlify serve` sets): `npm start` alone has none.
 */
export function platformBlobsAvailable(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return Boolean((globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext || env['NETLIFY_BLOBS_CONTEXT']);
}

export function blobTextStore(o: BlobStoreOptions): TextStore {
  const label = `Netlify Blobs store ${o.name}`;
  /** A store whose requests this call's `seen` records (the library makes one to three per call). */
  const open = (seen: Seen): Store => {
    const fetch = boundedFetch(o, seen);
    const access = o.access ? { siteID: o.access.siteID, token: o.access.token, edgeURL: o.access.url, uncachedEdgeURL: o.access.url } : {};
    return getStore({ name: o.name, consistency: 'strong', fetch, ...access });
  };
  /** One call to the library; its own errors (no context, a key it refuses) worded with the store's name. */
  const call = async <T>(what: string, work: (store: Store, seen: Seen) => Promise<T>): Promise<{ value: T; seen: Seen }> => {
    const seen: Seen = {};
    try {
      return { value: await work(open(seen), seen), seen };
    } catch (e) {
      // A request that failed, else a status the library refused, else its own error (no context, a body cut off after a 200).
      const why = seen.failure ?? (seen.status !== undefined && seen.status !== 200 ? `HTTP ${seen.status}` : failureOf(e, o.timeoutMs));
      throw new Error(`${label}: ${what}: ${why}`);
    }
  };

  /** The key's version from the store's listing (the local server's GET carries none). */
  const listedEtag = async (key: string): Promise<string | undefined> => {
    const { value } = await call(`list ${key}`, (s) => s.list({ prefix: key }));
    return value.blobs.find((b) => b.key === key)?.etag;
  };

  const getText = async (key: string): Promise<{ text: string; etag: string | undefined } | null> => {
    const { value, seen } = await call(`read ${key}`, (s) => s.getWithMetadata(key, { type: 'text' }));
    if (value === null) return null;
    if (seen.status !== 200) throw new Error(`${label}: read ${key}: ${problemOf(seen)}`);
    return { text: value.data, etag: value.etag };
  };

  return {
    label,
    async read(key): Promise<Versioned | null> {
      const first = await getText(key);
      if (first === null) return null;
      if (first.etag) return { text: first.text, etag: first.etag };
      // The local server: the version from the listing, then the text (never a version newer than the text).
      const etag = await listedEtag(key);
      const again = await getText(key);
      if (again === null) return null;
      if (!etag) throw new Error(`${label}: read ${key}: the store gave no version of it`);
      return { text: again.text, etag };
    },
    async write(key: string, text: string, condition: WriteCondition): Promise<WriteAnswer> {
      const seen: Seen = {};
      try {
        const options = 'etag' in condition ? { onlyIfMatch: condition.etag } : { onlyIfNew: true as const };
        await open(seen).set(key, text, options);
      } catch (e) {
        if (!seen.failure && seen.status === undefined) seen.failure = oneLine((e as Error).message);
      }
      if (seen.status === 412) return { outcome: 'conflict' };
      if (seen.status === 200 && seen.etag) return { outcome: 'written' };
      const why = seen.status === 200 ? 'HTTP 200 without a version' : problemOf(seen);
      return { outcome: 'unclear', why: `${label}: write ${key}: ${why}` };
    },
  };
}
