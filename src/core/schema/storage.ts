/**
 * The files in data/ that the build reads: recorded events, promises, banked grants, the signal
 * snapshot and the corrections log. Each is validated whole at build (src/core/dataset/index.ts).
 */
import { z } from 'zod';
import { SOURCES } from '../sources.ts';
import { Certainty, IsoDate, Kind, Origin, PostId, Scope, Text, Timestamp, Url } from './scalars.ts';

/** The pulled sources by id, each with what it is, for the meaning of a source check's name (from SOURCES). */
const SOURCE_MEANINGS = Object.entries(SOURCES)
  .map(([id, source]) => `\`${id}\` (${source.meaning})`)
  .join(', ');

/** Meanings several records share (descriptions, carried into the published JSON Schemas and docs/api.md). */
const SAID_BY = 'who published it: the account or site that said it';
const COMES_FROM = 'the post or page it comes from';
const SAID = 'what was said, paraphrased in English';
const UNCERTAIN_FIELDS = 'fields of the record that are not certain';

/** One recorded event as stored in data/events.json: the published record plus curation notes. */
export const StoredEvent = z.strictObject({
  id: PostId.describe('stable identifier'),
  date: IsoDate,
  ts: Timestamp,
  scope: Scope,
  kind: Kind,
  source: Text('name').min(1).describe(SAID_BY),
  url: Url.describe(COMES_FROM),
  summary: Text('summary').min(1).describe(SAID),
  partial: z.boolean().describe('only some limits or some accounts were reset'),
  global: z.boolean().describe('applied to every account on the scope'),
  origin: Origin,
  certainty: Certainty,
  uncertain_fields: z.array(Text('name').min(1)).describe(UNCERTAIN_FIELDS),
  scope_note: Text('note').min(1).optional().describe('a note on who was covered; absent when there is none'),
});

export const EventsFile = z.strictObject({
  checked_at: Timestamp.describe('when the event sources were last checked'),
  events: z.array(StoredEvent),
});

/**
 * An official post that promised a coming reset (the official pre-announcement signal), with the UTC
 * window in which the reset was expected: given in the post, or derived from its words by the rule in
 * src/core/promises/window.ts (docs/data.md).
 */
export const Announcement = z.strictObject({
  id: PostId.nullable().describe('X status id of the post, or null for a post elsewhere (e.g. a GitHub comment)'),
  ts: Timestamp.describe('when the promise was posted'),
  source: Text('name').min(1).describe(SAID_BY),
  url: Url.describe(COMES_FROM),
  summary: Text('summary')
    .min(1)
    .nullable()
    .describe("the promise in its post's own words, or null when the record kept none (pages then show its window and post)"),
  by: Text('timeWords').min(1).nullable().describe('the time words of the post ("by EOD", "10am PT"), or null when it gave none'),
  window_start: Timestamp.describe('start of the UTC window in which the promised reset is expected'),
  window_end: Timestamp.describe('end of that window: with no reset by then, the promise has lapsed'),
  fulfilled_by: PostId.nullable().describe('id of the event that delivered the promise, or null while open or lapsed'),
  scope: Scope.optional().describe('the plans the post promised the reset for; absent when it did not say'),
  kind: z.enum(['reset', 'banked']).optional().describe('what the post promised: a reset (the default) or a banked reset'),
});
export const AnnouncementsFile = z.strictObject({ announcements: z.array(Announcement) });

export const BankedGrant = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .describe('stable identifier'),
  granted_at: Timestamp,
  expires_at: Timestamp,
  scope: Scope,
  summary: Text('summary').min(1).describe(SAID),
  url: Url.nullable().describe(COMES_FROM),
  event_id: PostId.nullable().describe('the recorded event it belongs to'),
  certainty: Certainty,
  uncertain_fields: z.array(Text('name').min(1)).describe(UNCERTAIN_FIELDS),
});
export const BankedFile = z.strictObject({
  expiry_days: z.int().positive().describe('a banked reset expires this many days after it is granted unless the grant says otherwise'),
  grants: z.array(BankedGrant),
});

export const ComponentStatus = z.enum([
  'operational',
  'degraded_performance',
  'partial_outage',
  'major_outage',
  'under_maintenance',
  'unknown',
]);
export const SourceCheck = z.strictObject({
  name: Text('name').min(1).describe(`the source: ${SOURCE_MEANINGS}`),
  ok: z.boolean().describe('the source answered in the last pull'),
  error: Text('error').nullable().describe("why it did not, in the pull's words (English, capped), or null"),
  checked_at: Timestamp,
  outcome: z
    .enum(['ok', 'failed', 'skipped'])
    .optional()
    .describe('skipped: the source was not asked (e.g. no API token configured); ok is false because nothing was checked'),
  last_ok_at: Timestamp.nullable().optional().describe('last successful check of this source, null if never'),
  via: Text('word').min(1).optional().describe('which adapter answered, when a source has more than one'),
  note: Text('error').min(1).optional().describe('what a successful check left out of its answer, e.g. a link to another host'),
  skip_reason: z.enum(['no_token']).optional().describe('why a skipped source was not asked: no_token, its API token is not configured'),
});
const NAME = 'its name, as the source gives it';
const STATE = 'its state, as the source gives it';
export const StatusSignal = z.strictObject({
  indicator: z
    .enum(['none', 'minor', 'major', 'critical', 'maintenance', 'unknown'])
    .describe("the page's overall indicator; `unknown` until a check has succeeded"),
  components: z
    .array(z.strictObject({ name: Text('name').describe(NAME), status: ComponentStatus.describe(STATE) }))
    .describe('the Codex components and their status'),
  incidents: z
    .array(
      z.strictObject({
        id: Text('id').describe('stable identifier'),
        name: Text('name').describe(NAME),
        status: Text('word').describe(STATE),
        impact: Text('word').describe('the impact the status page gives'),
        started_at: Timestamp,
        resolved_at: Timestamp.nullable().describe('when it was resolved, or null while open'),
        url: Url.nullable().describe(COMES_FROM),
      }),
    )
    .describe('incidents that concern Codex'),
  checked_at: Timestamp.nullable().describe('last successful status check, null if never'),
});
export const IssuesSignal = z.strictObject({
  recent_count: z.int().nonnegative().nullable().describe('new usage-limit issues in the last 24 h'),
  baseline_per_day: z.number().nonnegative().nullable().describe('mean new usage-limit issues per day over the baseline window'),
  baseline_days: z.int().positive().describe('days of history the baseline is averaged over'),
  checked_at: Timestamp.nullable().describe('last successful issues check, null if never'),
});
export const SignalsFile = z.strictObject({
  fetched_at: Timestamp.describe('time of the last signal check'),
  status: StatusSignal.describe('the OpenAI status page as last checked'),
  issues: IssuesSignal.describe('new usage-limit issues in the Codex issue tracker'),
  sources: z
    .array(SourceCheck)
    .describe(
      'one entry per source of the last pull: whether it answered. Empty before the first scheduled pull: no check has succeeded yet',
    ),
});

/**
 * Published facts a correction may change: the event's fields (`id` never changes: it names the post;
 * `date` follows `ts`) and, for a banked reset, its grant's expiry.
 */
export const AMENDABLE_FIELDS = [
  'ts',
  'scope',
  'kind',
  'partial',
  'global',
  'summary',
  'certainty',
  'url',
  'expires_at',
  'origin',
  'source',
  'scope_note',
] as const;
export type AmendableField = (typeof AMENDABLE_FIELDS)[number];

const EventRef = PostId.describe('the corrected event');
const RecordedAt = Timestamp.describe('when the correction was recorded');
const Reason = Text('reason').min(1).describe('why the record changed');
// Every kind of correction shares these three meanings: the log is one list, read field by field.
const WHAT =
  'the field that changed (`fulfilled_by`: a promise relinked), or `retraction` (the event withdrawn) or `rerecorded` (a retracted post recorded again)';
const BEFORE = 'the value before; for a retraction, the event and its banked grant as they were recorded';
const AFTER = 'the value after; null for a retraction';
/** An amended value as text: the longest amendable text is a URL. */
const AmendedText = Text('url');
/** One published fact changed: the field, its value before and after. */
export const Amendment = z.strictObject({
  event_id: EventRef,
  at: RecordedAt,
  what: z.enum(AMENDABLE_FIELDS).describe(WHAT),
  // "unknown" for a partial or global that was not known (listed in uncertain_fields) before or after.
  before: z.union([AmendedText, z.boolean()]).describe(BEFORE),
  after: z.union([AmendedText, z.boolean()]).describe(AFTER),
  reason: Reason,
});
/** A recorded event withdrawn (it did not happen as recorded): the record and its banked grant are kept here. */
export const Retraction = z.strictObject({
  event_id: EventRef,
  at: RecordedAt,
  what: z.literal('retraction').describe(WHAT),
  before: z
    .strictObject({
      event: StoredEvent.describe('the event as it was recorded'),
      grant: BankedGrant.nullable().describe('its banked grant as it was recorded, or null when it had none'),
    })
    .describe(BEFORE),
  after: z.null().describe(AFTER),
  reason: Reason,
});
/** A retracted post recorded again (add-event --supersedes): the retraction stays on the log, this follows it. */
export const Rerecord = z.strictObject({
  event_id: EventRef,
  at: RecordedAt,
  what: z.literal('rerecorded').describe(WHAT),
  supersedes: z.string().min(1).describe('the retraction it supersedes, as "<event id>:<at>:retraction"'),
  before: z.null().describe(BEFORE),
  after: z.null().describe(AFTER),
  reason: Reason,
});
/** A promise linked by hand to the event that fulfilled it (or unlinked): event_id is the promise's post id. */
export const Relink = z.strictObject({
  event_id: PostId.describe("the promise's post id (its X id, else the number of its page anchor)"),
  at: RecordedAt,
  what: z.literal('fulfilled_by').describe(WHAT),
  before: PostId.nullable().describe(BEFORE),
  after: PostId.nullable().describe(AFTER),
  reason: Reason,
});
export const Correction = z.discriminatedUnion('what', [Retraction, Rerecord, Relink, Amendment]);
export const CorrectionsFile = z.strictObject({ corrections: z.array(Correction) });

export type StoredEvent = z.infer<typeof StoredEvent>;
export type EventsFile = z.infer<typeof EventsFile>;
export type Announcement = z.infer<typeof Announcement>;
export type AnnouncementsFile = z.infer<typeof AnnouncementsFile>;
export type BankedGrant = z.infer<typeof BankedGrant>;
export type BankedFile = z.infer<typeof BankedFile>;
export type SignalsFile = z.infer<typeof SignalsFile>;
export type SourceCheck = z.infer<typeof SourceCheck>;
export type Amendment = z.infer<typeof Amendment>;
export type Retraction = z.infer<typeof Retraction>;
export type Rerecord = z.infer<typeof Rerecord>;
export type Relink = z.infer<typeof Relink>;
export type Correction = z.infer<typeof Correction>;
export type CorrectionsFile = z.infer<typeof CorrectionsFile>;
