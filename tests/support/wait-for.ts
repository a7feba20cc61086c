/**
 * Waits for a condition the test is about to assert, with a deadline: the one way a test reads something
 * that arrives asynchronously (a child's log, a server's record, a socket's state). Never a fixed sleep:
 * it returns as soon as the condition holds, however slow or fast the machine, and fails with what it
 * waited for, and what it saw last, when the deadline passes.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface WaitOptions {
  /** What the test waits for, for the failure message ("the second run's [watch] lines"). */
  describe: string;
  /** How long the condition may take before the test fails; generous, since it is only a bound on failure. */
  deadlineMs?: number;
  /** How often the condition is checked. */
  everyMs?: number;
  /** What the failure message shows of the state seen last (a log, a list of records). */
  seen?: () => unknown;
}

/**
 * Resolves to the condition's first truthy value. A condition that throws counts as not yet (a server not
 * listening yet); the last error is part of the failure message.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, o: WaitOptions): Promise<NonNullable<T>> {
  const deadline = Date.now() + (o.deadlineMs ?? 30_000);
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as NonNullable<T>;
      last = undefined;
    } catch (e) {
      last = e;
    }
    if (Date.now() >= deadline) {
      const seen = o.seen ? `\nlast seen: ${JSON.stringify(o.seen(), null, 1)}` : '';
      const error = last ? `\nlast error: ${(last as Error).message ?? String(last)}` : '';
      throw new Error(`timed out waiting for ${o.describe} (${o.deadlineMs ?? 30_000} ms)${error}${seen}`);
    }
    await sleep(o.everyMs ?? 20);
  }
}
