/**
 * The shared HTTP helper of every puller: a timeout per attempt, retries with exponential backoff on
 * 408/429/5xx and network errors (honouring Retry-After and the rate-limit reset headers), a
 * User-Agent naming the project. fetch, sleep and the clock are injected, so tests need no mocks.
 */
export interface HttpDeps {
  fetch: typeof globalThis.fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  userAgent: string;
  timeoutMs: number;
  retries: number;
  backoffMs: number;
  maxRetryAfterMs: number;
}

export interface JsonResponse {
  body: unknown;
  headers: Headers;
}

export class HttpError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
  }
}

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

function describeNetworkError(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'no answer within the timeout';
  const cause = err.cause?.message ?? err.cause?.code;
  return `${err.message ?? String(e)}${cause ? ` (${cause})` : ''}`;
}

async function attempt(deps: HttpDeps, url: string, headers: Record<string, string>): Promise<Response | { networkError: string; retryable: boolean }> {
  try {
    const res = await deps.fetch(url, {
      headers: { 'User-Agent': deps.userAgent, Accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(deps.timeoutMs),
      redirect: 'follow',
    });
    return res;
  } catch (e) {
    const message = describeNetworkError(e);
    // A host that never answers is not retried: that keeps a pull within its time budget.
    return { networkError: message, retryable: message !== 'no answer within the timeout' };
  }
}

/** GETs `url` and parses its JSON body; throws HttpError with a one-line reason when it cannot. */
export async function getJson(deps: HttpDeps, url: string, headers: Record<string, string> = {}): Promise<JsonResponse> {
  let last = '';
  for (let i = 0; i <= deps.retries; i++) {
    const res = await attempt(deps, url, headers);
    let waitMs = deps.backoffMs * 2 ** i;
    if (!(res instanceof Response)) {
      last = res.networkError;
      if (!res.retryable) throw new HttpError(last);
    } else if (res.ok) {
      let text: string;
      try {
        text = await res.text();
      } catch (e) {
        last = `response body cut off: ${describeNetworkError(e)}`;
        if (i < deps.retries) await deps.sleep(waitMs);
        continue;
      }
      try {
        return { body: JSON.parse(text) as unknown, headers: res.headers };
      } catch (e) {
        throw new HttpError(`malformed JSON (${text.length} bytes): ${(e as Error).message}`, res.status);
      }
    } else {
      await res.body?.cancel();
      last = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
      const limited = isRateLimited(res);
      if (!limited && !RETRYABLE(res.status)) throw new HttpError(last, res.status);
      const asked = requestedDelayMs(res.headers, deps.now());
      if (asked !== null) {
        if (asked > deps.maxRetryAfterMs) throw new HttpError(`${last}: server asked to retry after ${Math.ceil(asked / 1000)} s, longer than the pull waits`, res.status);
        waitMs = asked;
      }
    }
    if (i < deps.retries) await deps.sleep(waitMs);
  }
  throw new HttpError(`${last} (after ${deps.retries + 1} attempts)`);
}

// --- POST with a JSON body (the alert outlets: docs/alerts.md) -------------------------------------------
// Same policy as getJson: a timeout per attempt, retries with backoff on 408/429/5xx and network errors,
// Retry-After honoured up to maxRetryAfterMs, a host that never answers not retried. Two differences for
// webhooks: a redirect is never followed (a webhook URL that moved is a misconfiguration, and following
// it could post the message somewhere else), and only the first `maxBytes` of an answer are read.

export interface PostOptions {
  headers?: Record<string, string>;
  /** A wait the answer's body asks for (Discord's `retry_after`), used when no Retry-After header came. */
  delayFromBody?: (text: string) => number | null;
  /** Most bytes of an answer read (outlets answer in a few hundred). */
  maxBytes?: number;
}

export interface PostResult {
  status: number;
  text: string;
  headers: Headers;
}

/** Reads at most `maxBytes` of a body, then stops the download. */
async function readBounded(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
    if (size >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}

/** One line of an answer's body for an error message: whitespace folded, at most 120 characters. */
const excerpt = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
};

/** POSTs `body` as JSON; resolves with the first 2xx answer, throws HttpError with a one-line reason otherwise. */
export async function postJson(deps: HttpDeps, url: string, body: unknown, opts: PostOptions = {}): Promise<PostResult> {
  const maxBytes = opts.maxBytes ?? 65_536;
  let last = '';
  for (let i = 0; i <= deps.retries; i++) {
    let waitMs = deps.backoffMs * 2 ** i;
    let res: Response;
    try {
      res = await deps.fetch(url, {
        method: 'POST',
        headers: { 'User-Agent': deps.userAgent, 'Content-Type': 'application/json', Accept: 'application/json', ...opts.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(deps.timeoutMs),
        redirect: 'manual',
      });
    } catch (e) {
      last = describeNetworkError(e);
      if (last === 'no answer within the timeout') throw new HttpError(last);
      if (i < deps.retries) await deps.sleep(waitMs);
      continue;
    }
    let text: string;
    try {
      text = await readBounded(res, maxBytes);
    } catch (e) {
      text = '';
      if (res.ok) {
        last = `answer cut off: ${describeNetworkError(e)}`;
        if (i < deps.retries) await deps.sleep(waitMs);
        continue;
      }
    }
    if (res.ok) return { status: res.status, text, headers: res.headers };
    const status = `HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
    if (res.status >= 300 && res.status < 400) throw new HttpError(`${status}: redirected; a webhook URL that redirects is not followed (update the URL)`, res.status);
    last = text.trim() ? `${status}: ${excerpt(text)}` : status;
    if (!RETRYABLE(res.status)) throw new HttpError(last, res.status);
    const asked = requestedDelayMs(res.headers, deps.now()) ?? opts.delayFromBody?.(text) ?? null;
    if (asked !== null) {
      if (asked > deps.maxRetryAfterMs) throw new HttpError(`${last}: asked to retry after ${Math.ceil(asked / 1000)} s, longer than the pull waits`, res.status);
      waitMs = asked;
    }
    if (i < deps.retries) await deps.sleep(waitMs);
  }
  throw new HttpError(`${last} (after ${deps.retries + 1} attempts)`);
}
