/**
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

/**
 * A stored post id (data/pull-state.json): decimal, at most 19 digits (a snowflake is a signed 64-bit
 * integer, 2^63 − 1 has 19), no leading zero ("0" itself is allowed: it names no post and reads all).
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
  if (!/^\d{1,20}$/.test(id)) throw new RangeError(`not a post id: ${JSON.stringify(id)}`);
  return new Date(Number((BigInt(id) >> LOW_BITS) + TWITTER_EPOCH_MS));
}

/** The synthetic id of an event with no originating post: the snowflake of its time, low 22 bits zero. */
export function syntheticPostId(instant: Date): string {
  return postIdAt(instant);
}

/** The later of two post ids (ids grow with time; compared as numbers, not as text), or null when neither is given. */
export function laterPostId(a: string | null | undefined, b: string | null | undefined): string | null {
  if (a == null) return b ?? null;
  if (b == null) return a;
  return BigInt(b) > BigInt(a) ? b : a;
}

/** True when an id was made by `syntheticPostId` rather than taken from a real post. */
export function isSyntheticPostId(id: string): boolean {
  return (BigInt(id) & LOW_MASK) === 0n;
}

/** The status id in an X/Twitter post URL, or null. */
export function postIdFromUrl(url: string): string | null {
  const m = /^https:\/\/(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status\/(\d{1,20})(?:[/?#].*)?$/.exec(url);
  return m?.[2] ?? null;
}
