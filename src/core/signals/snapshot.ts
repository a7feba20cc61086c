/**
 * The signal snapshot stored at run time (docs/pull.md, "The signal snapshot at run time"): the pull hands
 * the `data/signals.json` it just committed to `POST /signals`, which keeps it in a site-wide Netlify Blobs
 * store, so the serving functions can show a newer check than the deploy's own without a build.
 *
 * The text arrives from outside, so it is judged here whole before anything keeps it (`parseSignalSnapshot`):
 * a size cap, JSON, the `SignalsFile` schema, every string (keys too) free of forbidden characters and of
 * any secret piece, and every check time plausible for the clock. A bad snapshot is refused, never
 * rewritten: the pull's own file is the fact, and a refusal tells its sender what to fix.
 * Pure: the instant and the secret pieces are arguments.
 */
import { SignalsFile } from '../schema/storage.ts';
import { cleanText, measure, textProblem } from '../sanitize.ts';
import { beyondSkew, CLOCK_SKEW_MS, toTimestamp } from '../time.ts';
import { DAY_MS, MINUTE_MS } from '../time-units.ts';

/** The site-wide Netlify Blobs store of the snapshot, and its one key there. */
export const SIGNALS_STORE = 'resetcast-signals';
export const SIGNALS_KEY = 'latest';

/** A stored snapshot and the name of its stored version: states computed under it are kept by that name. */
export interface Snapshot {
  signals: SignalsFile;
  key: string;
}

/** A snapshot is about 1 KiB, a few KiB with many incidents; 64 KiB is room for growth, and more is refused unread. */
export const SNAPSHOT_MAX_BYTES = 64 * 1024;
/** A handover is of the check the pull just made, every 30 minutes: a snapshot attempted longer ago than this is not one. */
export const SNAPSHOT_MAX_AGE_MS = 30 * DAY_MS;
/** A source's last success may be old (a source down for months), but not older than this before the attempt. */
export const CHECK_MAX_AGE_MS = 5 * 365 * DAY_MS;
/** How much of an offending field's path a refusal shows (cleaned): enough to find it, never the input at length. */
const EXCERPT_CHARS = 80;

export type SnapshotParse = { ok: true; signals: SignalsFile } | { ok: false; why: string };

const refuse = (why: string): { ok: false; why: string } => ({ ok: false, why });

/** A path of the input's own keys, as a refusal may show it: cleaned and capped. */
const excerpt = (path: string): string => cleanText(path, EXCERPT_CHARS) || '(the top level)';

/** Every string of a JSON value, keys included, with its path (`sources[1].name`; a key as `status.x (a key)`). */
function* stringsOf(value: unknown, path = ''): Generator<{ text: string; at: string }> {
  if (typeof value === 'string') yield { text: value, at: path };
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsOf(v, `${path}[${i}]`);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      yield { text: k, at: `${path || '(the top level)'} (a key)` };
      yield* stringsOf(v, path ? `${path}.${k}` : k);
    }
}

/**
 * The first string holding a secret piece, then the first holding a forbidden character (sanitize.ts's
 * rules, uncapped: the schema holds the caps). The secret first: a path shown must never hold one.
 */
function stringProblem(json: unknown, secrets: readonly string[]): string | null {
  const pieces = secrets.filter((s) => s !== '');
  for (const { text, at } of stringsOf(json))
    if (pieces.some((p) => text.includes(p))) return `${excerpt(at)} holds a secret; nothing kept`;
  for (const { text, at } of stringsOf(json)) {
    const problem = textProblem(text, Number.POSITIVE_INFINITY);
    if (problem) return `${excerpt(at)} ${problem}`;
  }
  return null;
}

/** Every check time of a snapshot, by field. */
function checkTimes(s: SignalsFile): { field: string; ts: string }[] {
  const times = [
    { field: 'status.checked_at', ts: s.status.checked_at },
    { field: 'issues.checked_at', ts: s.issues.checked_at },
    ...s.sources.flatMap((c, i) => [
      { field: `sources[${i}].checked_at`, ts: c.checked_at },
      { field: `sources[${i}].last_ok_at`, ts: c.last_ok_at ?? null },
    ]),
  ];
  return times.filter((t): t is { field: string; ts: string } => t.ts !== null);
}

/** Why the snapshot's times cannot be true at `now`, or null: from the future, too old, or a check after its attempt. */
function timeProblem(s: SignalsFile, now: Date): string | null {
  const clock = toTimestamp(now);
  const future = (field: string, ts: string): string =>
    `${field} ${ts} is more than ${CLOCK_SKEW_MS / MINUTE_MS} minutes after the clock (${clock})`;
  if (beyondSkew(s.fetched_at, now)) return future('fetched_at', s.fetched_at);
  const attempt = Date.parse(s.fetched_at);
  if (attempt < now.getTime() - SNAPSHOT_MAX_AGE_MS)
    return `fetched_at ${s.fetched_at} is more than ${SNAPSHOT_MAX_AGE_MS / DAY_MS} days before the clock (${clock}): not a current check`;
  for (const { field, ts } of checkTimes(s)) {
    if (beyondSkew(ts, now)) return future(field, ts);
    // A check is stamped with its attempt's time (src/jobs/pull/assemble.ts): one after the attempt did not happen.
    if (Date.parse(ts) > attempt) return `${field} ${ts} is after fetched_at ${s.fetched_at}`;
    if (Date.parse(ts) < attempt - CHECK_MAX_AGE_MS)
      return `${field} ${ts} is more than ${CHECK_MAX_AGE_MS / DAY_MS} days before fetched_at ${s.fetched_at}`;
  }
  return null;
}

/** The text of a snapshot judged whole: the snapshot, or one short line of why it is refused (no secret, no raw input beyond a cleaned excerpt). */
export function parseSignalSnapshot(text: string, o: { now: Date; secrets?: readonly string[] }): SnapshotParse {
  const bytes = measure(text, 'utf8');
  if (bytes > SNAPSHOT_MAX_BYTES) return refuse(`the snapshot is ${bytes} bytes, more than the ${SNAPSHOT_MAX_BYTES} allowed`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('the snapshot is not JSON');
  }
  const strings = stringProblem(json, o.secrets ?? []);
  if (strings) return refuse(strings);
  const parsed = SignalsFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // The keys were judged above (no secret, no forbidden character); the path and message are still capped.
    return refuse(`field ${excerpt(issue.path.join('.'))}: ${cleanText(issue.message, EXCERPT_CHARS)}`);
  }
  const times = timeProblem(parsed.data, o.now);
  return times ? refuse(times) : { ok: true, signals: parsed.data };
}

/**
 * The newest successful check of a signal (ms), or -Infinity when none ever succeeded: the signals' own
 * `checked_at`, as src/core/forecast/index.ts (signalChecks) reads them (a source's entry is stamped with
 * every attempt, so it says nothing an attempt's time does not).
 */
function newestCheck(s: SignalsFile): number {
  const times = [s.status.checked_at, s.issues.checked_at].filter((t): t is string => t !== null).map(Date.parse);
  return Math.max(Number.NEGATIVE_INFINITY, ...times);
}

/** Whether `a` is a newer check than `b`: a later attempt (`fetched_at`), else a later newest check time. Equal is not newer. */
export function newerSnapshot(a: SignalsFile, b: SignalsFile): boolean {
  const byAttempt = Date.parse(a.fetched_at) - Date.parse(b.fetched_at);
  if (byAttempt !== 0) return byAttempt > 0;
  return newestCheck(a) > newestCheck(b);
}

/** What a serving function shows: the stored snapshot only when it is strictly newer than the deploy's own. */
export function servedSignals(deployed: SignalsFile, snapshot: SignalsFile | null): { signals: SignalsFile; from: 'snapshot' | 'deploy' } {
  return snapshot !== null && newerSnapshot(snapshot, deployed)
    ? { signals: snapshot, from: 'snapshot' }
    : { signals: deployed, from: 'deploy' };
}
