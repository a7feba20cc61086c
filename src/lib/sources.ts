/**
 * The one place the pulled sources are configured: addresses, accounts, queries, limits, and the most
 * bytes of any one response read from each (`maxBytes`: a bigger body is cut off with an error).
 * Base addresses can be overridden (env in scripts/pull.ts, options in tests) so tests hit 127.0.0.1.
 */
import { SITE } from './site.ts';

export const SOURCES = {
  status: {
    /** OpenAI's status page runs on incident.io, which also serves the Statuspage-compatible API. */
    base: 'https://status.openai.com',
    summaryPath: '/api/v2/summary.json',
    widgetPath: '/proxy/status.openai.com',
    /** Components whose name matches are the Codex ones; incidents touching them (or naming Codex) count. */
    componentPattern: /codex/i,
    /** Resolved incidents stay in the snapshot this long, so a just-ended outage is still visible. */
    recentIncidentHours: 24,
    incidentUrl: (id: string): string => `https://status.openai.com/incidents/${id}`,
    /** Response cap: the summary is ~5 KB today; a page with every component and a long incident log stays far below. */
    maxBytes: 4_000_000,
  },
  issues: {
    base: 'https://api.github.com',
    repo: 'openai/codex',
    /** Either label (the repo renamed it) or the phrase, in the title or body. */
    labels: ['rate-limits', 'rate limits'],
    phrase: 'usage limit',
    recentHours: 24,
    /** The baseline is the 14 days right before the recent window, averaged per day. */
    baselineDays: 14,
    /** Response cap: a search answer with per_page=1 is ~1 KB plus one issue. */
    maxBytes: 2_000_000,
  },
  x: {
    base: 'https://api.x.com',
    /** Accounts whose posts announced every recorded reset so far (data/events.json `source`). */
    accounts: ['thsottiaux', 'OpenAIDevs', 'OpenAI'],
    pageSize: 100,
    /** Pages read per account and pull; on the first pull (no since_id) only the newest page. */
    maxPages: 5,
    /** Response cap: a page of 100 posts is ~50 KB (a users lookup far less). */
    maxBytes: 4_000_000,
  },
} as const;

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
