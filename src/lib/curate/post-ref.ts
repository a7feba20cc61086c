/**
 * Which post a fact comes from: an X status (its id is a snowflake that decodes to the post time, so a
 * maintainer never types a timestamp) or a GitHub issue or comment on openai/codex (no time in its id:
 * the time comes from the pull or from `--at`).
 */
import { postIdFromUrl, postIdToDate } from '../postid.ts';
import { Timestamp } from '../schema.ts';
import { toTimestamp } from '../time.ts';
import { CurationError, parseFlag } from './errors.ts';

export interface PostRef {
  platform: 'x' | 'github';
  /** Decimal digits: the X status id, or the GitHub comment (else issue) id. */
  id: string;
  /** The canonical URL recorded (x.com for X posts). */
  url: string;
  /** The posting account, when the URL names it (X); GitHub URLs do not. */
  account: string | null;
  /** When the post was published, when the id tells (X). */
  postedAt: Date | null;
}

const X_POST = /^https:\/\/(?:www\.)?(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status\/(\d{1,20})(?:[/?#].*)?$/;
const GITHUB_POST = /^https:\/\/github\.com\/([\w.-]+\/[\w.-]+)\/(?:issues|pull|discussions)\/(\d+)(?:#(?:issuecomment|discussioncomment)-(\d+))?$/;

export function postRef(url: string): PostRef {
  const x = X_POST.exec(url);
  if (x) {
    const [, account, id] = x as unknown as [string, string, string];
    return { platform: 'x', id, url: `https://x.com/${account}/status/${id}`, account, postedAt: postIdToDate(id) };
  }
  const gh = GITHUB_POST.exec(url);
  if (gh) return { platform: 'github', id: gh[3] ?? (gh[2] as string), url, account: null, postedAt: null };
  if (postIdFromUrl(url) === null)
    throw new CurationError(`not a post URL: ${url} (expected https://x.com/<account>/status/<id> or a GitHub issue or comment URL)`);
  throw new CurationError(`not a post URL: ${url}`);
}

/**
 * The post time: decoded from an X id, else `--at` (required for GitHub posts). Refused when in the
 * future of `now`: a URL whose id decodes to a later time is corrupt or mistyped.
 */
export function postTime(ref: PostRef, at: string | undefined, now: Date): Date {
  let when = ref.postedAt;
  if (at !== undefined) {
    if (ref.platform === 'x') throw new CurationError(`--at ${at}: an X post's time comes from its id (${toTimestamp(ref.postedAt!)}); drop --at`);
    when = new Date(parseFlag(Timestamp, at, 'at'));
  }
  if (!when) throw new CurationError(`--at is required for ${ref.url}: a GitHub post's id does not tell when it was posted`);
  if (when > now) {
    const what = at === undefined ? `post ${ref.id} decodes to ${toTimestamp(when)}` : `--at ${at}`;
    throw new CurationError(`${what}, which is in the future (now ${toTimestamp(now)})`);
  }
  return when;
}
