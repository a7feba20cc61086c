/**
 * Admission control for the local runtime's /mcp: at most `concurrency` handler runs at once, at most
 * `queue` requests waiting for one, first come first served; beyond that a request is shed at once (the
 * caller answers 503 + Retry-After) instead of piling up memory. No clock and no I/O: a waiter leaves the
 * queue when its AbortSignal fires (client gone, or the caller's wait limit).
 */
export type Release = () => void;

export interface Limiter {
  /** A slot (resolves with its release) or, when the queue is full, null at once. Rejects if `signal` aborts while waiting. */
  acquire(signal?: AbortSignal): Promise<Release> | null;
  readonly running: number;
  readonly waiting: number;
  /** Every slot taken and the queue full: the next `acquire` would be shed. */
  readonly saturated: boolean;
}

export function createLimiter({ concurrency, queue }: { concurrency: number; queue: number }): Limiter {
  if (!(concurrency >= 1) || !(queue >= 0))
    throw new RangeError(`concurrency must be at least 1 and queue at least 0, got ${concurrency} and ${queue}`);
  let running = 0;
  const waiters: { grant: (r: Release) => void }[] = [];

  const release = (): Release => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = waiters.shift();
      if (next) next.grant(release());
      else running--;
    };
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (running < concurrency) {
        running++;
        return Promise.resolve(release());
      }
      if (waiters.length >= queue) return null;
      return new Promise<Release>((resolve, reject) => {
        const onAbort = (): void => {
          const i = waiters.indexOf(waiter);
          if (i >= 0) waiters.splice(i, 1);
          reject(signal?.reason);
        };
        const waiter = {
          grant: (r: Release) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(r);
          },
        };
        waiters.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
    get saturated() {
      return running >= concurrency && waiters.length >= queue;
    },
  };
}

/** A budget of bytes held at once (request bodies): `take` refuses what would go over, `give` returns. */
export interface ByteBudget {
  take(n: number): boolean;
  give(n: number): void;
  readonly held: number;
}

export function createByteBudget(max: number): ByteBudget {
  let held = 0;
  return {
    take(n) {
      if (held + n > max) return false;
      held += n;
      return true;
    },
    give(n) {
      held = Math.max(0, held - n);
    },
    get held() {
      return held;
    },
  };
}
