/**
 * The one post-id module: the codec, the formats, the order and the X post URL.
 *
 * X (Twitter) status ids are snowflakes: the post's UTC time in ms is (id >> 22) + TWITTER_EPOCH.
 * Events without a post get a synthetic id built the same way with zero low bits, so every id is
 * decimal digits (docs/api.md), sorts with real ids by time, and decodes back to the event's ts.
 */
export const TWITTER_EPOCH_MS = 1288834974657n;
/** Bits below the time: X's worker and sequence numbers, or whatever a synthetic id puts there. */
export const LOW_BITS = 22n;
/** The largest value the low bits hold (0x3fffff). */
export const LOW_MASK = (1n << LOW_BITS) - 1n;

/**
 * The one encoder: the post id of `instant` (whole ms) with `low` in the low 22 bits. Throws a
 * RangeError before the X epoch (no id exists) or when `low` does not fit in the low bits.
 */
export function postIdAt(instant: Date, low = 0n): string {
  if (BigInt(Math.floor(instant.getTime())) < TWITTER_EPOCH_MS)
    throw new RangeError(`${instant.toISOString()} is before the X epoch (2010-11-04): no post id exists for it`);
  if (low < 0n || low > LOW_MASK) throw new RangeError(`low bits ${low} do not fit in ${LOW_BITS} bits`);
  return pack(instant, low).toString();
}

/** Time since the epoch above the low bits, unchecked: each caller says what an instant before the epoch means. */
const pack = (instant: Date, low: bigint): bigint => ((BigInt(Math.floor(instant.getTime())) - TWITTER_EPOCH_MS) << LOW_BITS) | low;

/** The digits of a post id wherever one is written (data/, the API, URLs, arguments): decimal, 1 to 20. */
const POST_ID_DIGITS = '\\d{1,20}';

/** A post id as data/ and the API carry it (the schema's PostId) and as a command takes it. */
export const POST_ID = new RegExp(`^${POST_ID_DIGITS}$`);

/** True when `text` is a post id in the form above. */
export const isPostId = (text: string): boolean => POST_ID.test(text);

/**
 * A stored cursor, stricter than POST_ID because it came from X (data/pull-state.json, the watcher's
 * state): decimal, at most 19 digits (a snowflake is a signed 64-bit integer, 2^63 − 1 has 19), no
 * leading zero ("0" itself is allowed: it names no post and reads all).
 */
const STORED_POST_ID = /^(?:0|[1-9]\d{0,18})$/;

/** The largest id a post could have at `instant`: its time in the high bits, every low bit set. */
export function maxPostIdAt(instant: Date): bigint {
  return pack(instant, LOW_MASK);
}

/**
 * Why `id` is not a plausible post id to store at `now`, or null. An id above the largest a post could
 * have at `now` plus the clock skew (time.ts CLOCK_SKEW_MS, passed in as `latest`) would make the next
 * read skip every real post up to that time; with `latest` null only the form is checked. The value is
 * quoted and cut, so a hostile one stays a short line.
 */
export function postIdProblem(id: string, latest: Date | null): string | null {
  const shown = JSON.stringify(id.length > 24 ? `${id.slice(0, 24)}…` : id);
  if (!STORED_POST_ID.test(id)) return `${shown} is not a post id (decimal digits, at most 19, no leading zero)`;
  if (latest !== null && BigInt(id) > maxPostIdAt(latest))
    return `${shown} is above the largest post id possible at ${latest.toISOString().replace(/\.\d{3}Z$/, 'Z')} (it decodes to ${postIdToDate(
      id,
    )
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z')})`;
  return null;
}

export function postIdToDate(id: string): Date {
  if (!isPostId(id)) throw new RangeError(`not a post id: ${JSON.stringify(id)}`);
  return new Date(Number((BigInt(id) >> LOW_BITS) + TWITTER_EPOCH_MS));
}

/** The synthetic id of an event with no originating post: the snowflake of its time, low 22 bits zero. */
export function syntheticPostId(instant: Date): string {
  return postIdAt(instant);
}

/**
 * The one order of post ids (and of any decimal-digit ids, such as GitHub's): by their numbers, without
 * BigInt, so ids of any length compare right. As text "999" > "1000"; as ids 999 comes first. Leading
 * zeros do not count, so ids equal as numbers compare 0.
 */
export function comparePostIds(a: string, b: string): number {
  const x = withoutLeadingZeros(a);
  const y = withoutLeadingZeros(b);
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

const withoutLeadingZeros = (digits: string): string => digits.replace(/^0+(?=\d)/, '');

/** The later of two post ids (ids grow with time; compared as numbers, not as text), or null when neither is given. */
export function laterPostId(a: string | null | undefined, b: string | null | undefined): string | null {
  if (a == null) return b ?? null;
  if (b == null) return a;
  return comparePostIds(b, a) > 0 ? b : a;
}

/** True when an id was made by `syntheticPostId` rather than taken from a real post. */
export function isSyntheticPostId(id: string): boolean {
  return (BigInt(id) & LOW_MASK) === 0n;
}

/** An X account name: letters, digits and underscore, at most 15 (X's own rule). */
const X_ACCOUNT = '[A-Za-z0-9_]{1,15}';

/**
 * The one X post URL: https; x.com or twitter.com, bare or with www. or mobile.; the path
 * /<account>/status/<id>, or /i/web/status/<id>, which does not name the account; then anything after
 * a slash, a query or a fragment (`?s=20`, `/photo/1`). Nothing else: no http, no other host, no port.
 */
const X_POST_URL = new RegExp(
  `^https://(?:www\\.|mobile\\.)?(?:x|twitter)\\.com/(?:i/web|(${X_ACCOUNT}))/status/(${POST_ID_DIGITS})(?:[/?#].*)?$`,
);

/** What an X post URL names: the post's id, and its account when the URL says it (null for /i/web/status/). */
export interface XPostRef {
  account: string | null;
  id: string;
}

/** The post an X/Twitter post URL names, or null when `url` is not one (the form above). */
export function parseXPostUrl(url: string): XPostRef | null {
  const m = X_POST_URL.exec(url);
  return m ? { account: m[1] ?? null, id: m[2]! } : null;
}

/** True when `url` is an X post URL in any form parseXPostUrl reads. */
export const isXPostUrl = (url: string): boolean => X_POST_URL.test(url);

/** The canonical URL of an X post, the one recorded in data/: https://x.com/<account>/status/<id>. */
export const xPostUrl = (account: string, id: string): string => `https://x.com/${account}/status/${id}`;
