/**
 * What the end of one send means for its claim (docs/alerts.md, "Claims, leases and attempts"): the
 * one place an HTTP ending becomes a delivery decision. Pure.
 *
 * - `sent`: the outlet confirmed it. Final.
 * - `uncertain`: it may have arrived (no answer in time after sending, a 5xx, the connection lost after
 *   sending, a 2xx that is not the outlet's answer). Recorded; resent at most once, never before the
 *   claim's lease ends.
 * - `refused`: the outlet refused this message for its content (400, 413, 422, unless the outlet says
 *   it refuses every message). Counted: tried three times in all.
 * - `released`: it provably did not arrive (any other 4xx, 429 past its retries, connection refused, a
 *   name that does not resolve, a redirect not followed, the time budget spent before sending). The
 *   claim is given back and no attempt is used: a later run sends it.
 *
 * `stopsOutlet`: the ending says something about the outlet, not the message (unreachable,
 * rate-limited, a wrong, moved or gone URL, credentials refused, an answer that is not the outlet's, a
 * second unclear answer in a row is decided by the caller): the outlet's other alerts wait for the next
 * run, unclaimed. A per-message ending never holds back the alerts after it.
 */
import { HttpError } from '../../net/http.ts';
import type { Outlet } from './outlets/index.ts';

export type Ending =
  | { kind: 'sent' }
  | { kind: 'uncertain'; why: string; stopsOutlet: boolean }
  | { kind: 'refused'; why: string }
  | { kind: 'released'; why: string; stopsOutlet: boolean };

/** Statuses that refuse this one message (its content), not the outlet. */
const REFUSED_MESSAGE = new Set([400, 413, 422]);
/** Statuses that say the outlet (its URL, its credentials, its rate) refuses everything for now. */
const OUTLET_REFUSES = new Set([401, 403, 404, 405, 410, 429]);

/** Why a send failed, in words: a redirect is named as one (webhooks are never followed: docs/alerts.md). */
function failure(e: unknown): string {
  const message = (e as Error).message;
  if (e instanceof HttpError && e.status !== null && e.status >= 300 && e.status < 400)
    return `${message}: redirected; a webhook URL that redirects is not followed (update the URL)`;
  return message;
}

/** A 2xx answer: sent, or (not the outlet's answer) uncertain, and the URL is not the outlet: stop. */
export function endingOfAnswer(problem: string | null): Ending {
  return problem === null ? { kind: 'sent' } : { kind: 'uncertain', why: problem, stopsOutlet: true };
}

/** A send that threw (the HTTP client marks what may have arrived: `uncertain`). */
export function endingOfError(outlet: Pick<Outlet, 'refusesAll'>, e: unknown): Ending {
  if (e instanceof HttpError && e.uncertain) return { kind: 'uncertain', why: e.message, stopsOutlet: false };
  const status = e instanceof HttpError ? e.status : null;
  if (status !== null && REFUSED_MESSAGE.has(status) && !outlet.refusesAll?.(status, e instanceof Error ? e.message : ''))
    return { kind: 'refused', why: (e as Error).message };
  // A status for this message alone (409, 415, 451 …) releases it and lets the next alerts go.
  const perMessage = status !== null && status >= 400 && status < 500 && !OUTLET_REFUSES.has(status) && !REFUSED_MESSAGE.has(status);
  return { kind: 'released', why: failure(e), stopsOutlet: !perMessage };
}
