/**
 * One adapter per source of the registry (SOURCES in src/core/sources.ts), keyed by its id: the pull runs
 * every entry side by side, in the registry's order, each failing alone. An adapter is one file,
 * source-<id>.ts (how the source is read); what it yields is declared by its SOURCES entry. Adding a source is
 * its entry, its adapter file, its line here and its labels (docs/pull.md, "Adding a source"); the type
 * below refuses an id without an adapter.
 */
import { SOURCE_IDS, type SourceId } from '../../core/sources.ts';
import type { Outcome } from '../outcome.ts';
import type { FetchContext, Fetched, Fetcher } from './fetcher.ts';
import { issues } from './source-issues.ts';
import { staff } from './source-staff.ts';
import { status } from './source-status.ts';
import { x } from './source-x.ts';

export type { FetchContext, Fetched, Fetcher, PullTokens, Snapshot } from './fetcher.ts';

const ADAPTERS: Readonly<Record<SourceId, Fetcher>> = { status, issues, x, staff };

/** Every source's adapter, by the registry's ids, in its order. */
export const FETCHERS: Readonly<Record<SourceId, Fetcher>> = Object.fromEntries(SOURCE_IDS.map((id) => [id, ADAPTERS[id]])) as Record<
  SourceId,
  Fetcher
>;

/** How one source of the registry fared in this pull. */
export interface SourceResult<K extends string = SourceId> {
  name: K;
  outcome: Outcome<Fetched>;
}

/**
 * Every source asked side by side; each fails alone, and the results keep the order of `fetchers`
 * (the registry's, by default; a test passes an extended map).
 */
export async function fetchEverySource<K extends string = SourceId>(
  ctx: FetchContext,
  fetchers: Readonly<Record<K, Fetcher>> = FETCHERS as unknown as Readonly<Record<K, Fetcher>>,
): Promise<SourceResult<K>[]> {
  return Promise.all((Object.keys(fetchers) as K[]).map(async (name) => ({ name, outcome: await fetchers[name].fetch(ctx) })));
}
