/**
 * Files in data/ that the pull and the curation commands keep for themselves: posts waiting for review,
 * where each source's reading stopped, and the append-only logs of signals and issued forecasts.
 */
import { z } from 'zod';
import { PostId, Scope, Text, Timestamp, Url } from './scalars.ts';
import { StatusSignal, ComponentStatus, SourceCheck } from './storage.ts';
import { PLATFORMS, postSourcesOf, SOURCES, type PostSource, type SourceRegistry } from '../sources.ts';

/** The platforms of the post sources (src/core/sources.ts), in the registry's order. */
export const Platform = z.enum(PLATFORMS).describe('where the post was published');

/** A post a puller could not record with confidence, or a kind it may not record itself: for `npm run review`. */
export const Candidate = z.strictObject({
  id: PostId.describe('the post id on its platform (X status id, GitHub comment or issue id)'),
  platform: Platform,
  ts: Timestamp,
  source: Text('name').min(1),
  url: Url,
  text: Text('postText', { multiline: true }),
  suggested_kind: z.enum(['reset', 'banked', 'promise']),
  suggested_scope: Scope,
  suggested_window: z
    .strictObject({ start: Timestamp, end: Timestamp, by: Text('timeWords').min(1).nullable() })
    .nullable()
    .describe('for a promise: the window its time words give (src/core/promises/window.ts)'),
  reason: Text('reason').min(1),
});
/** A candidate a maintainer turned down: remembered so later pulls do not propose it again. */
export const RejectedCandidate = z.strictObject({
  id: PostId,
  platform: Platform,
  url: Url,
  at: Timestamp,
  reason: Text('reason').min(1),
});
export const CandidatesFile = z.strictObject({
  candidates: z.array(Candidate),
  rejected: z.array(RejectedCandidate),
});

/** `npm run checked`: the maintainer looked at the sources by hand up to `at` (it moves events.checked_at). */
export const ManualCheck = z.strictObject({
  at: Timestamp.describe('the sources were looked at up to this time'),
  recorded_at: Timestamp.describe('when the check was recorded'),
  by: Text('name').optional().describe('who checked (git user.name or --by); absent when unknown'),
  note: Text('note').describe('what was looked at'),
});
export const ChecksFile = z.strictObject({ checks: z.array(ManualCheck) });
export type ChecksFile = z.infer<typeof ChecksFile>;

const Handle = z.string().regex(/^[A-Za-z0-9_]{1,15}$/);
/** Where a post source's reading stopped, by the shape it declares (SOURCES[id].post.cursor). */
export const CURSOR_SCHEMAS = {
  /** Per account (X): its numeric user id (looked up once) and the newest post id already read (`since_id`). */
  accounts: z.record(Handle, z.strictObject({ user_id: PostId, since_id: PostId.nullable() })),
  /** The creation time of the newest post already read (GitHub's staff comments). */
  since: z.strictObject({ since: Timestamp.nullable() }),
} as const;
type Cursors = { [C in keyof typeof CURSOR_SCHEMAS]: z.infer<(typeof CURSOR_SCHEMAS)[C]> };
type PostOf<K extends keyof typeof SOURCES> = (typeof SOURCES)[K] extends { post: infer P extends PostSource } ? P : never;
type PostSources = { [K in keyof typeof SOURCES]: PostOf<K> }[keyof typeof SOURCES];
/** The pull state's type as the registry declares it: a required key per `cursorRequired` platform, the others optional. */
type PullState = { [P in PostSources as P['cursorRequired'] extends true ? P['platform'] : never]: Cursors[P['cursor']] } & {
  [P in PostSources as P['cursorRequired'] extends true ? never : P['platform']]?: Cursors[P['cursor']];
};

/** data/pull-state.json for a registry: one key per post source, its platform, holding its cursor. */
export function pullStateSchema(registry: SourceRegistry) {
  const entries = postSourcesOf(registry).map((p) => [
    p.platform,
    p.cursorRequired ? CURSOR_SCHEMAS[p.cursor] : CURSOR_SCHEMAS[p.cursor].optional(),
  ]);
  return z.strictObject(Object.fromEntries(entries) as Record<string, z.ZodType>);
}
/** Where each post source's reading stopped (data/pull-state.json), keyed by platform. */
export const PullStateFile = pullStateSchema(SOURCES) as unknown as z.ZodType<PullState>;

/** One line of data/signals-history.jsonl: what each source said at one check (null when it failed). */
export const SignalsHistoryLine = z.strictObject({
  fetched_at: Timestamp,
  status: z
    .strictObject({
      indicator: StatusSignal.shape.indicator,
      components: z.record(Text('name'), ComponentStatus),
      incidents: z.int().nonnegative(),
    })
    .nullable(),
  issues: z.strictObject({ recent: z.int().nonnegative(), baseline_per_day: z.number().nonnegative() }).nullable(),
  ok: z.record(Text('name'), z.boolean()),
});

/** One line of data/forecast-log.jsonl: a forecast as issued, for the live track record. */
export const ForecastLogLine = z.strictObject({
  issued_at: Timestamp,
  available: z.boolean(),
  p24: z.int().min(0).max(100),
  p48: z.int().min(0).max(100),
  rhythm_model: Text('word').min(1),
  S: z.number(),
  official_signal: z.number(),
  status_signal: z.number(),
  issues_signal: z.number(),
  formula_version: Text('word').min(1),
});

/**
 * data/sent-log.json (retired: the alert ledger holds every attempt now; this is read only for its one-time
 * import, docs/alerts.md): per outlet, how its last broadcast went (like a source check) and every attempt
 * to deliver a recent alert to it, which was how a retry, a re-run or a second writer never sent one twice.
 */
export const DELIVERY_STATES = ['failed', 'uncertain', 'sent'] as const;
/** Every outlet broadcast to, named once (the adapters: src/jobs/broadcast/outlets/). */
export const OUTLET_NAMES = ['ntfy', 'discord', 'slack', 'telegram'] as const;
export const SentAlert = z.strictObject({
  id: z.string().min(1).describe('the alert id (tag URI)'),
  at: Timestamp.describe("the alert's own time: entries are kept while it is recent"),
  sent_at: Timestamp.describe('the last attempt'),
  // Absent in logs written before states existed, which recorded only deliveries.
  state: z
    .enum(DELIVERY_STATES)
    .default('sent')
    .describe(
      'sent: the outlet confirmed it; uncertain: it may have arrived (no answer, 5xx, connection lost after sending); failed: the outlet refused it',
    ),
  attempts: z.int().min(1).max(9).default(1).describe('attempts so far'),
});
export const OutletLog = SourceCheck.extend({
  name: z.enum(OUTLET_NAMES),
  // A source check's own words are about a pull; an outlet's check is about its last broadcast.
  ok: SourceCheck.shape.ok.describe('the outlet took the last broadcast'),
  error: SourceCheck.shape.error.describe("why it did not, in the broadcast's words, or null"),
  sent: z.array(SentAlert).describe('attempted alerts, oldest first; bounded (src/jobs/broadcast/sent-log.ts)'),
});
export const SentLogFile = z.strictObject({ outlets: z.array(OutletLog) });

export type Platform = z.infer<typeof Platform>;
export type Candidate = z.infer<typeof Candidate>;
export type RejectedCandidate = z.infer<typeof RejectedCandidate>;
export type CandidatesFile = z.infer<typeof CandidatesFile>;
export type PullStateFile = z.infer<typeof PullStateFile>;
export type SignalsHistoryLine = z.infer<typeof SignalsHistoryLine>;
export type ForecastLogLine = z.infer<typeof ForecastLogLine>;
export type SentAlert = z.infer<typeof SentAlert>;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export type OutletLog = z.infer<typeof OutletLog>;
export type SentLogFile = z.infer<typeof SentLogFile>;
