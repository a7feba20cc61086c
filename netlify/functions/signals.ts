/**
 * `POST /signals` (docs/pull.md, "The signal snapshot at run time"): the scheduled pull hands over the
 * data/signals.json it just committed, and it is kept in the site-wide Netlify Blobs store
 * `resetcast-signals` when it is a newer check than the stored one, so the serving functions show it
 * without a deploy. A machine-to-machine endpoint for the pull alone (its bearer token,
 * RESETCAST_SIGNALS_TOKEN), not part of the public API.
 *
 * A thin binding: the environment, the clock and the store (the platform's Blobs context; in `netlify
 * serve`, its local server) around src/db/signals-door.ts, which answers every request. Without the token
 * it answers 503 and says so once per function instance. Every line it logs goes through the one redactor
 * (src/core/secrets/redact.ts).
 */
import { functionLogLines } from '../../src/core/secrets/redact.ts';
import { secretsFrom } from '../../src/core/secrets/variables.ts';
import { SIGNALS_STORE } from '../../src/core/signals/snapshot.ts';
import { blobTextStore } from '../../src/db/blob-store.ts';
import { answerSignals, TOKEN_VARIABLE } from '../../src/db/signals-door.ts';

/** The whole call, the pull's `curl --max-time 20` well inside it; a request to the store ends within its own limit and before the call's. */
const DEADLINE_MS = 8_000;
const BLOBS_TIMEOUT_MS = 3_000;

let saidUnset = false;

export default async (request: Request): Promise<Response> => {
  const env = process.env;
  const start = Date.now();
  const token = env[TOKEN_VARIABLE];
  const store = blobTextStore({ name: SIGNALS_STORE, timeoutMs: BLOBS_TIMEOUT_MS, deadline: start + DEADLINE_MS - 500 });
  // The instant a handover is judged at, to the second (the snapshot's times are).
  const now = (): Date => new Date(Math.floor(Date.now() / 1000) * 1000);
  const { response, line } = await answerSignals(request, { token, store, now, secrets: secretsFrom(env), deadlineMs: DEADLINE_MS });
  if (token || !saidUnset) for (const l of functionLogLines(env, '[signals]', [`${line} (${Date.now() - start} ms)`])) console.log(l);
  if (!token) saidUnset = true;
  return response;
};

/** Its address on the site, SIGNALS_PATH (written out: Netlify reads a function's config from its source without running it). */
export const config = { path: '/signals' };
