/**
 * The HTTP dependencies of a real run, written once: the real fetch and timers, the request budget
 * every source shares (HTTP_DEFAULTS) and the project's User-Agent. The commands (scripts/lib/http.ts),
 * the watcher's Netlify function and the benchmarks give only what differs for them: their clock, the
 * per-request timeout, a deadline. The tests build their own (a recorded sleep, a frozen clock).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { HTTP_DEFAULTS, USER_AGENT } from '../core/sources.ts';
import type { HttpDeps } from './http.ts';

/** What a caller may set; the rest is the same for every real run. */
export type LiveHttpOptions = Partial<Pick<HttpDeps, 'now' | 'timeoutMs' | 'deadline'>>;

export function liveHttp(options: LiveHttpOptions = {}): HttpDeps {
  return {
    ...HTTP_DEFAULTS,
    fetch: globalThis.fetch,
    sleep: (ms) => sleep(ms),
    now: () => new Date(),
    userAgent: USER_AGENT,
    ...options,
  };
}
