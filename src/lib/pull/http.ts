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
