/**
 * What a source's adapter (src/jobs/pull/source-<id>.ts) is and is given. Apart from the registry map
 * (fetchers.ts) so that the adapters and the map do not import each other.
 */
import type { PullStateFile } from '../../core/schema/index.ts';
import type { SourceBases } from '../../core/sources.ts';
import type { HttpDeps } from '../../net/http.ts';
import { settle, type Outcome } from '../outcome.ts';
import type { Found } from './record.ts';
import type { IssuesSnapshot } from './issues.ts';
import type { StatusSnapshot } from './status.ts';

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

/**
 * A source's adapter: how it is read. What it yields (a signal field, posts, a check of the events) is
 * declared by its SOURCES entry (src/core/sources.ts), which the pull's assembly reads.
 */
export interface Fetcher {
  fetch: (ctx: FetchContext) => Promise<Outcome<Fetched>>;
}

/** `run` settled (whatever it throws is the source's failure), its line's detail, and its value in the common shape. */
export async function fetchAs<T>(run: () => Promise<T>, detail: (v: T) => string, fetched: (v: T) => Fetched): Promise<Outcome<Fetched>> {
  const o = await settle(run, detail);
  return o.outcome === 'ok' ? { ...o, value: fetched(o.value) } : o;
}
