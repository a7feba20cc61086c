/**
 * Staff adapter: comments and issues by OpenAI staff on openai/codex, read through the REST API
 * (`GET /repos/{owner}/{repo}/issues/comments`, and `GET /repos/{owner}/{repo}/issues?creator=` per
 * staff login), oldest first from a stored cursor, following `Link: rel="next"`. Free; a token only
 * raises the rate limit. Pull requests and their conversations are left out: they discuss code.
 */
import { z } from 'zod';
import { comparePostIds } from '../../core/postid.ts';
import { SOURCES } from '../../core/sources.ts';
import { toTimestamp } from '../../core/time.ts';
import { getJson, HttpError, type HttpDeps } from '../../net/http.ts';
import { DriftError, parseOrThrow, toUtc } from '../intake/parse.ts';
import { DAY_MS } from '../../core/time-units.ts';

/** One comment or issue written by staff, as read. */
export interface StaffPost {
  /** The comment id or the issue id, in decimal (the candidate id). */
  id: string;
  kind: 'comment' | 'issue';
  login: string;
  /** GitHub's author_association (NONE when absent). */
  association: string;
  /** Creation time as a UTC timestamp `YYYY-MM-DDTHH:MM:SSZ`. */
  created_at: string;
  /** The page on github.com. */
  url: string;
  /** The Markdown body; for an issue its title, a blank line, then its body. */
  text: string;
}

/** Where reading stopped: the creation time of the newest item read (data/pull-state.json `github`). */
export interface StaffState {
  since: string | null;
}

// Field names and nullability follow GitHub's REST description (schemas issue-comment, issue and
// nullable-simple-user): author_association is optional there, user is null for a deleted account.
const User = z.object({ login: z.string().min(1) }).nullable();
const Association = z.string().optional();
const CommentsDoc = z.array(
  z.object({
    id: z.int().nonnegative(),
    html_url: z.url(),
    user: User,
    created_at: z.string(),
    body: z.string().optional(),
    author_association: Association,
  }),
);
const IssuesDoc = z.array(
  z.object({
    id: z.int().nonnegative(),
    html_url: z.url(),
    user: User,
    created_at: z.string(),
    title: z.string(),
    body: z.string().nullable().optional(),
    author_association: Association,
    pull_request: z.unknown().optional(),
  }),
);

type Read = { created_at: string; post: StaffPost | null };

/** Staff: a configured login, or an author_association that only the repository's organization grants. */
export function isStaff(login: string, association: string | undefined): boolean {
  const { logins, staffAssociations } = SOURCES.staff;
  return (
    logins.some((l) => l.toLowerCase() === login.toLowerCase()) || (staffAssociations as readonly string[]).includes(association ?? '')
  );
}

/** The `rel="next"` target of a Link header (RFC 8288: `<url>; rel="next", <url>; rel="last"`), or null. */
export function nextLink(header: string | null): string | null {
  for (const link of header?.split(/,(?=\s*<)/) ?? []) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(link);
    if (!m) continue;
    const rel = m[2]!
      .split(';')
      .map((param) => /^\s*rel\s*=\s*"?([^"]*)"?\s*$/i.exec(param)?.[1])
      .find((r) => r !== undefined);
    if (rel?.toLowerCase().split(/\s+/).includes('next')) return m[1]!;
  }
  return null;
}

interface Listing {
  items: Read[];
  /** False when pages were left unread (the page budget ran out). */
  complete: boolean;
}

/** What the last GitHub answer said about the rate limit, shared by every request of one pull. */
interface Budget {
  spentUntil: string | null;
}

/** Reads one listing page by page; a spent rate limit stops the pull before the request it would refuse. */
async function readListing(
  http: HttpDeps,
  first: URL,
  headers: Record<string, string>,
  pages: number,
  budget: Budget,
  parse: (body: unknown) => Read[],
): Promise<Listing> {
  const items: Read[] = [];
  let url: string | null = first.toString();
  for (let page = 0; page < pages && url; page++) {
    if (budget.spentUntil !== null)
      throw new HttpError(`GitHub rate limit exhausted until ${budget.spentUntil} (set GITHUB_TOKEN for a higher limit)`);
    const res = await getJson(http, url, { headers, maxBytes: SOURCES.staff.maxBytes });
    items.push(...parse(res.body));
    url = nextLink(res.headers.get('link'));
    if (url && new URL(url).origin !== first.origin) throw new DriftError(`GitHub: next page on another host: ${url}`);
    if (res.headers.get('x-ratelimit-remaining') === '0') {
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      budget.spentUntil = Number.isFinite(reset) && reset > 0 ? toTimestamp(new Date(reset * 1000)) : '(no reset time given)';
    }
  }
  return { items, complete: url === null };
}

function listUrl(base: string, path: string, params: Record<string, string>): URL {
  const url = new URL(path, base);
  url.search = new URLSearchParams(params).toString();
  return url;
}

/** One listed comment or issue: its time, and the staff post it is when it is one to read (not on a pull request). */
function listed(
  kind: StaffPost['kind'],
  item: { id: number; user: z.infer<typeof User>; author_association?: string | undefined; created_at: string; html_url: string },
  text: string,
  notOnPullRequest: boolean,
  from: string,
): { created_at: string; post: StaffPost | null } {
  const created = toUtc(item.created_at, `${kind} ${item.id} created_at`);
  const post: StaffPost | null =
    notOnPullRequest && keep(item.user, item.author_association, created, from)
      ? {
          id: String(item.id),
          kind,
          login: item.user!.login,
          association: item.author_association ?? 'NONE',
          created_at: created,
          url: item.html_url,
          text,
        }
      : null;
  return { created_at: created, post };
}

/** An item by staff created after `from`; anything else is only read (it still moves the cursor). */
function keep(user: z.infer<typeof User>, association: string | undefined, created: string, from: string): boolean {
  return user !== null && created > from && isStaff(user.login, association);
}

/** A comment in a pull request's conversation: GitHub links it under /pull/N, not /issues/N. */
const onPullRequest = (htmlUrl: string): boolean => /\/pull\/\d+$/.test(new URL(htmlUrl).pathname);

/**
 * The next cursor: the newest creation time read (not in the future). A listing cut short by the page
 * budget was read in creation order, so nothing unread is older than its last item: the cursor stops a
 * second before that item, and the next pull reads on from there (items already seen are read again,
 * which `known` in toCandidates absorbs). Never moves backwards.
 */
function nextCursor(from: string, listings: Listing[], now: Date): string {
  const nowTs = toTimestamp(now);
  let next = from;
  for (const l of listings) for (const i of l.items) if (i.created_at > next && i.created_at <= nowTs) next = i.created_at;
  for (const l of listings) {
    const last = l.items.at(-1);
    if (!l.complete && last) {
      const cap = toTimestamp(new Date(Date.parse(last.created_at) - 1000));
      if (cap < next) next = cap;
    }
  }
  return next > from ? next : from;
}

/**
 * New staff posts on the repository since `state.since` (the first pull, with `since: null`, reads the
 * last `firstPullDays` days), oldest first, and the state to store after them. Throws HttpError or
 * DriftError when any request fails; the caller then keeps the old state, so nothing is skipped.
 */
export async function pullStaffPosts(
  http: HttpDeps,
  base: string,
  state: StaffState,
  now: Date,
  token?: string,
): Promise<{ posts: StaffPost[]; state: StaffState }> {
  const { repo, logins, pageSize, maxPages, issuePages, firstPullDays } = SOURCES.staff;
  const headers: Record<string, string> = { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const from = state.since ?? toTimestamp(new Date(now.getTime() - firstPullDays * DAY_MS));
  // `since` filters on the last update, so older comments edited since come back too: keep() drops them.
  const budget: Budget = { spentUntil: null };
  const common = { since: from, sort: 'created', direction: 'asc', per_page: String(pageSize) };

  const comments = await readListing(http, listUrl(base, `/repos/${repo}/issues/comments`, common), headers, maxPages, budget, (body) =>
    parseOrThrow(CommentsDoc, body, 'GitHub issue comments').map((c) =>
      listed('comment', c, c.body ?? '', !onPullRequest(c.html_url), from),
    ),
  );
  const issues: Listing[] = [];
  for (const login of logins) {
    issues.push(
      await readListing(
        http,
        listUrl(base, `/repos/${repo}/issues`, { ...common, creator: login, state: 'all' }),
        headers,
        issuePages,
        budget,
        (body) =>
          parseOrThrow(IssuesDoc, body, `GitHub issues by ${login}`).map((i) =>
            listed('issue', i, `${i.title}\n\n${i.body ?? ''}`.trim(), i.pull_request === undefined, from),
          ),
      ),
    );
  }

  const listings = [comments, ...issues];
  const byId = new Map<string, StaffPost>();
  for (const l of listings) for (const { post } of l.items) if (post) byId.set(`${post.kind}:${post.id}`, post);
  const posts = [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || comparePostIds(a.id, b.id));
  return { posts, state: { since: nextCursor(from, listings, now) } };
}
