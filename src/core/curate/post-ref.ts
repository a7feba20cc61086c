/**
 * Which post a fact comes from: an X status (its id is a snowflake that decodes to the post time, so a
 * maintainer never types a timestamp), an issue or comment in the staff source's GitHub repository
 * (SOURCES.staff.repo; no time in its URL: the time comes from the pull or from `--at`), or, with
 * `--url --origin observed --at`, any other page (a report with no post of its own).
 *
 * Event ids stay unique and meaningful: an X post's id is its status id; a GitHub comment's is the
 * comment id in its URL (GitHub's own unique id); a GitHub issue's (its URL holds only the issue
 * number, which is not unique across kinds of record) is the snowflake of its `--at` time with the issue
 * number in the low 22 bits; any other page's is the synthetic id of its `--at` time (src/core/postid.ts).
 */
import { LOW_MASK, parseXPostUrl, postIdAt, postIdToDate, syntheticPostId, TWITTER_EPOCH_MS, xPostUrl } from '../postid.ts';
import { Timestamp, Url } from '../schema/index.ts';
import { postSourceOf, SOURCES, type PlatformId } from '../sources.ts';
import { CLOCK_SKEW_MS, toTimestamp } from '../time.ts';
import { CurationError, parseFlag } from './errors.ts';

export interface PostRef {
  /** A post source's platform (src/core/sources.ts), or `other` for a page that is not a post. */
  platform: PlatformId | 'other';
  /** Decimal digits (see above). */
  id: string;
  /** The canonical URL recorded (x.com for X posts). */
  url: string;
  /** The posting account, when the URL names it (X); GitHub URLs do not. */
  account: string | null;
  /** When the post was published: decoded from an X id, else `--at`. */
  postedAt: Date | null;
}

/**
 * The earliest post time accepted: 30 days before the first Codex usage-limit reset on record
 * (@thsottiaux, 2025-09-17T04:02:52Z, data/events.json). An id that decodes to earlier is a mistyped
 * or truncated one (status/123 decodes to 2010-11-04), not a post about Codex limits.
 */
export const POST_FLOOR = '2025-08-18T00:00:00Z';

const GITHUB_POST = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/(?:issues|pull)\/(\d+)(?:#issuecomment-(\d+))?$/;

const atFlag = (at: string | undefined, url: string): Date => {
  if (at === undefined) throw new CurationError(`--at is required for ${url}: its id does not tell when it was posted`);
  return new Date(parseFlag(Timestamp, at, 'at'));
};

/**
 * The post a URL names. `at` is `--at` (GitHub and other pages only); `observed` says the maintainer
 * passed `--url` with `--origin observed`, the only way to record a page that is not a post.
 */
export function postRef(url: string, at?: string, observed = false): PostRef {
  const x = parseXPostUrl(url);
  if (x) {
    const { account, id } = x;
    if (account === null)
      throw new CurationError(`${url}: this X link does not name the account; give https://x.com/<account>/status/${id}`);
    if (at !== undefined)
      throw new CurationError(`--at ${at}: an X post's time comes from its id (${toTimestamp(postIdToDate(id))}); drop --at`);
    return { platform: 'x', id, url: xPostUrl(account, id), account, postedAt: postIdToDate(id) };
  }
  const gh = GITHUB_POST.exec(url);
  if (gh && gh[1]!.toLowerCase() === SOURCES.staff.repo) {
    const when = atFlag(at, url);
    if (gh[3]) return { platform: 'github', id: gh[3], url, account: null, postedAt: when };
    const issue = BigInt(gh[2]!);
    if (issue > LOW_MASK) throw new CurationError(`${url}: issue number above ${LOW_MASK}`);
    if (BigInt(when.getTime()) < TWITTER_EPOCH_MS) throw new CurationError(`--at ${at}: before ${POST_FLOOR}`);
    return { platform: 'github', id: postIdAt(when, issue), url, account: null, postedAt: when };
  }
  if (observed) {
    const link = parseFlag(Url, url, 'url');
    const when = atFlag(at, link);
    return { platform: 'other', id: safeSynthetic(when, at!), url: link, account: null, postedAt: when };
  }
  throw new CurationError(
    `not a post URL: ${url} (expected https://x.com/<account>/status/<id>, or an issue or comment URL of github.com/${SOURCES.staff.repo}; ` +
      'any other page: --url <link> --origin observed --at <ts> --source <who>)',
  );
}

/** Whether the post's id tells its time (X's snowflakes: SOURCES[id].post.timeInId): then the id is kept and `--at` is refused. */
export const timeInId = (platform: PostRef['platform']): boolean => platform !== 'other' && postSourceOf(platform).timeInId;

function safeSynthetic(when: Date, at: string): string {
  try {
    return syntheticPostId(when);
  } catch {
    throw new CurationError(`--at ${at}: before ${POST_FLOOR}`);
  }
}

/**
 * The post time, refused outside the plausible range: before POST_FLOOR (a mistyped id) or later than
 * `now` plus CLOCK_SKEW_MS (an id or --at from the future is corrupt or mistyped).
 */
export function postTime(ref: PostRef, now: Date): Date {
  const when = ref.postedAt!;
  const what = timeInId(ref.platform) ? `post ${ref.id} decodes to ${toTimestamp(when)}` : `--at ${toTimestamp(when)}`;
  if (when.getTime() < Date.parse(POST_FLOOR))
    throw new CurationError(
      `${what}, before ${POST_FLOOR} (30 days before the first Codex usage-limit reset on record): not a post about Codex limits`,
    );
  if (when.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new CurationError(`${what}, which is in the future (now ${toTimestamp(now)})`);
  return when;
}
