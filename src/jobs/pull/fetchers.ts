/**
 * One fetcher per source of the registry (SOURCES in src/core/sources.ts), keyed by its id: the pull runs
 * every entry side by side, in the registry's order, each failing alone. Adding a source is one SOURCES
 * entry, its fetcher here and their tests (the type below refuses an id without a fetcher).
 */
import type { PullStateFile } from '../../core/schema/index.ts';
import { SOURCE_IDS, SOURCES, type SourceBases, type SourceId } from '../../core/sources.ts';
import type { HttpDeps } from '../../net/http.ts';
import { settle, skipped, type Outcome } from '../outcome.ts';
import { classifyPosts } from '../intake/posts.ts';
import { readPostsHealing } from '../intake/x.ts';
import { pullStaffPosts } from './github.ts';
import { pullIssues, type IssuesSnapshot } from './issues.ts';
import type { Found } from './record.ts';
import { toCandidates } from './staff-candidates.ts';
import { pullStatus, type StatusSnapshot } from './status.ts';

/** The API tokens of the pull (each optional: a source that needs one is skipped without it). */
export interface PullTokens {
  github?: string | undefined;
  x?: string | undefined;
}

/** What every fetcher is given: the HTTP (with the sources' shared budget), the clock, addresses, tokens and what is known. */
export interface FetchContext {
  http: HttpDeps;
  now: Date;
  bases: SourceBases;
  tokens: PullTokens;
  pullState: PullStateFile;
  /** Every post id the record already knows (record.ts knownPosts). */
  known: ReadonlySet<string>;
}

/** The signals.json fields a signal source refreshes. */
export type SignalField = 'status' | 'issues';
/** A signal field's new value, before the pull stamps its `checked_at`. */
export type Snapshot = StatusSnapshot | IssuesSnapshot;

/** One source's finds, in the shape the pull assembles: a signal, or posts; and notes for its check. */
export interface Fetched {
  snapshot?: Snapshot;
  /** What a post source found, and the pull state to keep if its finds are recorded. */
  posts?: { found: Found; state: Partial<PullStateFile> };
  /** How it was read (the check's `via`). */
  via?: string;
  /** What it left out (the check's `note`). */
  note?: string;
}

export interface Fetcher {
  /** The signals.json field it refreshes (a signal source); absent for a source that finds posts. */
  signal?: SignalField;
  /** Its answer counts as a check of the event record (events.json `checked_at`). */
  checksEvents?: boolean;
  fetch: (ctx: FetchContext) => Promise<Outcome<Fetched>>;
}

/** `run` settled (whatever it throws is the source's failure), its line's detail, and its value in the common shape. */
async function fetchAs<T>(run: () => Promise<T>, detail: (v: T) => string, fetched: (v: T) => Fetched): Promise<Outcome<Fetched>> {
  const o = await settle(run, detail);
  return o.outcome === 'ok' ? { ...o, value: fetched(o.value) } : o;
}

const status: Fetcher = {
  signal: 'status',
  fetch: ({ http, bases, now }) =>
    fetchAs(
      () => pullStatus(http, bases.status, now),
      (r) =>
        `${r.snapshot.components.map((c) => `${c.name} ${c.status}`).join(', ')}; ${r.snapshot.incidents.length} incident(s) (via ${r.via})`,
      (r) => ({ snapshot: r.snapshot, via: r.via, note: r.dropped.join('; ') }),
    ),
};

const issues: Fetcher = {
  signal: 'issues',
  fetch: ({ http, bases, now, tokens }) =>
    fetchAs(
      () => pullIssues(http, bases.github, now, tokens.github),
      (r) => `${r.recent_count} new usage-limit issue(s) in 24 h, baseline ${r.baseline_per_day}/day`,
      (r) => ({ snapshot: r }),
    ),
};

const x: Fetcher = {
  checksEvents: true,
  fetch: ({ http, bases, now, tokens, pullState, known }) => {
    const token = tokens.x;
    if (!token) return skipped('X_BEARER_TOKEN not set', 'no_token');
    return fetchAs(
      async () => {
        // A cursor X refuses is replaced by a read of the account's newest page, so it cannot fail every pull.
        const pulled = await readPostsHealing(http, bases.x, token, pullState.x, now, SOURCES.x.accounts, async () => null);
        return {
          found: classifyPosts(pulled.posts, known, now),
          state: { x: pulled.state },
          deferred: pulled.deferred,
          refusals: pulled.refusals,
        };
      },
      (r) =>
        `${r.found.events.length} new event(s), ${r.found.candidates.length} for review` +
        (r.deferred > 0 ? `; ${r.deferred} post(s) dated after now left for a later pull` : '') +
        r.refusals.map((f) => `; ${f.reason}: ${f.account} read from its newest page instead`).join(''),
      (r) => ({ posts: { found: r.found, state: r.state } }),
    );
  },
};

const staff: Fetcher = {
  fetch: ({ http, bases, now, tokens, pullState, known }) =>
    fetchAs(
      async () => {
        const pulled = await pullStaffPosts(http, bases.github, pullState.github ?? { since: null }, now, tokens.github);
        return { found: { events: [], candidates: toCandidates(pulled.posts, known, now) }, state: { github: pulled.state } };
      },
      (r) => `${r.found.candidates.length} staff post(s) for review`,
      (r) => ({ posts: r }),
    ),
};

/** Every source's fetcher, by the registry's ids. */
export const FETCHERS: Readonly<Record<SourceId, Fetcher>> = { status, issues, x, staff };

/** How one source of the registry fared in this pull. */
export interface SourceResult {
  name: SourceId;
  outcome: Outcome<Fetched>;
}

/** Every source of the registry asked side by side; each fails alone, and the results keep the registry's order. */
export async function fetchEverySource(ctx: FetchContext): Promise<SourceResult[]> {
  return Promise.all(SOURCE_IDS.map(async (name) => ({ name, outcome: await FETCHERS[name].fetch(ctx) })));
}
