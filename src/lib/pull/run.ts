/**
 * One pull, pure apart from the injected HTTP: current data/ texts in, the texts to write out.
 * Every source runs; a failed source keeps its last good data and records its failure; the result is
 * validated as a whole dataset before anything is written, so a pull can never leave data/ invalid.
 */
import { computeForecast } from '../forecast/index.ts';
import { toLogLine } from '../forecast/log-line.ts';
import { ABSENT_MEANS, BUILD_FILES, DATA_FILES, dataPath } from '../data-files.ts';
import { DataError, parseDataset, type Dataset, type DatasetTexts } from '../dataset.ts';
import { stableStringify } from '../json.ts';
import { CandidatesFile, PullStateFile, type EventsFile, type ForecastLogLine, type SignalsFile, type SignalsHistoryLine, type SourceCheck } from '../schema.ts';
import type { SourceBases } from '../sources.ts';
import { toTimestamp } from '../time.ts';
import type { HttpDeps } from './http.ts';
import { pullIssues, type IssuesSnapshot } from './issues.ts';
import { appendBounded, appendOnce, classifyPosts, mergeById, type PostChanges } from './merge.ts';
import { parseOrThrow } from './parse.ts';
import { pullStatus, type StatusResult } from './status.ts';
import { pullPosts, type XState } from './x.ts';

/**
 * Bounds of the signal history (docs/pull.md): 48 pulls a day stay ~1 MB. The forecast log has none:
 * it is the as-issued record the track record is scored on, append-only (~3.5 MB a year).
 */
export const LOG_BOUNDS = {
  history: { maxAgeDays: 90, maxLines: 5_000 },
} as const;

export interface PullInput {
  /** Current contents of data/, by file name; missing pull files are undefined. */
  texts: Record<string, string | undefined>;
  now: Date;
  http: HttpDeps;
  bases: SourceBases;
  tokens: { github?: string | undefined; x?: string | undefined };
  site: string;
}

export interface PullOutput {
  /** Only the files whose text changed. */
  writes: Record<string, string>;
  checks: SourceCheck[];
  /** One ✅/❌/⏭️ line per source. */
  lines: string[];
  failed: boolean;
}

type Outcome<T> = { outcome: 'ok'; value: T; detail: string } | { outcome: 'failed'; error: string } | { outcome: 'skipped'; error: string };

async function settle<T>(run: () => Promise<T>, detail: (v: T) => string): Promise<Outcome<T>> {
  try {
    const value = await run();
    return { outcome: 'ok', value, detail: detail(value) };
  } catch (e) {
    return { outcome: 'failed', error: (e as Error).message };
  }
}

function readDataTexts(texts: PullInput['texts']): DatasetTexts {
  return Object.fromEntries(
    BUILD_FILES.map((k) => {
      const text = texts[DATA_FILES[k]] ?? ABSENT_MEANS[k];
      if (text === undefined) throw new DataError([`${dataPath(k)}: missing`]);
      return [k, text];
    }),
  ) as DatasetTexts;
}

const parseJson = (text: string | undefined, what: string): unknown => {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch (e) {
    throw new DataError([`data/${what}: not valid JSON: ${(e as Error).message}`]);
  }
};

function check(name: string, o: Outcome<unknown>, now: Date, prev: SourceCheck | undefined, fallbackLastOk: string | null, via?: string): SourceCheck {
  const at = toTimestamp(now);
  return {
    name,
    ok: o.outcome === 'ok',
    error: o.outcome === 'ok' ? null : o.error,
    checked_at: at,
    outcome: o.outcome,
    last_ok_at: o.outcome === 'ok' ? at : (prev?.last_ok_at ?? fallbackLastOk),
    ...(via ? { via } : {}),
  };
}

function line(name: string, o: Outcome<unknown>): string {
  if (o.outcome === 'ok') return `✅ ${name}: ${o.detail}`;
  return o.outcome === 'skipped' ? `⏭️ ${name}: skipped (${o.error})` : `❌ ${name}: ${o.error}`;
}

function historyLine(signals: SignalsFile, status: Outcome<StatusResult>, issues: Outcome<IssuesSnapshot>, checks: SourceCheck[]): SignalsHistoryLine {
  const s = status.outcome === 'ok' ? status.value.snapshot : null;
  const i = issues.outcome === 'ok' ? issues.value : null;
  return {
    fetched_at: signals.fetched_at,
    status: s && { indicator: s.indicator, components: Object.fromEntries(s.components.map((c) => [c.name, c.status])), incidents: s.incidents.length },
    issues: i && i.recent_count !== null && i.baseline_per_day !== null ? { recent: i.recent_count, baseline_per_day: i.baseline_per_day } : null,
    ok: Object.fromEntries(checks.map((c) => [c.name, c.ok])),
  };
}

function forecastLine(data: Dataset, now: Date, site: string): ForecastLogLine {
  return toLogLine(computeForecast(data, now, site));
}

export async function runPull(input: PullInput): Promise<PullOutput> {
  const { texts, now, http, bases, tokens } = input;
  const current = parseDataset(readDataTexts(texts), now); // refuse to pull onto invalid data
  const candidates = parseOrThrow(CandidatesFile, parseJson(texts[DATA_FILES.candidates] ?? ABSENT_MEANS.candidates, DATA_FILES.candidates), dataPath('candidates'));
  const state = parseOrThrow(PullStateFile, parseJson(texts[DATA_FILES.pullState] ?? ABSENT_MEANS.pullState, DATA_FILES.pullState), dataPath('pullState'));

  const xToken = tokens.x;
  const [status, issues, x] = await Promise.all([
    settle(() => pullStatus(http, bases.status, now), (r) => `${r.snapshot.components.map((c) => `${c.name} ${c.status}`).join(', ')}; ${r.snapshot.incidents.length} incident(s) (via ${r.via})`),
    settle(() => pullIssues(http, bases.github, now, tokens.github), (r) => `${r.recent_count} new usage-limit issue(s) in 24 h, baseline ${r.baseline_per_day}/day`),
    xToken
      ? settle(
          async (): Promise<{ changes: PostChanges; state: XState }> => {
            const pulled = await pullPosts(http, bases.x, xToken, state.x);
            const known = new Set([...current.events.map((e) => e.id), ...candidates.candidates.map((c) => c.id), ...candidates.rejected.map((r) => r.id)]);
            return { changes: classifyPosts(pulled.posts, known, now), state: pulled.state };
          },
          (r) => `${r.changes.events.length} new event(s), ${r.changes.candidates.length} for review`,
        )
      : Promise.resolve<Outcome<never>>({ outcome: 'skipped', error: 'X_BEARER_TOKEN not set' }),
  ]);

  const prev = (name: string): SourceCheck | undefined => current.signals.sources.find((s) => s.name === name);
  const build = (xOutcome: typeof x): { out: Record<string, string>; checks: SourceCheck[]; data: Dataset } => {
    const checks = [
      check('status', status, now, prev('status'), current.signals.status.checked_at, status.outcome === 'ok' ? status.value.via : undefined),
      check('issues', issues, now, prev('issues'), current.signals.issues.checked_at),
      check('x', xOutcome, now, prev('x'), null),
    ];
    const at = toTimestamp(now);
    const signals: SignalsFile = {
      fetched_at: at,
      status: status.outcome === 'ok' ? { ...status.value.snapshot, checked_at: at } : current.signals.status,
      issues: issues.outcome === 'ok' ? { ...issues.value, checked_at: at } : current.signals.issues,
      sources: checks,
    };
    const eventsFile: EventsFile =
      xOutcome.outcome === 'ok'
        ? { checked_at: at, events: mergeById(current.events, xOutcome.value.changes.events) }
        : { checked_at: current.eventsCheckedAt, events: current.events };
    const out: Record<string, string> = { ...(texts as Record<string, string>) };
    out[DATA_FILES.signals] = stableStringify(signals);
    out[DATA_FILES.events] = stableStringify(eventsFile);
    if (xOutcome.outcome === 'ok') {
      out[DATA_FILES.candidates] = stableStringify({ ...candidates, candidates: mergeById(candidates.candidates, xOutcome.value.changes.candidates) });
      out[DATA_FILES.pullState] = stableStringify({ ...state, x: xOutcome.value.state });
    }
    const data = parseDataset(readDataTexts(out), now);
    return { out, checks, data };
  };

  let xFinal = x;
  let result: ReturnType<typeof build>;
  try {
    result = build(x);
  } catch (e) {
    if (!(e instanceof DataError) || x.outcome !== 'ok') throw e;
    // What the X adapter proposed does not validate: record nothing from it, and say why.
    xFinal = { outcome: 'failed', error: `new posts failed validation: ${e.problems.join('; ')}` };
    result = build(xFinal);
  }
  const { out, checks, data } = result;
  const history = historyLine(data.signals, status, issues, checks);
  out[DATA_FILES.signalsHistory] = appendBounded(texts[DATA_FILES.signalsHistory] ?? '', history, 'fetched_at', now, LOG_BOUNDS.history.maxAgeDays, LOG_BOUNDS.history.maxLines);
  out[DATA_FILES.forecastLog] = appendOnce(texts[DATA_FILES.forecastLog] ?? '', forecastLine(data, now, input.site), 'issued_at');

  const writes = Object.fromEntries(Object.entries(out).filter(([name, text]) => text !== texts[name]));
  const outcomes = [['status', status], ['issues', issues], ['x', xFinal]] as const;
  return {
    writes,
    checks,
    lines: outcomes.map(([name, o]) => line(name, o)),
    failed: outcomes.some(([, o]) => o.outcome === 'failed'),
  };
}
