/**
 * One pull, pure apart from the injected HTTP: current data/ texts in, the texts to write out.
 * Every source runs and fails alone: a failed source keeps its last good data and records why. What
 * the post sources found is added to the record only if the whole dataset still validates with it
 * (a source whose finds do not is recorded as failed), so a pull can never leave data/ invalid.
 */
import type { z } from 'zod';
import { computeForecast } from '../../core/forecast/index.ts';
import type { Curated } from '../../core/curate/state.ts';
import { toLogLine } from '../../core/forecast/log-line.ts';
import { ABSENT_MEANS, BUILD_FILES, DATA_FILES, dataPath } from '../../core/dataset/files.ts';
import { readJson } from '../../core/dataset/read-json.ts';
import { DataError, parseDataset, validateDataset, type Dataset, type DatasetTexts } from '../../core/dataset/index.ts';
import { stableStringify } from '../../core/json.ts';
import {
  CandidatesFile,
  PullStateFile,
  type ForecastLogLine,
  type PullStateFile as PullState,
  type SignalsFile,
  type SourceCheck,
} from '../../core/schema/index.ts';
import { PULL_BUDGET, SOURCES, type SourceBases } from '../../core/sources.ts';
import { toTimestamp } from '../../core/time.ts';
import type { HttpDeps } from '../../net/http.ts';
import { pullIssues } from './issues.ts';
import { appendBounded, appendOnce, historyLine } from './logs.ts';
import { check, line, settle, skipped, type Outcome } from '../outcome.ts';
import { parseOrThrow } from '../intake/parse.ts';
import { knownPosts, recordFound, type Found } from './record.ts';
import { pullStaffPosts } from './github.ts';
import { toCandidates } from './staff-candidates.ts';
import { pullStatus } from './status.ts';
import { classifyPosts } from '../intake/posts.ts';
import { readPostsHealing } from '../intake/x.ts';

/**
 * Bounds of the signal history (docs/pull.md): 48 pulls a day stay ~1 MB. The forecast log has none:
 * it is the as-issued record the track record is scored on, append-only (~3.5 MB a year).
 */
export const LOG_BOUNDS = {
  history: { maxAgeDays: 90, maxLines: 5_000, maxBytes: 2_000_000 },
} as const;

export interface PullInput {
  /** Current contents of data/, by file name; missing optional files are undefined. */
  texts: Record<string, string | undefined>;
  now: Date;
  http: HttpDeps;
  /** How long each source may take (default PULL_BUDGET.sourceMs; tests shorten it). */
  sourceBudgetMs?: number;
  bases: SourceBases;
  tokens: { github?: string | undefined; x?: string | undefined };
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

/**
 * The dataset's files out of the data folder's texts (keyed by file name): a file that may be absent
 * gets what its absence means, any other missing one is a DataError. Reads nothing itself.
 */
export function datasetTextsOf(texts: Record<string, string | undefined>): DatasetTexts {
  return Object.fromEntries(
    BUILD_FILES.map((k) => {
      const text = texts[DATA_FILES[k]] ?? ABSENT_MEANS[k];
      if (text === undefined) throw new DataError([`${dataPath(k)}: missing`]);
      return [k, text];
    }),
  ) as DatasetTexts;
}

/** The candidates or the pull state as stored (absent means empty), or a DataError naming every problem by record and field. */
function parseBookkeeping<S extends z.ZodType>(schema: S, key: 'candidates' | 'pullState', texts: PullInput['texts']): z.output<S> {
  const checked = readJson(texts[DATA_FILES[key]] ?? ABSENT_MEANS[key]!, schema, dataPath(key));
  if (!checked.ok) throw new DataError(checked.problems);
  return checked.value;
}

function forecastLine(data: Dataset, now: Date, site: string): ForecastLogLine {
  return toLogLine(computeForecast(data, now, site));
}

/** A source that finds posts: what it found, and the pull state to keep if its finds are recorded. */
interface PostSource {
  name: string;
  outcome: Outcome<{ found: Found; state: Partial<PullState> }>;
}

export async function runPull(input: PullInput): Promise<PullOutput> {
  const { texts, now, bases, tokens } = input;
  // Every source shares one budget from the pull's start (and never outlives a deadline given from outside).
  const http: HttpDeps = {
    ...input.http,
    deadline: Math.min(input.http.deadline ?? Infinity, input.http.now().getTime() + (input.sourceBudgetMs ?? PULL_BUDGET.sourceMs)),
  };
  const dataTexts = datasetTextsOf(texts);
  const current = parseDataset(dataTexts, now); // refuse to pull onto invalid data
  const curated: Curated = {
    events: { checked_at: current.eventsCheckedAt, events: current.events },
    announcements: { announcements: current.announcements },
    banked: current.banked,
    corrections: { corrections: current.corrections },
    candidates: parseBookkeeping(CandidatesFile, 'candidates', texts),
  };
  const pullState = parseBookkeeping(PullStateFile, 'pullState', texts);
  const known = knownPosts(curated);
  const xToken = tokens.x;

  const [status, issues, x, staff] = await Promise.all([
    settle(
      () => pullStatus(http, bases.status, now),
      (r) =>
        `${r.snapshot.components.map((c) => `${c.name} ${c.status}`).join(', ')}; ${r.snapshot.incidents.length} incident(s) (via ${r.via})`,
    ),
    settle(
      () => pullIssues(http, bases.github, now, tokens.github),
      (r) => `${r.recent_count} new usage-limit issue(s) in 24 h, baseline ${r.baseline_per_day}/day`,
    ),
    xToken
      ? settle(
          async () => {
            // A cursor X refuses is replaced by a read of the account's newest page, so it cannot fail every pull.
            const pulled = await readPostsHealing(http, bases.x, xToken, pullState.x, now, SOURCES.x.accounts, async () => null);
            return {
              found: classifyPosts(pulled.posts, known, now),
              state: { x: pulled.state },
              deferred: pulled.deferred,
              refusals: pulled.refusals,
            };
          },
          (r) =>
            `${r.found.events.length} new event(s), ${r.found.candidates.length} for review${r.deferred > 0 ? `; ${r.deferred} post(s) dated after now left for a later pull` : ''}` +
            r.refusals.map((f) => `; ${f.reason}: ${f.account} read from its newest page instead`).join(''),
        )
      : skipped('X_BEARER_TOKEN not set', 'no_token'),
    settle(
      async () => {
        const pulled = await pullStaffPosts(http, bases.github, pullState.github ?? { since: null }, now, tokens.github);
        return { found: { events: [], candidates: toCandidates(pulled.posts, known, now) }, state: { github: pulled.state } };
      },
      (r) => `${r.found.candidates.length} staff post(s) for review`,
    ),
  ]);
  const postSources: PostSource[] = [
    { name: 'x', outcome: x },
    { name: 'staff', outcome: staff },
  ];
  input.onPhase?.('sources');

  const at = toTimestamp(now);
  const prev = (name: string): SourceCheck | undefined => current.signals.sources.find((s) => s.name === name);
  /** The dataset with the finds of the given post sources, validated whole (throws DataError when it is not valid). */
  const assemble = (sources: readonly PostSource[]): { next: Curated; signals: SignalsFile; state: typeof pullState; data: Dataset } => {
    const ok = sources.filter((s): s is PostSource & { outcome: { outcome: 'ok' } } => s.outcome.outcome === 'ok');
    const next = recordFound(
      curated,
      ok.map((s) => s.outcome.value.found),
    );
    // The event record counts as checked when the source that records events (X) answered.
    if (ok.some((s) => s.name === 'x')) next.events = { ...next.events, checked_at: at };
    const checks = [
      check(
        'status',
        status,
        now,
        prev('status'),
        current.signals.status.checked_at,
        status.outcome === 'ok' ? status.value.via : undefined,
        status.outcome === 'ok' ? status.value.dropped.join('; ') : undefined,
      ),
      check('issues', issues, now, prev('issues'), current.signals.issues.checked_at),
      ...sources.map((s) => check(s.name, s.outcome, now, prev(s.name), null)),
    ];
    const signals: SignalsFile = {
      fetched_at: at,
      status: status.outcome === 'ok' ? { ...status.value.snapshot, checked_at: at } : current.signals.status,
      issues: issues.outcome === 'ok' ? { ...issues.value, checked_at: at } : current.signals.issues,
      sources: checks,
    };
    const state = Object.assign({}, pullState, ...ok.map((s) => s.outcome.value.state)) as typeof pullState;
    const data = validateDataset({ ...next, signals, forecastLog: dataTexts.forecastLog }, now);
    return { next, signals, state, data };
  };

  let sources = postSources;
  let result: ReturnType<typeof assemble>;
  try {
    result = assemble(sources);
  } catch (e) {
    if (!(e instanceof DataError)) throw e;
    // Some finds do not validate: a source whose finds alone break the dataset records nothing, and says why.
    sources = postSources.map((s) => {
      if (s.outcome.outcome !== 'ok') return s;
      try {
        assemble(postSources.map((o) => (o === s ? o : { ...o, outcome: { outcome: 'skipped', error: '' } as const })));
        return s;
      } catch (alone) {
        if (!(alone instanceof DataError)) throw alone;
        return { ...s, outcome: { outcome: 'failed' as const, error: `new posts failed validation: ${alone.problems.join('; ')}` } };
      }
    });
    result = assemble(sources);
  }
  const { next, signals, state, data } = result;

  const before: Record<string, unknown> = {
    [DATA_FILES.events]: curated.events,
    [DATA_FILES.announcements]: curated.announcements,
    [DATA_FILES.banked]: curated.banked,
    [DATA_FILES.signals]: current.signals,
    [DATA_FILES.candidates]: curated.candidates,
    [DATA_FILES.pullState]: pullState,
  };
  const after: Record<string, unknown> = {
    [DATA_FILES.events]: next.events,
    [DATA_FILES.announcements]: next.announcements,
    [DATA_FILES.banked]: next.banked,
    [DATA_FILES.signals]: signals,
    [DATA_FILES.candidates]: next.candidates,
    [DATA_FILES.pullState]: state,
  };
  const writes: Record<string, string> = {};
  for (const [name, value] of Object.entries(after))
    if (stableStringify(value) !== stableStringify(before[name])) writes[name] = stableStringify(value);
  const history = historyLine(
    signals,
    status.outcome === 'ok' ? status.value.snapshot : null,
    issues.outcome === 'ok' ? issues.value : null,
    signals.sources,
  );
  writes[DATA_FILES.signalsHistory] = appendBounded(
    texts[DATA_FILES.signalsHistory] ?? '',
    history,
    'fetched_at',
    now,
    LOG_BOUNDS.history.maxAgeDays,
    LOG_BOUNDS.history.maxLines,
    LOG_BOUNDS.history.maxBytes,
  );
  writes[DATA_FILES.forecastLog] = appendOnce(texts[DATA_FILES.forecastLog] ?? '', forecastLine(data, now, input.site), 'issued_at');
  for (const name of [DATA_FILES.signalsHistory, DATA_FILES.forecastLog]) if (writes[name] === texts[name]) delete writes[name];
  input.onPhase?.('assembled');
  // No alert goes out from here: `npm run broadcast` announces what was committed, once the dataset has
  // validated and built (docs/alerts.md).

  const outcomes: [string, Outcome<unknown>][] = [
    ['status', status],
    ['issues', issues],
    ...sources.map((s): [string, Outcome<unknown>] => [s.name, s.outcome]),
  ];
  return {
    writes,
    checks: signals.sources,
    lines: outcomes.map(([name, o]) => line(name, o)),
    failed: outcomes.some(([, o]) => o.outcome === 'failed'),
  };
}
