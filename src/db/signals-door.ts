/**
 * The way in of the signal snapshot, `POST /signals` (netlify/functions/signals.ts; docs/pull.md, "The
 * signal snapshot at run time"): the scheduled pull hands over the data/signals.json it just committed, and
 * it is kept in the snapshot's store (signal-snapshot-store.ts) when it is a newer check than the stored one.
 * A machine-to-machine endpoint for the pull alone, not part of the public API.
 *
 * In order, each refusal before anything is read that it would need: a method but POST (405), no token
 * configured (503), a missing or wrong bearer token (401, compared in constant time), a content type but
 * JSON (415), a body over the cap (413, read through the one capped reader), a text that is not UTF-8 or
 * does not pass the boundary (422, its one line), then the store's answer: 204 written, 200 kept (the stored
 * one is as new or newer), 503 when the store failed or its answer left the write unknown. The whole call
 * ends within `deadlineMs` (503 after it). Each answer carries our own words only, and one line for the log.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readCappedBody } from '../core/capped-body.ts';
import { SNAPSHOT_MAX_BYTES } from '../core/signals/snapshot.ts';
import type { TextStore } from '../core/text-store.ts';
import { writeSignalSnapshot } from './signal-snapshot-store.ts';

/** What the door needs: the token the pull sends (none: not configured), the store, the clock, the secret pieces. */
export interface SignalsDoor {
  token: string | undefined;
  store: TextStore;
  now: () => Date;
  secrets: readonly string[];
  /** The whole call's limit (ms): a caller that stalls its body, or a store that stalls, gets 503 by then. */
  deadlineMs: number;
}

/** The answer and the one line the function logs for it. */
export interface DoorAnswer {
  response: Response;
  line: string;
}

/** The variable that holds the token the pull sends (a secret: src/core/secrets/variables.ts). */
export const TOKEN_VARIABLE = 'RESETCAST_SIGNALS_TOKEN';

const HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' };

const answer = (status: number, body: string | null, line: string, headers: Record<string, string> = {}): DoorAnswer => ({
  response: new Response(body === null ? null : `${body}\n`, {
    status,
    headers: body === null ? { 'cache-control': 'no-store', ...headers } : { ...HEADERS, ...headers },
  }),
  line,
});

const refused = (status: number, why: string, headers: Record<string, string> = {}): DoorAnswer =>
  answer(status, why, `❌ ${status}: ${why}`, headers);

/** Whether the request's bearer token is `token`: SHA-256 of both compared in constant time, so neither the length nor a prefix shows. */
function bearerMatches(header: string | null, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
  if (given === undefined) return false;
  const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(token));
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
const isJson = (type: string | null): boolean => (type ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';

/** The steps of one call, each answered as the file's header says. */
async function handle(request: Request, door: SignalsDoor): Promise<DoorAnswer> {
  if (request.method !== 'POST') return refused(405, 'POST only', { allow: 'POST' });
  // The caller is not known yet: the body says no more than that; the line names the variable.
  if (!door.token) return answer(503, 'not configured', `❌ 503: ${TOKEN_VARIABLE} is not set; nothing read (docs/deploy.md)`);
  if (!bearerMatches(request.headers.get('authorization'), door.token))
    return refused(401, request.headers.has('authorization') ? 'the token does not match' : 'no bearer token', {
      'www-authenticate': 'Bearer',
    });
  if (!isJson(request.headers.get('content-type'))) return refused(415, 'the body must be application/json');
  const read = await readCappedBody(request, SNAPSHOT_MAX_BYTES);
  if ('tooLarge' in read) return refused(413, `a snapshot is at most ${SNAPSHOT_MAX_BYTES} bytes`);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return refused(422, 'the body is not UTF-8');
  }
  const said: string[] = [];
  let outcome: Awaited<ReturnType<typeof writeSignalSnapshot>>;
  try {
    outcome = await writeSignalSnapshot(door.store, text, door.now(), { secrets: door.secrets, say: (l) => said.push(l) });
  } catch (e) {
    return refused(503, `the store failed: ${(e as Error).message}`);
  }
  const why = said.join('; ');
  if (outcome === 'written') return answer(204, null, `✅ 204: stored${why ? ` (${why})` : ''}`);
  if (outcome === 'older')
    return answer(200, 'kept: the stored snapshot is as new or newer', `⏭️ 200: kept the stored snapshot (as new or newer)`);
  if (outcome === 'refused') return refused(422, why);
  return refused(503, `not known to be stored: ${why}`);
}

/** One call answered within the door's deadline: after it, 503 (the store's own deadline ends its requests too). */
export async function answerSignals(request: Request, door: SignalsDoor): Promise<DoorAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<DoorAnswer>((resolve) => {
    timer = setTimeout(() => resolve(refused(503, `no answer within ${door.deadlineMs / 1000} s`)), door.deadlineMs);
  });
  try {
    return await Promise.race([handle(request, door), late]);
  } finally {
    clearTimeout(timer);
  }
}
