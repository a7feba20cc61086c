/**
 * One pull, pure apart from the injected HTTP: current data/ texts in, the texts to write out.
 * Every source runs and fails alone: a failed source keeps its last good data and records why. What
 * the post sources found is added to the record only if the whole dataset still validates with it
 * (a source whose finds do not is recorded as failed), so a pull can never leave data/ invalid.
 */
import type { SourceCheck } from '../../core/schema/index.ts';
import { PULL_BUDGET, type SourceBases } from '../../core/sources.ts';
import type { HttpDeps } from '../../net/http.ts';
import { line } from '../outcome.ts';
import { assembleValid } from './assemble.ts';
import { fetchEverySource, type FetchContext, type PullTokens, type SourceResult } from './fetchers.ts';
import { readPullStart, type DataTexts, type PullStart } from './start.ts';
import { pullWrites } from './writes.ts';

export interface PullInput {
  /** Current contents of data/, by file name; missing optional files are undefined. */
  texts: DataTexts;
  now: Date;
  http: HttpDeps;
  /** How long each source may take (default PULL_BUDGET.sourceMs; tests shorten it). */
  sourceBudgetMs?: number;
  bases: SourceBases;
  tokens: PullTokens;
  site: string;
  /** Called as each phase ends (the latency benchmark times them); no effect on the result. */
  onPhase?: (phase: 'sources' | 'assembled') => void;
}

export interface PullOutput {
  /** Only the files whose content changed. */
  writes: Record<string, string>;
  checks: SourceCheck[];
  /** One ✅/❌/⏭️ line per source. */
  lines: string[];
  /** A source failed (what succeeded is still in `writes`). */
  failed: boolean;
}

/** The sources' HTTP: every source shares one budget from the pull's start (and never outlives a deadline given from outside). */
function sourcesHttp(input: PullInput): HttpDeps {
  const budgetEnd = input.http.now().getTime() + (input.sourceBudgetMs ?? PULL_BUDGET.sourceMs);
  return { ...input.http, deadline: Math.min(input.http.deadline ?? Infinity, budgetEnd) };
}

function fetchContext(input: PullInput, http: HttpDeps, start: PullStart): FetchContext {
  return { http, now: input.now, bases: input.bases, tokens: input.tokens, pullState: start.pullState, known: start.known };
}

/** One ✅/❌/⏭️ line per source, the checks, and whether any failed. */
function report(results: readonly SourceResult[], checks: SourceCheck[], writes: Record<string, string>): PullOutput {
  return {
    writes,
    checks,
    lines: results.map((r) => line(r.name, r.outcome)),
    failed: results.some((r) => r.outcome.outcome === 'failed'),
  };
}

/**
 * One pull, as steps: read data/ (refusing invalid data), ask every source of the registry, assemble the
 * finds that validate, and say what to write. No alert goes out from here: `npm run broadcast` announces
 * what was committed, once the dataset has validated and built (docs/alerts.md).
 */
export async function runPull(input: PullInput): Promise<PullOutput> {
  const http = sourcesHttp(input);
  const start = readPullStart(input.texts, input.now);
  const fetched = await fetchEverySource(fetchContext(input, http, start));
  input.onPhase?.('sources');
  const { assembled, results } = assembleValid(start, fetched, input.now);
  const writes = pullWrites(input.texts, start, assembled, results, input.now, input.site);
  input.onPhase?.('assembled');
  return report(results, assembled.signals.sources, writes);
}
