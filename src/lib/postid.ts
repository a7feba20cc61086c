/**
 * X (Twitter) status ids are snowflakes: the post's UTC time in ms is (id >> 22) + TWITTER_EPOCH.
 * Events without a post get a synthetic id built the same way with zero low bits, so every id is
 * decimal digits (docs/api.md), sorts with real ids by time, and decodes back to the event's ts.
 */
export const TWITTER_EPOCH_MS = 1288834974657n;

export function postIdToDate(id: string): Date {
  if (!/^\d{1,20}$/.test(id)) throw new RangeError(`not a post id: ${JSON.stringify(id)}`);
  return new Date(Number((BigInt(id) >> 22n) + TWITTER_EPOCH_MS));
}

/** The synthetic id of an event with no originating post: the snowflake of its time, low 22 bits zero. */
export function syntheticPostId(instant: Date): string {
  const ms = BigInt(instant.getTime());
  if (ms < TWITTER_EPOCH_MS) throw new RangeError('synthetic ids start at the X epoch (2010-11-04)');
  return ((ms - TWITTER_EPOCH_MS) << 22n).toString();
}

/** True when an id was made by `syntheticPostId` rather than taken from a real post. */
export function isSyntheticPostId(id: string): boolean {
  return (BigInt(id) & 0x3fffffn) === 0n;
}

/** The status id in an X/Twitter post URL, or null. */
export function postIdFromUrl(url: string): string | null {
  const m = /^https:\/\/(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status\/(\d{1,20})(?:[/?#].*)?$/.exec(url);
  return m?.[2] ?? null;
}
