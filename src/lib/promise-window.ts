/**
 * When a promised reset is expected: the UTC window of a promise, from explicit times or from the
 * time words of the post. (Stub: only the default rule; the phrase parser follows.)
 */
import { toTimestamp } from './time.ts';

/** A promise that names no time is expected within this many hours of its post. */
export const DEFAULT_WINDOW_HOURS = 72;

export const WINDOW_RULE =
  `A promise that names no time is expected within ${DEFAULT_WINDOW_HOURS} hours of its post.`;

export interface PromiseWindow {
  start: string;
  end: string;
  by: string | null;
}

/** The window of a promise posted at `postedAt` that names no time. */
export function defaultWindow(postedAt: Date): PromiseWindow {
  return { start: toTimestamp(postedAt), end: toTimestamp(new Date(postedAt.getTime() + DEFAULT_WINDOW_HOURS * 3_600_000)), by: null };
}

export class PromiseWindowError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PromiseWindowError';
  }
}

/** (Stub until the phrase parser lands: explicit times or the default rule.) */
export function resolveWindow(opts: { postedAt: Date; start?: string; end?: string; by?: string }): PromiseWindow {
  const d = defaultWindow(opts.postedAt);
  const w = { start: opts.start ?? d.start, end: opts.end ?? d.end, by: opts.by ?? null };
  if (w.end <= w.start) throw new PromiseWindowError(`--window-end ${w.end}: ends before --window-start ${w.start}`);
  return w;
}
