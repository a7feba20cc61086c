/**
 * Issues adapter: GitHub REST search counts new openai/codex issues about usage limits in the last 24 h
 * and in the baseline window before it. Two requests per pull, sequential, well inside the
 * unauthenticated limit of 10 searches a minute; an exhausted limit stops the second request.
 */
import { z } from 'zod';
import type { SignalsFile } from '../../core/schema/index.ts';
import { SOURCES } from '../../core/sources.ts';
import { roundTo, toTimestamp } from '../../core/time.ts';
import { getJson, HttpError, type HttpDeps } from '../../net/http.ts';
import { DriftError, parseOrThrow } from '../intake/parse.ts';
import { HOUR_MS, DAY_MS } from '../../core/time-units.ts';

export type IssuesSnapshot = Omit<SignalsFile['issues'], 'checked_at'>;

/** The search query for issues created in [from, to): labels or the phrase, advanced-search syntax. */
export function issuesQuery(from: Date, to: Date): string {
  const { repo, labels, phrase } = SOURCES.issues;
  const topic = [...labels.map((l) => `label:"${l}"`), `"${phrase}"`].join(' OR ');
  // GitHub's created:A..B is inclusive at both ends; end one second early to make the window half-open.
  return `repo:${repo} is:issue (${topic}) created:${toTimestamp(from)}..${toTimestamp(new Date(to.getTime() - 1000))}`;
}

/** The two windows of a pull at `now`: the recent 24 h and the baseline days before them. */
export function issuesWindows(now: Date): { recent: [Date, Date]; baseline: [Date, Date] } {
  const { recentHours, baselineDays } = SOURCES.issues;
  const recentStart = new Date(now.getTime() - recentHours * HOUR_MS);
  return { recent: [recentStart, now], baseline: [new Date(recentStart.getTime() - baselineDays * DAY_MS), recentStart] };
}

const SearchDoc = z.object({ total_count: z.int().nonnegative(), incomplete_results: z.boolean(), items: z.array(z.unknown()) });

/** The count of one search answer; an answer GitHub marks incomplete (it timed out) is not a count. */
export function parseSearchCount(doc: unknown, what: string): number {
  const d = parseOrThrow(SearchDoc, doc, what);
  if (d.incomplete_results) throw new DriftError(`${what}: GitHub marked the results incomplete (search timed out)`);
  return d.total_count;
}

export function searchUrl(base: string, q: string): string {
  const url = new URL('/search/issues', base);
  url.search = new URLSearchParams({ q, advanced_search: 'true', per_page: '1' }).toString();
  return url.toString();
}

export async function pullIssues(http: HttpDeps, base: string, now: Date, token?: string): Promise<IssuesSnapshot> {
  const headers: Record<string, string> = { Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': '2022-11-28' };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const { recent, baseline } = issuesWindows(now);
  const first = await getJson(http, searchUrl(base, issuesQuery(...recent)), { headers, maxBytes: SOURCES.issues.maxBytes });
  const recentCount = parseSearchCount(first.body, 'search (last 24 h)');
  if (first.headers.get('x-ratelimit-remaining') === '0')
    throw new HttpError(
      `search rate limit exhausted until ${first.headers.get('x-ratelimit-reset') ?? '?'} (set GITHUB_TOKEN for a higher limit)`,
    );
  const second = await getJson(http, searchUrl(base, issuesQuery(...baseline)), { headers, maxBytes: SOURCES.issues.maxBytes });
  const baselineCount = parseSearchCount(second.body, `search (baseline ${SOURCES.issues.baselineDays} d)`);
  return {
    recent_count: recentCount,
    baseline_per_day: roundTo(baselineCount / SOURCES.issues.baselineDays, 3),
    baseline_days: SOURCES.issues.baselineDays,
  };
}
