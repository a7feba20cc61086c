/**
 * Every file in data/, named once. The build reads the build files; the pull and the curation commands
 * also keep their own bookkeeping here. Readers, writers, tests and docs take names from this list.
 */
export const DATA_FILES = {
  events: 'events.json',
  announcements: 'announcements.json',
  banked: 'banked.json',
  signals: 'signals.json',
  corrections: 'corrections.json',
  forecastLog: 'forecast-log.jsonl',
  candidates: 'candidates.json',
  pullState: 'pull-state.json',
  signalsHistory: 'signals-history.jsonl',
  sentLog: 'sent-log.json',
  checks: 'checks.json',
} as const;
export type DataFileKey = keyof typeof DATA_FILES;

/** The files the build reads, validates and publishes from (the rest are the pull's bookkeeping). */
export const BUILD_FILES = [
  'events',
  'announcements',
  'banked',
  'signals',
  'corrections',
  'forecastLog',
] as const satisfies readonly DataFileKey[];
export type BuildFileKey = (typeof BUILD_FILES)[number];

/**
 * The files whose change is a change of the published facts (events, promises, grants, corrections):
 * the scheduled pull asks Netlify for a build when one of them changed (src/jobs/rebuild/rebuild.ts, docs/pull.md). Each
 * names its top-level fields that are bookkeeping, not facts, and so do not count: events.json's
 * `checked_at` moves with every successful X check. Everything else in the file counts, so a field added
 * later is a fact until someone says otherwise here. The other build files are not facts: signals.json
 * changes with every check and is applied at run time (the decision holds the deployed signals), and
 * forecast-log.jsonl grows with every pull; a threshold crossing it records is compared as a new alert id.
 */
export const FACT_FILES = {
  events: { bookkeeping: ['checked_at'] },
  announcements: { bookkeeping: [] },
  banked: { bookkeeping: [] },
  corrections: { bookkeeping: [] },
} as const satisfies Partial<Record<BuildFileKey, { bookkeeping: readonly string[] }>>;
export type FactFileKey = keyof typeof FACT_FILES;

/**
 * The files of data/ whose change alone needs no deploy: a push to main that changes only these is skipped by
 * netlify.toml's `ignore` command (.ci/deploy-ignore.mjs, docs/pull.md "Which pushes Netlify builds"). The
 * signals are applied at run time; the signal history and the pull's bookkeeping are not read by the build; a
 * forecast-log line reaches the site through the pull's decision (a threshold crossing is a new alert id,
 * src/jobs/rebuild/rebuild.ts), not through a push. Every other file, the facts included, builds, and so does
 * any file outside data/. The command runs before `npm ci`, with no TypeScript, so it reads this list from
 * .gitattributes (`resetcast-deploy=skip`), which tests/scripts/deploy-ignore.test.ts holds to it. Every data
 * file is either here or a fact file (FACT_FILES), never both, so a new file is classified when it is added.
 */
export const DEPLOY_NEUTRAL_FILES = [
  'signals',
  'signalsHistory',
  'forecastLog',
  'candidates',
  'pullState',
  'sentLog',
  'checks',
] as const satisfies readonly DataFileKey[];

/**
 * How the scheduled workflow's commit (.ci/commit-data) merges a file when main moved while the run
 * pulled (docs/pull.md, "When main moved during a run"): a log (`lines`) keeps both sides' lines, each
 * once, ordered by its `time` field; a snapshot (`newest`) is taken from the side whose `time` is later.
 * Every file not named here merges `together`: the facts and the pull's own bookkeeping (its cursors and
 * the candidates its finds went to) come from one side as a whole, so a cursor never passes a find that
 * was not kept. The script runs no project code: it reads the same rules from .gitattributes
 * (`resetcast-merge`, `resetcast-time`), which tests/scripts/commit-data.test.ts holds to this list.
 */
export const MERGE_RULES = {
  forecastLog: { merge: 'lines', time: 'issued_at' },
  signalsHistory: { merge: 'lines', time: 'fetched_at' },
  signals: { merge: 'newest', time: 'fetched_at' },
} as const satisfies Partial<Record<DataFileKey, { merge: 'lines' | 'newest'; time: string }>>;

/** Files that may be absent (a fresh checkout, a first pull), and what an absent one holds. */
export const ABSENT_MEANS: Partial<Record<DataFileKey, string>> = {
  corrections: '{"corrections":[]}',
  forecastLog: '',
  candidates: '{"candidates":[],"rejected":[]}',
  pullState: '{"x":{}}',
  signalsHistory: '',
  sentLog: '{"outlets":[]}',
  checks: '{"checks":[]}',
};

/** `data/events.json`: how messages name a file. */
export const dataPath = (key: DataFileKey): string => `data/${DATA_FILES[key]}`;
