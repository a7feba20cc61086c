/**
 * The answer of the timetable function (netlify/functions/timetable.ts, docs/timetable.md): the state of
 * the requested payload, page, feed or calendar whose interval holds the request's instant, its bytes as
 * the build wrote them, with the headers the static file at that path gets (netlify.toml's [[headers]] do
 * not apply to a function's answers), an edge cache that never outlives the state and an ETag of the
 * state's bytes. It computes nothing but the pick (and the ETag, once per state). Where a newer signals
 * snapshot applies, the binding's `live` answer stands in for the state (docs/timetable.md, "Signals at run time").
 */
import {
  cacheSeconds,
  changesAtRunTime,
  pickState,
  STEP_SECONDS,
  timetableEntry,
  timetableFile,
  type TimetableIndex,
} from './timetable.ts';

/** How the binding reaches one build's timetable: its index, and a state's bytes. */
export interface TimetableFiles {
  index: TimetableIndex;
  /** The bytes of a state of `name` (a payload's name or a public path: `timetableFile`); throws when it cannot be read. */
  read: (name: string, start: number) => Uint8Array;
}

/** An answer newer than the deploy's state: the signal-dependent outputs under a newer snapshot (docs/timetable.md). */
export interface LiveState {
  bytes: Uint8Array;
  /** The state's start (Unix seconds). */
  start: number;
  /** The first second it may no longer hold; null when it holds for ever. */
  end: number | null;
}

export interface TimetableAnswerOptions {
  files: TimetableFiles;
  /** The headers a static file at each served path gets (`/api/v1/<name>.json`, `/`, `/zh`, …), as the build read them. */
  headers: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The clock, in milliseconds since the epoch (Date.now deployed; a test's own clock in tests). */
  now?: () => number;
  log?: (line: string) => void;
  /**
   * The answer for `name` at `t` (Unix seconds) when it is not the deploy's own state: undefined when the
   * deploy's state stands. Never throws and ends within the function's deadline (the binding's duty).
   */
  live?: (name: string, t: number) => Promise<LiveState | undefined>;
}

const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * The edge's lifetime of an answer: `durable`, so every CDN node shares the one answer the function gave
 * (Netlify's durable cache) instead of each asking again; never past the state's end, and never over the API's
 * 5 minutes for an answer a new snapshot may change (`cacheSeconds`). No stale-while-revalidate: a stale
 * answer would outlive its state.
 */
const edgeCache = (seconds: number): string => `public, durable, max-age=${seconds}`;

/** A live state's edge lifetime: the API's 5 minutes, never past its end. */
const liveCacheSeconds = (s: LiveState, t: number): number =>
  s.end === null ? STEP_SECONDS : Math.max(1, Math.min(STEP_SECONDS, s.end - t));

/**
 * A state's ETag, from its bytes (SHA-256, as a static file's is from its content): it changes exactly when
 * the answer does, a new state or a new deploy, so a reader that keys on it (the watcher's deployed-alerts
 * step, a cache) sees each state once.
 */
async function etagOf(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return `"${[...digest.subarray(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('')}"`;
}

export function createTimetableHandler(o: TimetableAnswerOptions): (req: Request) => Promise<Response> {
  const now = o.now ?? Date.now;
  const log = o.log ?? ((line: string) => console.error(line));
  // The last state read per payload: consecutive requests within one state read no file and hash nothing.
  const last = new Map<string, { start: number; bytes: Uint8Array; etag: string }>();
  const stateOf = async (name: string, start: number): Promise<{ bytes: Uint8Array; etag: string }> => {
    const hit = last.get(name);
    if (hit?.start === start) return hit;
    const bytes = o.files.read(name, start);
    const state = { start, bytes, etag: await etagOf(bytes) };
    last.set(name, state);
    return state;
  };
  const runTime = changesAtRunTime(o.files.index);
  return async (req) => {
    const path = new URL(req.url).pathname;
    const entry = timetableEntry(o.files.index, path);
    const headers = { ...o.headers[path] };
    if (entry === undefined) return new Response('Not Found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers });
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return new Response('Method Not Allowed\n', {
        status: 405,
        headers: { ...headers, Allow: ALLOW, 'Content-Type': 'text/plain; charset=utf-8' },
      });
    const { name, starts } = entry;
    const t = Math.floor(now() / 1000);
    const fresh = await o.live?.(name, t);
    if (fresh) {
      headers['Netlify-CDN-Cache-Control'] = edgeCache(liveCacheSeconds(fresh, t));
      headers['ETag'] = await etagOf(fresh.bytes);
      return new Response(req.method === 'HEAD' ? null : (fresh.bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
    }
    const i = pickState(starts, t);
    let state: { bytes: Uint8Array; etag: string };
    try {
      state = await stateOf(name, starts[i]!);
    } catch (e) {
      log(`[timetable] ${name} state ${starts[i]}: ${(e as Error).message}`);
      return new Response(`timetable state unavailable: ${timetableFile(name, starts[i]!)}\n`, {
        status: 503,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
      });
    }
    headers['Netlify-CDN-Cache-Control'] = edgeCache(cacheSeconds(starts, i, t, runTime(name)));
    headers['ETag'] = state.etag;
    return new Response(req.method === 'HEAD' ? null : (state.bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}
