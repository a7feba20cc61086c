/**
 * How the soak counts what happened to each request: answered (200, or shed with 429/503 and Retry-After,
 * which is an answer), or one kind of failure. Connection refused and reset are what the issue saw.
 */
export type Kind = 'ok' | 'shed' | 'refused' | 'reset' | 'timeout' | '5xx' | '4xx' | 'wrong answer' | 'other';

export const FAILURE_KINDS: readonly Kind[] = ['refused', 'reset', 'timeout', '5xx', '4xx', 'wrong answer', 'other'];

/** The kind of an HTTP answer: 429/503 count as shed only with a Retry-After (otherwise a plain error). */
export function kindOfStatus(status: number, retryAfter: string | null): Kind {
  if (status >= 200 && status < 300) return 'ok';
  if ((status === 429 || status === 503) && retryAfter !== null) return 'shed';
  return status >= 500 ? '5xx' : status >= 400 ? '4xx' : 'other';
}

/** The kind of a failed fetch, from undici's error codes (on the error or its cause). */
export function kindOfError(e: unknown): Kind {
  const err = e as { name?: string; code?: string; cause?: { code?: string; name?: string } };
  const code = err.cause?.code ?? err.code ?? '';
  const name = err.cause?.name ?? err.name ?? '';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return 'reset';
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    name === 'TimeoutError'
  )
    return 'timeout';
  return 'other';
}

export class Tally {
  readonly counts = new Map<Kind, number>();
  readonly latenciesMs: number[] = [];
  readonly examples = new Map<Kind, string>();

  add(kind: Kind, latencyMs?: number, example?: string): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    if (latencyMs !== undefined) this.latenciesMs.push(latencyMs);
    if (example !== undefined && !this.examples.has(kind)) this.examples.set(kind, example.slice(0, 200));
  }

  get total(): number {
    let n = 0;
    for (const v of this.counts.values()) n += v;
    return n;
  }

  count(kind: Kind): number {
    return this.counts.get(kind) ?? 0;
  }

  get failures(): number {
    return FAILURE_KINDS.reduce((n, k) => n + this.count(k), 0);
  }
}
