/**
 * Waits for a server a child process starts: until `url` answers 2xx, failing at once when the process
 * exits first and after `ms` otherwise, each failure quoting what the process printed. The one wait of
 * the local runtimes started here (netlify-serve.ts, the soak's targets).
 */
import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export interface UntilAnswersOptions {
  /** The server's name in the messages (`netlify serve`, `server`). */
  what: string;
  /** Everything the process printed so far. */
  output: () => string;
  ms: number;
}

/** Thrown when the process ended before the server answered; `output` is what it printed. */
export class ExitedEarly extends Error {
  readonly output: string;
  constructor(message: string, output: string) {
    super(message);
    this.output = output;
  }
}

const hasExited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

/** True when `url` answers 2xx now; a server not listening yet (or too slow to answer) is false. */
async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

export async function untilAnswers(child: ChildProcess, url: string, o: UntilAnswersOptions): Promise<void> {
  const deadline = Date.now() + o.ms;
  for (;;) {
    if (hasExited(child))
      throw new ExitedEarly(`${o.what} exited with ${child.exitCode ?? child.signalCode} before answering:\n${o.output()}`, o.output());
    if (await answers(url)) return;
    if (Date.now() > deadline) throw new Error(`${o.what} did not answer ${url} within ${o.ms} ms:\n${o.output()}`);
    await sleep(250);
  }
}
