/**
 * The one HTTP client of every request the jobs make (the pull's sources, the outlets, the watcher's reads
 * of the deployed site, the pull's dispatch): `request` is the core, with a timeout per attempt, retries
 * with exponential backoff on 408/429/5xx and network errors (honouring Retry-After and the rate-limit reset
 * headers), a User-Agent naming the project, and a cap on the response body: a
 * declared Content-Length over the cap is refused unread, and a body is streamed and cut off as soon as
 * it passes the cap, so a hostile or broken source can never make a pull hold more than the cap in memory.
 * `getJson` and `sendJson` are thin uses of it. fetch, sleep and the clock are injected: tests need no mocks.
 *
 * Untrusted text enters here (an answer, a reason phrase, an error body's words, a redirect target, a
 * network error that quotes the URL): it is cleaned (src/core/sanitize.ts), and every answer and error
 * leaves without the request's own credentials (its Authorization header's token, the URL's `user:pass` and query values, and the
 * caller's `credentials`: src/core/secrets/redact.ts), so an echoing server cannot put one into data/ or a log.
 */
import { readCappedBody } from '../core/capped-body.ts';
import { createRedactor, requestCredentials } from '../core/secrets/redact.ts';
import { cleanText } from '../core/sanitize.ts';

export interface HttpDeps {
  fetch: typeof globalThis.fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  userAgent: string;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxRetryAfterMs: number;
  /**
   * When the source's time budget ends (ms since the epoch, on `now()`'s clock): no attempt starts and no
   * retry waits past it, and each attempt's timeout is cut to what is left (docs/pull.md, "Budgets").
   */
  deadline?: number;
}

export interface RequestSpec {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  /** The request body, already serialised (sendJson sends JSON text). */
  body?: string;
  /** The most response-body bytes read: the source's `maxBytes` in src/core/sources.ts. */
  maxBytes: number;
  /** 'manual' for webhooks: a 3xx is then a failure (not retried), never followed. Default 'follow'. */
  redirect?: 'follow' | 'manual';
  /** A wait a 429's body asks for (Discord's `retry_after`), used when no Retry-After header came. */
  delayFromBody?: (text: string) => number | null;
  /**
   * The service's own words for an error answer (Telegram's `description`: "bot was kicked from the
   * channel chat"), read from its body (within the cap) and added to the status line; null when it has none.
   */
  describeError?: (text: string) => string | null;
  /**
   * false for outlet POSTs: an attempt that may have been delivered (a 5xx, no answer in time, the
   * connection lost after sending, a 2xx whose body did not arrive) is not repeated here; it throws an
   * HttpError with `uncertain` set, and the alert ledger decides: an uncertain send is resent at most
   * SEND_RULES.maxAttempts.uncertain − 1 times (src/jobs/broadcast/send-rules.ts, broadcast.ts). Default true.
   */
  retryUncertain?: boolean;
  /** Credentials the URL carries in its path (a webhook's token): removed from every error, like the Authorization header's. */
  credentials?: readonly string[];
}

/** A 2xx answer, its body read whole (within the cap) as UTF-8 text. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
}

export interface JsonResponse {
  body: unknown;
  headers: Headers;
}

export class HttpError extends Error {
  readonly status: number | null;
  /** The request may have reached the server and been acted on (set only when `retryUncertain` is false). */
  readonly uncertain: boolean;
  constructor(message: string, status: number | null = null, uncertain = false) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.uncertain = uncertain;
  }
}

/** Network errors raised before a byte of the request was sent: repeating such an attempt is always safe. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL']);

const RETRYABLE = (status: number): boolean => status === 408 || status === 429 || status >= 500;

/** GitHub answers an exhausted rate limit with 403 and x-ratelimit-remaining: 0; treat it like 429. */
function isRateLimited(res: Response): boolean {
  return res.status === 429 || (res.status === 403 && res.headers.get('x-ratelimit-remaining') === '0');
}

/** Milliseconds the server asked us to wait: Retry-After (seconds or HTTP date), else a rate-limit reset epoch. */
export function requestedDelayMs(headers: Headers, now: Date): number | null {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now.getTime());
  }
  const reset = headers.get('x-rate-limit-reset') ?? headers.get('x-ratelimit-reset');
  if (reset && /^\d+$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now.getTime());
  return null;
}

/** `4000000` → `4 MB`, `1500000` → `1.5 MB`, `900` → `900 bytes`: sizes as error messages show them. */
export function formatBytes(n: number): string {
  if (n < 1_000_000) return `${n} bytes`;
  return `${Number((n / 1_000_000).toFixed(1))} MB`;
}

function describeNetworkError(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'no answer within the timeout';
  const cause = err.cause?.message ?? err.cause?.code;
  return cleanText(`${err.message ?? String(e)}${cause ? ` (${cause})` : ''}`, 'error');
}

/** A body over the cap: not retried (the source would send it again), the rest never read. */
class TooLarge extends HttpError {}

/**
 * Reads a response body up to `maxBytes` through the one capped reader (core/capped-body.ts): never more
 * than the cap plus one network chunk; the stream is cancelled, which closes the connection, the moment
 * the count passes it, or before reading when the declared Content-Length is over the cap.
 */
async function readCapped(res: Response, maxBytes: number): Promise<string> {
  const body = await readCappedBody(res, maxBytes);
  if (!('tooLarge' in body)) return new TextDecoder().decode(body.bytes);
  if (body.tooLarge === 'streamed') throw new TooLarge(`response exceeds ${formatBytes(maxBytes)}, cut off`, res.status);
  await res.body?.cancel();
  throw new TooLarge(`response exceeds ${formatBytes(maxBytes)} (Content-Length: ${formatBytes(body.declared)}), not read`, res.status);
}

/**
 * The host of a Location as the server wrote it: URL lower-cases a host, and a credential echoed into
 * it must still be recognised (and removed) when the error is cleaned.
 */
function hostAsSent(location: string, parsed: URL): string {
  const written = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]+)/i.exec(location.trim())?.[1];
  return written !== undefined && written.toLowerCase() === parsed.host ? written : parsed.host;
}

/** Redirects followed within one origin before a source counts as broken. */
const MAX_SAME_HOST_REDIRECTS = 5;

/**
 * fetch, following a redirect only within the origin asked (same scheme, host and port): a source that
 * sends us to another host is refused, so its answer can never come from a host we did not choose
 * (docs/pull.md, "Hosts"). `redirect: 'manual'` callers (the outlets) get the 3xx as it is.
 */
async function fetchSameHost(deps: HttpDeps, url: string, init: RequestInit, spec: RequestSpec): Promise<Response> {
  if (spec.redirect === 'manual') return deps.fetch(url, { ...init, redirect: 'manual' });
  let at = url;
  for (let hop = 0; ; hop++) {
    const res = await deps.fetch(at, { ...init, redirect: 'manual' });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel().catch(() => undefined);
    const next = URL.canParse(location, at) ? new URL(location, at) : null;
    if (next === null || next.origin !== new URL(url).origin)
      throw new HttpError(
        `HTTP ${res.status}: redirected to another host (${next ? cleanText(hostAsSent(location, next), 'name') : 'an unreadable address'}), refused`,
        res.status,
      );
    if (hop >= MAX_SAME_HOST_REDIRECTS) throw new HttpError(`more than ${MAX_SAME_HOST_REDIRECTS} redirects`, res.status);
    at = next.href;
  }
}

/** Milliseconds left of the budget, or Infinity without one. */
const leftMs = (deps: HttpDeps): number => (deps.deadline === undefined ? Infinity : deps.deadline - deps.now().getTime());

async function attempt(
  deps: HttpDeps,
  url: string,
  spec: RequestSpec,
): Promise<Response | { networkError: string; retryable: boolean; notSent: boolean }> {
  try {
    return await fetchSameHost(
      deps,
      url,
      {
        method: spec.method ?? 'GET',
        headers: { 'User-Agent': deps.userAgent, Accept: 'application/json', ...spec.headers },
        ...(spec.body === undefined ? {} : { body: spec.body }),
        signal: AbortSignal.timeout(Math.max(1, Math.min(deps.timeoutMs, leftMs(deps)))),
      },
      spec,
    );
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const message = describeNetworkError(e);
    const code = (e as { cause?: { code?: unknown } }).cause?.code;
    // A host that never answers is not retried: that keeps a pull within its time budget.
    return {
      networkError: message,
      retryable: message !== 'no answer within the timeout',
      notSent: typeof code === 'string' && NOT_SENT_CODES.has(code),
    };
  }
}

/**
 * Sends one request under the retry, timeout and size policy and returns the first 2xx answer; throws
 * HttpError with a one-line reason when there is none. A POST is retried like a GET (on 408/429/5xx and
 * network errors) unless `retryUncertain` is false, as the outlets send it: then only what surely did
 * not arrive (408, 429, a connection never made) is retried.
 */
export async function request(deps: HttpDeps, url: string, spec: RequestSpec): Promise<HttpAnswer> {
  try {
    return await requestOnce(deps, url, spec);
  } catch (e) {
    throw withoutCredentials(e, url, spec);
  }
}

/** The one redactor set to the request's credentials: its own (header token, URL credentials) and the caller's `credentials`. */
const credentialsRemover = (url: string, spec: Pick<RequestSpec, 'headers' | 'credentials'>) =>
  createRedactor([...requestCredentials(url, spec.headers), ...(spec.credentials ?? [])]);

/** The error with the request's credentials removed from its message. */
function withoutCredentials(e: unknown, url: string, spec: Pick<RequestSpec, 'headers' | 'credentials'>): Error {
  const redact = credentialsRemover(url, spec);
  if (e instanceof HttpError) return new HttpError(redact(e.message), e.status, e.uncertain);
  return new Error(redact((e as Error).message ?? String(e)));
}

async function requestOnce(deps: HttpDeps, url: string, spec: RequestSpec): Promise<HttpAnswer> {
  let last = '';
  for (let i = 0; i <= deps.retries; i++) {
    if (leftMs(deps) <= 0) throw new HttpError(`${last ? `${last}; ` : ''}the source's time budget is spent`);
    const res = await attempt(deps, url, spec);
    let waitMs = deps.backoffMs * 2 ** i;
    const once = spec.retryUncertain === false;
    if (!(res instanceof Response)) {
      last = res.networkError;
      if (once && !res.notSent) throw new HttpError(last, null, true);
      if (!res.retryable) throw new HttpError(last);
    } else if (res.ok) {
      try {
        // An answer that echoes the request's own credential (a token quoted back in a post or an issue) loses it here, where it enters.
        return { status: res.status, headers: res.headers, text: credentialsRemover(url, spec)(await readCapped(res, spec.maxBytes)) };
      } catch (e) {
        if (e instanceof TooLarge) throw once ? new HttpError(e.message, e.status, true) : e;
        last = `response body cut off: ${describeNetworkError(e)}`;
        if (once) throw new HttpError(`HTTP ${res.status}, then ${last}`, res.status, true);
      }
    } else {
      const headerDelay = requestedDelayMs(res.headers, deps.now());
      const wantsBody =
        spec.describeError !== undefined || (res.status === 429 && headerDelay === null && spec.delayFromBody !== undefined);
      // The request's own credentials leave the answer before any cut: a cut could keep a piece of one that no redactor finds.
      const remove = credentialsRemover(url, spec);
      const errorBody = wantsBody ? remove(await readCapped(res, spec.maxBytes).catch(() => '')) : '';
      const fromBody = res.status === 429 && headerDelay === null && spec.delayFromBody ? spec.delayFromBody(errorBody) : null;
      const detail = cleanText(spec.describeError?.(errorBody) ?? '', 'error');
      await res.body?.cancel().catch(() => undefined);
      const reason = cleanText(remove(res.statusText), 'name');
      last = `HTTP ${res.status}${reason ? ` ${reason}` : ''}${detail ? `: ${detail}` : ''}`;
      const limited = isRateLimited(res);
      if (!limited && !RETRYABLE(res.status)) throw new HttpError(last, res.status);
      // A 5xx may come after the server acted on the request; 408 and 429 say it was not processed.
      if (once && res.status >= 500) throw new HttpError(last, res.status, true);
      const asked = headerDelay ?? fromBody;
      if (asked !== null) {
        if (asked > deps.maxRetryAfterMs)
          throw new HttpError(`${last}: server asked to retry after ${Math.ceil(asked / 1000)} s, longer than the pull waits`, res.status);
        waitMs = asked;
      }
    }
    if (i < deps.retries) {
      // A retry that could not finish inside the budget is not started: the source fails now, cleanly.
      if (waitMs >= leftMs(deps)) throw new HttpError(`${last}; no retry: the source's time budget is spent`);
      await deps.sleep(waitMs);
    }
  }
  throw new HttpError(`${last} (after ${deps.retries + 1} attempts)`);
}

function parseJson(answer: HttpAnswer): unknown {
  try {
    return JSON.parse(answer.text) as unknown;
  } catch (e) {
    // Only where it broke: JSON.parse's message quotes the start of the text, which may be an echoed credential cut short.
    const at = /at position (\d+)/.exec((e as Error).message)?.[1];
    throw new HttpError(
      `malformed JSON (${answer.text.length} bytes)${at === undefined ? '' : `: broken at position ${at}`}`,
      answer.status,
    );
  }
}

/** GETs `url` and parses its JSON body (at most `maxBytes`); throws HttpError with a one-line reason when it cannot. */
export async function getJson(
  deps: HttpDeps,
  url: string,
  spec: { headers?: Record<string, string>; maxBytes: number } & Pick<RequestSpec, 'describeError'>,
): Promise<JsonResponse> {
  const answer = await request(deps, url, { ...spec, method: 'GET' });
  try {
    return { body: parseJson(answer), headers: answer.headers };
  } catch (e) {
    // JSON.parse quotes the text it could not read: the answer's words, cleaned like any other.
    throw withoutCredentials(e, url, spec);
  }
}

/**
 * A call that changes an API's resource (POST, PUT or DELETE, with `value` as its JSON body when given),
 * its answer parsed like getJson's. Sent once (`retryUncertain: false`): a call that may have acted is
 * not repeated here; the caller reads the resource again to know.
 */
export async function callJson(
  deps: HttpDeps,
  url: string,
  method: 'POST' | 'PUT' | 'DELETE',
  value: unknown,
  spec: { headers?: Record<string, string>; maxBytes: number } & Pick<RequestSpec, 'describeError'>,
): Promise<JsonResponse> {
  const body = value === undefined ? {} : { body: JSON.stringify(value) };
  const headers = value === undefined ? spec.headers : { 'Content-Type': 'application/json', ...spec.headers };
  const answer = await request(deps, url, { ...spec, ...body, ...(headers ? { headers } : {}), method, retryUncertain: false });
  try {
    return { body: answer.text.trim() === '' ? null : parseJson(answer), headers: answer.headers };
  } catch (e) {
    throw withoutCredentials(e, url, spec);
  }
}

/**
 * POSTs `value` as JSON (a webhook, a notification service) and returns the answer; its body, if any, is
 * capped like every other and left as text, since outlets answer with JSON, plain text or nothing.
 */
export async function sendJson(
  deps: HttpDeps,
  url: string,
  value: unknown,
  spec: { headers?: Record<string, string>; maxBytes: number } & Pick<
    RequestSpec,
    'redirect' | 'delayFromBody' | 'describeError' | 'retryUncertain' | 'credentials'
  >,
): Promise<HttpAnswer> {
  return request(deps, url, {
    ...spec,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...spec.headers },
    body: JSON.stringify(value),
  });
}
