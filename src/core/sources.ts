/**
 * The one registry of the pulled sources: each one's id (its `name` in signals.json `sources[]`, the key
 * of its label `words.signalSource.<id>` in every locale catalogue), addresses, accounts, queries, the
 * hosts its links may point to (`hosts`), and its budget: the most bytes of any one response read from it
 * (`maxBytes`: a bigger body is cut off with an error) and its pages. Every list of sources derives from
 * it: the pull runs one fetcher per id (src/jobs/pull/fetchers.ts), the pages name each id
 * (src/site/i18n/words.ts), and tests fail when an id lacks a fetcher or a label in any locale.
 * Base addresses can be overridden (env in scripts/pull.ts, options in tests) so tests hit 127.0.0.1.
 */
import { TEXT_CAPS } from './sanitize.ts';
import { SITE } from './site.ts';

export const SOURCES = {
  status: {
    /** What the source is, in the field meanings of the API (signals.json `sources[].name`). */
    meaning: "OpenAI's status page",
    /** OpenAI's status page runs on incident.io, which also serves the Statuspage-compatible API. */
    base: 'https://status.openai.com',
    summaryPath: '/api/v2/summary.json',
    widgetPath: '/proxy/status.openai.com',
    /** Components whose name matches are the Codex ones; incidents touching them (or naming Codex) count. */
    componentPattern: /codex/i,
    /** Resolved incidents stay in the snapshot this long, so a just-ended outage is still visible. */
    recentIncidentHours: 24,
    incidentUrl: (id: string): string => `https://status.openai.com/incidents/${encodeURIComponent(id)}`,
    hosts: ['status.openai.com'],
    /** Response cap: the summary is ~5 KB today; a page with every component and a long incident log stays far below. */
    maxBytes: 4_000_000,
  },
  issues: {
    meaning: 'new usage-limit issues on openai/codex',
    base: 'https://api.github.com',
    repo: 'openai/codex',
    /** Either label (the repo renamed it) or the phrase, in the title or body. */
    labels: ['rate-limits', 'rate limits'],
    phrase: 'usage limit',
    recentHours: 24,
    /** The baseline is the 14 days right before the recent window, averaged per day. */
    baselineDays: 14,
    /** It publishes counts only, never a link. */
    hosts: [],
    /** Response cap: a search answer with per_page=1 is ~1 KB plus one issue. */
    maxBytes: 2_000_000,
  },
  x: {
    meaning: 'posts on X',
    base: 'https://api.x.com',
    /** Accounts whose posts announced every recorded reset so far (data/events.json `source`). */
    accounts: ['thsottiaux', 'OpenAIDevs', 'OpenAI'],
    /**
     * X accounts whose posts are official (origin official_post): OpenAI's own accounts and its staff.
     * thsottiaux is Thibault Sottiaux, who leads Codex; dkundel is Dominik Kundel (OpenAI developer
     * experience), who posted a recorded reset. Any other account needs an explicit --origin.
     */
    officialAccounts: ['thsottiaux', 'OpenAIDevs', 'OpenAI', 'dkundel'],
    hosts: ['x.com', 'twitter.com'],
    pageSize: 100,
    /** Pages read per account and pull; on the first pull (no since_id) only the newest page. */
    maxPages: 5,
    /** Response cap: a page of 100 posts is ~50 KB (a users lookup far less). */
    maxBytes: 4_000_000,
  },
  /**
   * Comments and issues by OpenAI staff on openai/codex (REST, on the `github` base of sourceBases):
   * free, GITHUB_TOKEN optional. Everything it recognises goes to review, never straight into events.
   */
  staff: {
    meaning: 'staff posts on GitHub',
    repo: 'openai/codex',
    hosts: ['github.com'],
    /**
     * GitHub logins of OpenAI staff who write about Codex usage limits there, each found in the
     * repository's public threads (not guessed):
     * - etraut-openai: staff comments explaining resets, e.g. #13330 (2026-03-03: weekly usage reset for all
     *   users after an incident), #19987 (2026-04-28: what a reset does), #5999 and #7325 (reset-date reports).
     * - tibo-openai: Thibault Sottiaux, who leads Codex and announces resets on X as @thsottiaux (SOURCES.x);
     *   author of openai/codex pull requests (e.g. #18883), and the login users address about his resets (#32421).
     * - vb-openai: "vb from openai", collecting session ids in the usage-drain thread #30002 (2026-06-25).
     * The 2026-03-07 comment that promised the 2026-03-08 reset (#13568, issuecomment-4017630107) is by
     * OpenAI staff, but the archive searched did not show its author's login.
     * A login here counts as staff whatever its author_association: a private org membership shows as
     * CONTRIBUTOR or NONE, not MEMBER (actions/github-script#643).
     */
    logins: ['etraut-openai', 'tibo-openai', 'vb-openai'],
    /**
     * author_association values that also count as staff. MEMBER means a member of the organization that
     * owns the repository, i.e. of `openai`, which only OpenAI can grant, so it is a sound signal for staff
     * not in `logins` (it cannot be claimed by an outsider). COLLABORATOR is not included: outside
     * collaborators are not staff. Candidates are always reviewed, so a wrong positive costs one review.
     */
    staffAssociations: ['MEMBER', 'OWNER'],
    pageSize: 100,
    /**
     * Request budget: the comments listing reads up to `maxPages` pages and each login's issue listing up
     * to `issuePages`, so at most 10 + 3 × 2 = 16 requests a pull and typically 4 (one page each). Two
     * pulls an hour stay under GitHub's unauthenticated core limit of 60 requests an hour; GITHUB_TOKEN
     * raises it to 5,000 (1,000 per repository for an Actions token). A spent limit stops the pull.
     */
    maxPages: 10,
    issuePages: 2,
    /** With no stored cursor (the first pull) reading starts this many days before now. */
    firstPullDays: 7,
    /**
     * Largest response accepted (bytes). A full page of 100 items whose bodies are at GitHub's limit of
     * 65,536 characters is about 6.9 MB of ASCII; ordinary pages are well under 1 MB.
     */
    maxBytes: 8 * 1024 * 1024,
    /** Candidate text is cut to this many characters (the link has the rest). */
    textChars: 1_000,
  },
} as const;

/** Every source's id, in the registry's order (the order of the pull's lines and of `sources[]`). */
export type SourceId = keyof typeof SOURCES;
export const SOURCE_IDS = Object.keys(SOURCES) as readonly SourceId[];

/**
 * The URL, normalised, when it is https on one of `source`'s hosts; otherwise null. A URL a source hands
 * us is published only then; any other is dropped (kept unknown, never rebuilt) with a note in the
 * source's check (docs/security.md). One allow-list for every adapter: each source's `hosts`.
 */
export function sourceUrl(source: SourceId, raw: string): string | null {
  if (raw.length > TEXT_CAPS.url || !URL.canParse(raw)) return null;
  const url = new URL(raw);
  const hosts: readonly string[] = SOURCES[source].hosts;
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.port === '' && hosts.includes(url.hostname)
    ? url.toString()
    : null;
}

/** True for an X account listed as official (case-insensitive, as X handles are). */
export const isOfficialXAccount = (account: string): boolean =>
  SOURCES.x.officialAccounts.some((a) => a.toLowerCase() === account.toLowerCase());

/** Every request names the project and where to reach its maintainers. */
export const USER_AGENT = `${SITE.name}/1.0 (+${SITE.contact})`;

/** Request budget: a pull must finish well within a minute even when every host is down. */
export const HTTP_DEFAULTS = {
  timeoutMs: 10_000,
  retries: 2,
  backoffMs: 1_000,
  /** A Retry-After longer than this is not waited out: the source fails and the next pull tries again. */
  maxRetryAfterMs: 20_000,
} as const;

/**
 * Time budgets (docs/pull.md, "Budgets"). Each source stops asking once `sourceMs` has passed since the
 * pull began: no request starts and no retry waits past it, each request's timeout is cut to what is
 * left, and paging stops with the source failed cleanly (it keeps its last good data). The sources run
 * side by side, so the whole pull's network time is one source budget; `pullMs` is the hard limit of
 * the whole `npm run pull` process, after which it exits 1 having written nothing.
 */
export const PULL_BUDGET = { sourceMs: 30_000, pullMs: 60_000 } as const;

export interface SourceBases {
  status: string;
  github: string;
  x: string;
}

/** Base addresses, with RESETCAST_STATUS_BASE / RESETCAST_GITHUB_API / RESETCAST_X_API overrides. */
export function sourceBases(env: Record<string, string | undefined>): SourceBases {
  return {
    status: env['RESETCAST_STATUS_BASE'] || SOURCES.status.base,
    github: env['RESETCAST_GITHUB_API'] || SOURCES.issues.base,
    x: env['RESETCAST_X_API'] || SOURCES.x.base,
  };
}
