/**
 * The one registry of the pulled sources: each one's id (its `name` in signals.json `sources[]`, the key
 * of its label `words.signalSource.<id>` in every locale catalogue), the API it is read from (`api`, one
 * of SOURCE_APIS: a base address and the environment variable that overrides it), what it yields (a
 * signals.json field it refreshes, `signal`; or posts, `post`: their platform, the shape of its pull-state
 * cursor, whether a post id tells its time, who posts officially), accounts, queries, the hosts its links
 * may point to (`hosts`), and its budget: the most bytes of any one response read from it (`maxBytes`: a
 * bigger body is cut off with an error) and its pages. Every list of sources derives from it: the base
 * addresses and their overrides (sourceBases), the platforms and the pull-state schema
 * (src/core/schema/bookkeeping.ts), the signal fields the pull writes (SIGNAL_FIELDS), the curation rules
 * per platform (src/core/curate/), and the pull's adapters (src/jobs/pull/fetchers.ts: one file per source,
 * src/jobs/pull/source-<id>.ts, an id without one does not compile). Adding a source is its entry here,
 * its adapter file and its labels (docs/pull.md, "Adding a source").
 */
import { TEXT_CAPS } from './sanitize.ts';
import { SITE } from './site.ts';

/**
 * The APIs the sources are read from: each one's address and the environment variable that overrides it
 * (scripts/pull.ts, the functions; tests and benches point it at 127.0.0.1). Two sources may share one.
 */
export const SOURCE_APIS = {
  /** OpenAI's status page runs on incident.io, which also serves the Statuspage-compatible API. */
  status: { base: 'https://status.openai.com', env: 'RESETCAST_STATUS_BASE', what: "the status page's base" },
  github: { base: 'https://api.github.com', env: 'RESETCAST_GITHUB_API', what: "GitHub's API base" },
  x: { base: 'https://api.x.com', env: 'RESETCAST_X_API', what: "X's API base" },
} as const;
export type SourceApi = keyof typeof SOURCE_APIS;

/** X accounts whose posts are official (SOURCES.x.officialAccounts). */
const X_OFFICIAL = ['thsottiaux', 'OpenAIDevs', 'OpenAI', 'dkundel'] as const;
/** GitHub logins of OpenAI staff (SOURCES.staff.logins). */
const STAFF_LOGINS = ['etraut-openai', 'tibo-openai', 'vb-openai'] as const;

export const SOURCES = {
  status: {
    /** What the source is, in the field meanings of the API (signals.json `sources[].name`). */
    meaning: "OpenAI's status page",
    api: 'status',
    /** The signals.json field it refreshes. */
    signal: 'status',
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
    api: 'github',
    signal: 'issues',
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
    api: 'x',
    /** Its answer counts as a check of the event record (events.json `checked_at`). */
    checksEvents: true,
    post: {
      platform: 'x',
      /** Per account: its user id and the newest post id read (data/pull-state.json `x`, required). */
      cursor: 'accounts',
      cursorRequired: true,
      /** An X status id is a snowflake that decodes to the post time: no `--at`, and its id is the event's. */
      timeInId: true,
      /** Case-insensitive, as X handles are. */
      official: (account: string): boolean => X_OFFICIAL.some((a) => a.toLowerCase() === account.toLowerCase()),
    },
    /** Accounts whose posts announced every recorded reset so far (data/events.json `source`). */
    accounts: ['thsottiaux', 'OpenAIDevs', 'OpenAI'],
    /**
     * X accounts whose posts are official (origin official_post): OpenAI's own accounts and its staff.
     * thsottiaux is Thibault Sottiaux, who leads Codex; dkundel is Dominik Kundel (OpenAI developer
     * experience), who posted a recorded reset. Any other account needs an explicit --origin.
     */
    officialAccounts: X_OFFICIAL,
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
    api: 'github',
    post: {
      platform: 'github',
      /** The creation time of the newest staff comment read (data/pull-state.json `github`, optional). */
      cursor: 'since',
      cursorRequired: false,
      /** A GitHub URL holds no time: it comes from the pull or from `--at`. */
      timeInId: false,
      official: (login: string): boolean => (STAFF_LOGINS as readonly string[]).includes(login),
    },
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
    logins: STAFF_LOGINS,
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
export const isOfficialXAccount = SOURCES.x.post.official;

/** What a source that finds posts declares (SOURCES[id].post): everything per platform derives from it. */
export interface PostSource {
  platform: string;
  /** The shape of its entry in data/pull-state.json, keyed by its platform: CURSOR_SCHEMAS in bookkeeping.ts. */
  cursor: 'accounts' | 'since';
  /** Whether data/pull-state.json must hold its entry. */
  cursorRequired: boolean;
  /** Whether a post id decodes to its time (X's snowflakes): then `--at` is refused and the id is kept. */
  timeInId: boolean;
  /** Whether an account's posts on the platform are official (origin official_post). */
  official: (account: string) => boolean;
}
/** The part of an entry the derived lists read: a test can extend the registry with a fake source. */
export interface SourceEntry {
  meaning: string;
  api: string;
  signal?: string;
  checksEvents?: boolean;
  post?: PostSource;
  hosts: readonly string[];
  maxBytes: number;
}
export type SourceRegistry = Readonly<Record<string, SourceEntry>>;

type Entry<K extends SourceId> = (typeof SOURCES)[K];
/** The signals.json fields the signal sources refresh ('status' | 'issues'). */
export type SignalField = { [K in SourceId]: Entry<K> extends { signal: infer F extends string } ? F : never }[SourceId];
/** The platforms of the post sources ('x' | 'github'). */
export type PlatformId = { [K in SourceId]: Entry<K> extends { post: { platform: infer P extends string } } ? P : never }[SourceId];

/** The signal fields of a registry, in its order. */
export const signalFieldsOf = (registry: SourceRegistry): string[] => Object.values(registry).flatMap((s) => (s.signal ? [s.signal] : []));
/** The post sources of a registry, in its order. */
export const postSourcesOf = (registry: SourceRegistry): PostSource[] => Object.values(registry).flatMap((s) => (s.post ? [s.post] : []));

/** The signals.json fields the pull writes, in the registry's order (their order in the file). */
export const SIGNAL_FIELDS = signalFieldsOf(SOURCES) as readonly SignalField[];
/** Where posts come from, in the registry's order: the `platform` of candidates and the keys of the pull state. */
export const PLATFORMS = postSourcesOf(SOURCES).map((p) => p.platform) as unknown as readonly [PlatformId, ...PlatformId[]];
/** The signals.json field a source refreshes, if it is a signal source. */
export const signalOf = (id: SourceId): SignalField | undefined => (SOURCES[id] as SourceEntry).signal as SignalField | undefined;
/** Whether a source's answer counts as a check of the event record. */
export const checksEventsOf = (id: SourceId): boolean => (SOURCES[id] as SourceEntry).checksEvents === true;
/** The post source of a platform (of the registry, or of `registry`). */
export const postSourceOf = (platform: PlatformId, registry: SourceRegistry = SOURCES): PostSource =>
  postSourcesOf(registry).find((p) => p.platform === platform)!;

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

/** The base address of every API (SOURCE_APIS), by its key. */
export type SourceBases = Record<SourceApi, string>;

/** Base addresses, each overridden by its API's environment variable (blank counts as unset). */
export function sourceBases(env: Record<string, string | undefined>): SourceBases;
export function sourceBases<K extends string>(
  env: Record<string, string | undefined>,
  apis: Readonly<Record<K, { base: string; env: string }>>,
): Record<K, string>;
export function sourceBases(
  env: Record<string, string | undefined>,
  apis: Readonly<Record<string, { base: string; env: string }>> = SOURCE_APIS,
): Record<string, string> {
  return Object.fromEntries(Object.entries(apis).map(([key, api]) => [key, env[api.env] || api.base]));
}
