/**
 * When a promised reset is expected: the UTC window of a promise, from explicit times or from the time
 * words of the post (read by phrases.ts). The rule is WINDOW_RULE; docs/promise-windows.md is
 * the full table with worked examples.
 */
import { TZDate, tzOffset } from '@date-fns/tz';
import { DAYS, PARTS, readPhrase, type Meaning, type Zone } from './phrases.ts';
import { isValidTimestamp, toTimestamp } from '../time.ts';

export { findTimePhrase } from './phrases.ts';

/** A promise that names no time is expected within this many hours of its post. */
export const DEFAULT_WINDOW_HOURS = 72;
/** Time words with no zone are read in San Francisco, where OpenAI is. */
export const DEFAULT_ZONE: Zone = 'America/Los_Angeles';
/** A clock time's window: from this many hours before it… */
export const HOURS_BEFORE_CLOCK = 1;
/** …to this many after it (resets run late more often than early). */
export const HOURS_AFTER_CLOCK = 3;
/** A named span (a day, a morning, a week) still ahead at the post must last at least this long after it. */
export const MIN_HOURS_LEFT = 1;

export const WINDOW_RULE =
  `Time words are read on the clocks of the zone they name, else of Pacific time (America/Los_Angeles, OpenAI's home), daylight saving included: ` +
  `a clock time gives from ${HOURS_BEFORE_CLOCK} hour before to ${HOURS_AFTER_CLOCK} hours after its next ` +
  `occurrence, a delay ("in 3 hours") is such a time counted in elapsed hours, ` +
  `and a day, part of a day or week gives that span to its last second (from the post for "by …", and from ` +
  `the post to the end of the next one when under ${MIN_HOURS_LEFT} hour of it is left). ` +
  `A promise that names no time is expected within ${DEFAULT_WINDOW_HOURS} hours of its post, and no window starts before its post.`;

export interface PromiseWindow {
  start: string;
  end: string;
  by: string | null;
}

/** A bad --by, --window-start or --window-end: the message is one line that names the flag. */
export class PromiseWindowError extends Error {
  override name = 'PromiseWindowError';
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TRY = '(try "by EOD", "10am PT", "tomorrow", "in a few hours")';

/** The window of a promise posted at `postedAt` that names no time. */
export function defaultWindow(postedAt: Date): PromiseWindow {
  const post = wholeSecond(postedAt);
  return { start: toTimestamp(new Date(post)), end: toTimestamp(new Date(post + DEFAULT_WINDOW_HOURS * HOUR)), by: null };
}

/** The time words as they are recorded: one line, single spaces, no quotes or trailing punctuation. */
export function normalisePhrase(by: string): string {
  return by.replace(/\s+/gu, ' ').replace(/^[^\p{L}\p{N}@~]+|[^\p{L}\p{N}]+$/gu, '');
}

/** The window of a promise whose post (at `postedAt`) gave the time words `by`; throws when none are recognised. */
export function windowFromPhrase(by: string, postedAt: Date): PromiseWindow {
  const phrase = normalisePhrase(by);
  const meaning = readPhrase(phrase);
  if (typeof meaning === 'string') {
    const hint = /^no time words|not a time word/.test(meaning) ? ` ${TRY}` : '';
    throw new PromiseWindowError(`--by ${JSON.stringify(by.trim())}: ${meaning}${hint}`);
  }
  const post = wholeSecond(postedAt);
  const [start, end] = windowOf(meaning, post);
  return { start: toTimestamp(new Date(start)), end: toTimestamp(new Date(end)), by: phrase };
}

/**
 * The window for `npm run add-promise`: --window-start / --window-end as given, the missing one from the
 * time words (--by) or else the default rule. Both given: --by is recorded as written, not read.
 */
export function resolveWindow(opts: { postedAt: Date; start?: string; end?: string; by?: string }): PromiseWindow {
  const post = toTimestamp(opts.postedAt);
  const check = (flag: string, ts: string | undefined): string | undefined => {
    if (ts === undefined) return undefined;
    if (!isValidTimestamp(ts)) throw new PromiseWindowError(`${flag} ${ts}: not a timestamp YYYY-MM-DDTHH:MM:SSZ`);
    if (ts < post) throw new PromiseWindowError(`${flag} ${ts}: before the post (${post})`);
    return ts;
  };
  const start = check('--window-start', opts.start);
  const end = check('--window-end', opts.end);
  const by = opts.by === undefined ? null : normalisePhrase(opts.by) || null;
  if (start !== undefined && end !== undefined) {
    if (end <= start) throw new PromiseWindowError(`--window-end ${end}: ends ${end < start ? 'before' : 'at'} --window-start ${start}`);
    return { start, end, by };
  }
  const implied = opts.by === undefined ? defaultWindow(opts.postedAt) : windowFromPhrase(opts.by, opts.postedAt);
  const from = implied.by === null ? 'the default window' : `the window of ${JSON.stringify(implied.by)}`;
  if (start !== undefined && implied.end <= start) {
    throw new PromiseWindowError(`--window-start ${start}: after the end of ${from} (${implied.end}); give --window-end too`);
  }
  if (end !== undefined && end <= implied.start) {
    throw new PromiseWindowError(`--window-end ${end}: ends before the start of ${from} (${implied.start}); give --window-start too`);
  }
  return { start: start ?? implied.start, end: end ?? implied.end, by: implied.by };
}

/** [start, end] in epoch milliseconds for time words meaning `m`, posted at `post` (a whole second). */
function windowOf(m: Meaning, post: number): [number, number] {
  if (m.delay?.kind === 'span') return [post, post + m.delay.hours * HOUR];
  if (m.delay) {
    const due = post + m.delay.lo * HOUR;
    return [m.deadline ? post : Math.max(post, due - HOURS_BEFORE_CLOCK * HOUR), post + m.delay.hi * HOUR + HOURS_AFTER_CLOCK * HOUR];
  }
  const zone = m.zone ?? DEFAULT_ZONE;
  const local = new TZDate(post, zone);
  const postDay = Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()); // the local calendar date, as a UTC midnight
  const days = m.days ?? DAYS.today;
  const firstDay = (k: number): number => postDay + (days.ahead(local.getDay()) + k * days.repeat) * DAY;
  if (m.clock !== undefined) {
    // The first occurrence at or after the post, on the named day or its repeats.
    for (let k = 0; ; k++) {
      const at = wallClock(zone, firstDay(k) + m.clock * MINUTE);
      if (at >= post) return [m.deadline ? post : Math.max(post, at - HOURS_BEFORE_CLOCK * HOUR), at + HOURS_AFTER_CLOCK * HOUR];
    }
  }
  // A span: the first occurrence with MIN_HOURS_LEFT still to run; a later one also covers the time until it.
  const part = m.part ?? PARTS.wholeDay;
  for (let k = 0; ; k++) {
    const start = wallClock(zone, firstDay(k) + part.from * HOUR);
    const end = wallClock(zone, firstDay(k) + (days.length - 1) * DAY + part.to * HOUR) - SECOND;
    if (end >= post + MIN_HOURS_LEFT * HOUR) return [m.deadline || k > 0 ? post : Math.max(post, start), end];
  }
}

/**
 * The instant at which `zone`'s clocks show `wall` (the wall-clock reading written as if it were UTC).
 * The offsets are @date-fns/tz's; a reading the clocks skip (spring forward) is taken with the offset
 * before the change, one they show twice (fall back) as its first occurrence: RFC 5545 §3.3.5, like
 * Temporal's "compatible". (TZDate's own choice for a repeated reading can depend on the host's zone.)
 */
export function wallClock(zone: string, wall: number): number {
  const before = tzOffset(zone, new Date(wall - DAY));
  const after = tzOffset(zone, new Date(wall + DAY));
  const fits = [wall - before * MINUTE, wall - after * MINUTE].filter((t) => tzOffset(zone, new Date(t)) * MINUTE === wall - t);
  return fits.length > 0 ? Math.min(...fits) : wall - before * MINUTE;
}

/** The post's instant as recorded (toTimestamp drops milliseconds), so no window starts before `ts`. */
function wholeSecond(postedAt: Date): number {
  const t = postedAt.getTime();
  if (Number.isNaN(t)) throw new RangeError('promise window: invalid post time');
  return t - (((t % SECOND) + SECOND) % SECOND);
}
