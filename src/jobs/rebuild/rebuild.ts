/**
 * Whether the scheduled pull should ask Netlify for a build (docs/pull.md, "When the site is rebuilt").
 * Every pull changes data/ (signals.json at least, and a forecast-log line), so building on every change
 * spends a build per pull. A build is needed only when what the site publishes would change:
 *  - a fact: a fact file (FACT_FILES: events, promises, grants, corrections) differs, bookkeeping fields
 *    aside, from the last commit's. Facts only change by being written, so the last commit is the exact
 *    reference, offline; it catches what the view below cannot see, a fact amended in place (a summary,
 *    a window, a link moved between our pages: the same alert ids, the same numbers);
 *  - the published view (published.ts): the forecast's numbers, the alert ids and the active banked
 *    grants with their advice, as a build now would publish them, differ from the deployed site's.
 *    These move with the clock alone (the forecast decays, a grant's reminder comes due or the grant
 *    expires, a promise window closes), so "changed" must mean "differs from what the site shows", not
 *    from the previous pull: a build that failed or a hook that was never called is made up by the next
 *    pull, and the deployed site is what readers see. Whole percents: a build per point moved, not per
 *    drift of the unrounded value. The deployed site serves its timetable (docs/timetable.md), the state for
 *    each instant, so the view is compared at the instant the deployed state is for (published.ts,
 *    `comparedInstants`): a change the clock alone makes is in the timetable and never builds by this
 *    comparison (the static outputs, below, aside); a fact does. The status and issues signals are held as
 *    deployed on both sides (published.ts, `withSignals`): they are the run-time part of every payload, so a
 *    signal check never builds, nor does a deployed signal expiring (6 h) while data/ holds a fresher one.
 *    Holding the signals, rather than leaving out the fields they move, keeps the published figures whole: a
 *    rounded p24 folds the signals in and cannot be taken apart, and the record's check (which turns
 *    `available`) still reads through it. The forecast log is data/'s, not held: a
 *    threshold crossing it records is a new alert id (sent only from a deployed alerts.json), so it builds;
 *    a line that crosses nothing moves only the track record's decimals and does not;
 *  - the horizon: the deployed timetable runs out (its last state, not vouched for, would be served) within
 *    HORIZON_MARGIN_MS;
 *  - the static outputs, only while STATIC_OUTPUTS_FOLLOW_CLOCK (false: the pages, feeds and calendar are
 *    timetable states, docs/timetable.md): when they were one file per build they showed the deployed build's
 *    instant, so a build was asked when the same view as a build of this data publishes it at that instant (the
 *    deployed forecast's `freshness.built_at`) and now differed. Kept as a switch for the bench's comparison.
 * Pure: the caller reads the files, the deployed site and the clock.
 */
import { shortAlertId } from '../../core/alerts/derive.ts';
import { ABSENT_MEANS, dataPath, FACT_FILES, type FactFileKey } from '../../core/dataset/files.ts';
import type { PublishedView } from './published.ts';
import { toTimestamp } from '../../core/time.ts';

/** The fact files' texts; a file that is absent is undefined. */
export type FactTexts = Partial<Record<FactFileKey, string>>;

export interface RebuildInput {
  /** The fact files as of the last commit (before the pull). */
  before: FactTexts;
  /** The fact files now (after the pull). */
  after: FactTexts;
  /** What a build of this data at the decision's clock would publish. */
  now: PublishedView;
  /** What the deployed site publishes, or why it could not be read. */
  deployed: PublishedView | { unreadable: string };
  /** When the deployed timetable runs out (its horizon), and the decision's clock; absent when unknown. */
  runsOut?: { horizon: Date; now: Date };
  /**
   * The view as a build of this data publishes it at the deployed build's instant (what the static pages,
   * feeds and calendar show) and at the decision's clock; absent when unknown (the site unreadable: it builds).
   */
  pages?: { built: PublishedView; now: PublishedView };
}

/**
 * Whether the static outputs (the pages in every locale, the feeds, the calendar) show the build's instant and
 * so need a build when the clock moves what they show. False: they are timetable states (docs/timetable.md),
 * served for each instant like the payloads, so deploys follow facts only (the rule the rest of this file is).
 * `npm run bench:rebuilds` replays it true beside, for what the pages cost when they were one file per build.
 */
export const STATIC_OUTPUTS_FOLLOW_CLOCK = false;

/** The reason line prefix for what the static outputs show. */
const PAGES = 'the pages, static until they are timetable states, show figures moved since the build';

/**
 * A build is asked for this long before the deployed timetable runs out: the pull runs every 30 minutes, so a
 * dozen pulls may fail before the site serves its last state.
 */
export const HORIZON_MARGIN_MS = 6 * 3_600_000;

export interface RebuildDecision {
  rebuild: boolean;
  /** One line per reason to build; empty when there is none. */
  why: string[];
}

/** Sorted keys at every level: two files with the same content compare equal whatever their layout. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
  );
}

/** A fact file's facts as comparable text: its JSON without the bookkeeping fields. Text that is not JSON compares as itself. */
function factsOf(key: FactFileKey, text: string | undefined): string {
  const raw = text ?? ABSENT_MEANS[key] ?? '';
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch {
    return raw;
  }
  if (doc !== null && typeof doc === 'object' && !Array.isArray(doc)) {
    const ignored = new Set<string>(FACT_FILES[key].bookkeeping);
    doc = Object.fromEntries(Object.entries(doc).filter(([k]) => !ignored.has(k)));
  }
  return JSON.stringify(canonical(doc));
}

/** The fact files whose facts differ between `before` and `after`, in registry order. */
export function changedFactFiles(before: FactTexts, after: FactTexts): FactFileKey[] {
  return (Object.keys(FACT_FILES) as FactFileKey[]).filter((key) => factsOf(key, before[key]) !== factsOf(key, after[key]));
}

const NUMBER_FIELDS = ['available', 'p24', 'p48'] as const;
/** Ids listed per reason line; the rest are counted (a site far behind would otherwise print hundreds). */
const LISTED = 3;

function listed(label: string, ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED).map(shortAlertId).join(', ');
  return `${label} ${shown}${ids.length > LISTED ? ` and ${ids.length - LISTED} more` : ''}`;
}

/**
 * One line per part of the published view that differs from the deployed one, forecast first; `from` names
 * what `deployed` is (the deployed site's answers, or what the static outputs show: "built").
 */
export function viewChanges(
  deployed: PublishedView,
  now: PublishedView,
  from: 'deployed' | 'built' = 'deployed',
): Partial<Record<keyof PublishedView, string>> {
  const changes: Partial<Record<keyof PublishedView, string>> = {};
  const moved = NUMBER_FIELDS.filter((f) => deployed.forecast[f] !== now.forecast[f]).map(
    (f) => `${f} ${deployed.forecast[f]} → ${now.forecast[f]}`,
  );
  if (moved.length > 0) changes.forecast = `forecast: ${moved.join(', ')} (${from} → now)`;
  for (const part of ['alerts', 'banked'] as const) {
    // Sets: the order is the payload's (newest first, soonest expiry first) and follows from the members.
    const [was, is] = [new Set(deployed[part]), new Set(now[part])];
    const added = now[part].filter((x) => !was.has(x));
    const gone = deployed[part].filter((x) => !is.has(x));
    const parts = [...(added.length > 0 ? [listed('new', added)] : []), ...(gone.length > 0 ? [listed('gone', gone)] : [])];
    if (parts.length > 0) changes[part] = `${part}: ${parts.join('; ')} (${from} → now)`;
  }
  return changes;
}

/** One line per part of the view the clock has moved since the deployed build, each saying it is what the static outputs show. */
export function pagesChanges(pages: { built: PublishedView; now: PublishedView }): string[] {
  return Object.values(viewChanges(pages.built, pages.now, 'built')).map((line) => `${PAGES}: ${line}`);
}

/** `staticOutputsFollowClock`: STATIC_OUTPUTS_FOLLOW_CLOCK, given only to state the rule once pages are states (bench, tests). */
export function rebuildDecision(input: RebuildInput, staticOutputsFollowClock = STATIC_OUTPUTS_FOLLOW_CLOCK): RebuildDecision {
  const why = changedFactFiles(input.before, input.after).map((key) => `${dataPath(key)}: facts changed`);
  const { deployed } = input;
  // Unknown is not "unchanged": a site that cannot be read may be a failed deploy, and one build too many costs less than a stale site.
  if ('unreadable' in deployed) why.push(`the deployed site could not be read (${deployed.unreadable}), so building`);
  else why.push(...Object.values(viewChanges(deployed, input.now)));
  const { runsOut } = input;
  if (runsOut && runsOut.now.getTime() >= runsOut.horizon.getTime() - HORIZON_MARGIN_MS)
    why.push(`the deployed timetable runs out at ${toTimestamp(runsOut.horizon)} (now ${toTimestamp(runsOut.now)}): building a new one`);
  if (staticOutputsFollowClock && input.pages) why.push(...pagesChanges(input.pages));
  return { rebuild: why.length > 0, why };
}
