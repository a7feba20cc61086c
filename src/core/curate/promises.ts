/**
 * `npm run add-promise`: an official post promising a coming reset, with the UTC window it is expected
 * in (explicit, or from the post's time words by the rule in src/core/promises/window.ts). A reset
 * already recorded inside the window fulfils it at once.
 */
import { linkPromises } from '../promises/index.ts';
import { type PromiseWindow, PromiseWindowError, resolveWindow } from '../promises/window.ts';
import type { Announcement } from '../schema/index.ts';
import { compareByTs } from '../facts/timeline.ts';
import { toTimestamp } from '../time.ts';
import { z } from 'zod';
import { CurationError, parseFlag, scopeFlag, textFlag } from './errors.ts';
import { postRef, postTime, timeInId } from './post-ref.ts';
import type { Curated, Outcome } from './state.ts';
import { DAY_MS } from '../time-units.ts';

export interface PromiseArgs {
  url: string;
  summary: string;
  windowStart?: string;
  windowEnd?: string;
  /** The post's time words, e.g. "by EOD" or "10am PT". */
  by?: string;
  /** GitHub posts only: when it was posted. */
  at?: string;
  /** GitHub posts only: the posting account. */
  source?: string;
  /** The plans the post promised the reset for, when it named them. */
  scope?: string;
  /** `banked` when the post promised a banked reset (default: a reset). */
  kind?: string;
}

/** A promise's window ends at most this long after its post: "later this week" at the outside; a later end is a typo. */
export const PROMISE_HORIZON_DAYS = 14;
const PROMISE_KIND = z.enum(['reset', 'banked']);

export function recordPromise(state: Curated, args: PromiseArgs, now: Date): Outcome {
  const ref = postRef(args.url, args.at);
  const postedAt = postTime(ref, now);
  const dup = state.announcements.announcements.find((a) => a.url === ref.url || (timeInId(ref.platform) && a.id === ref.id));
  if (dup) throw new CurationError(`promise ${ref.url} is already recorded (posted ${dup.ts})`);
  const summary = textFlag(args.summary, 'summary', 'summary');
  const source = ref.account ?? (args.source === undefined ? undefined : textFlag(args.source, 'name', 'source'));
  if (!source) throw new CurationError(`--source is required for ${ref.url}: the account that posted it`);
  let window: PromiseWindow;
  try {
    window = resolveWindow({
      postedAt,
      ...(args.windowStart ? { start: args.windowStart } : {}),
      ...(args.windowEnd ? { end: args.windowEnd } : {}),
      ...(args.by ? { by: textFlag(args.by, 'timeWords', 'by') } : {}),
    });
  } catch (e) {
    if (e instanceof PromiseWindowError) throw new CurationError(e.message);
    throw e;
  }
  const horizon = postedAt.getTime() + PROMISE_HORIZON_DAYS * DAY_MS;
  if (Date.parse(window.end) > horizon)
    throw new CurationError(
      `--window-end ${window.end}: more than ${PROMISE_HORIZON_DAYS} days after the post (${toTimestamp(postedAt)}); ` +
        `a promise's window ends within ${PROMISE_HORIZON_DAYS} days`,
    );
  const promise: Announcement = {
    id: timeInId(ref.platform) ? ref.id : null,
    ts: toTimestamp(postedAt),
    source,
    url: ref.url,
    summary,
    by: window.by,
    window_start: window.start,
    window_end: window.end,
    fulfilled_by: null,
    ...(args.scope === undefined ? {} : { scope: scopeFlag(args.scope) }),
    ...(args.kind === undefined ? {} : { kind: parseFlag(PROMISE_KIND, args.kind, 'kind') }),
  };
  const linked = linkPromises([...state.announcements.announcements, promise].sort(compareByTs), state.events.events);
  const lines = [
    `added promise ${ref.url}: posted ${promise.ts}, window ${window.start} → ${window.end}${window.by ? ` ("${window.by}")` : ''}`,
  ];
  for (const a of linked.linked) lines.push(`promise ${a.url} fulfilled by ${a.fulfilled_by}`);
  return { state: { ...state, announcements: { announcements: linked.announcements } }, lines };
}
