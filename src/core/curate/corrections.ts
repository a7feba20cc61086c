/**
 * `npm run correct`: a published fact changed after publication. The event is changed in
 * data/events.json and the change is logged in data/corrections.json with its value before and after,
 * the reason and the time; a retraction moves the whole record (and its grant) into the log.
 */
import {
  Certainty,
  Kind,
  Origin,
  Timestamp,
  Url,
  type Announcement,
  type BankedGrant,
  type Correction,
  type StoredEvent,
} from '../schema/index.ts';
import { correctionKey } from '../corrections/index.ts';
import { fulfils, linkPromises, promiseAnchor } from '../promises/index.ts';
import { isXPostUrl } from '../postid.ts';
import { isOfficialXAccount } from '../sources.ts';
import { beyondSkew, toIsoDate, toTimestamp } from '../time.ts';
import { amendments } from '../corrections/amend.ts';
import { withUnknowns } from './events.ts';
import { CurationError, parseFlag, scopeFlag, textFlag } from './errors.ts';
import { followEvent, grantForEvent, sortGrants } from './grants.ts';
import { POST_FLOOR } from './post-ref.ts';
import { brokenLinks, refuseUnlinking } from './links.ts';
import { withCorrections, withEvents, type Curated, type Outcome } from './state.ts';

export interface CorrectArgs {
  ts?: string;
  scope?: string;
  kind?: string;
  partial?: boolean;
  global?: boolean;
  summary?: string;
  certainty?: string;
  origin?: string;
  source?: string;
  'scope-note'?: string;
  /** A new link, for an event with no X post of its own (an X post's link is the post). */
  url?: string;
  expires?: string;
  /** The event did not happen as recorded: withdraw it. */
  retract?: boolean;
  reason?: string;
}

function amended(e: StoredEvent, args: CorrectArgs, now: Date): StoredEvent {
  const next = { ...e };
  if (args.ts !== undefined) {
    const ts = parseFlag(Timestamp, args.ts, 'ts');
    if (beyondSkew(ts, now)) throw new CurationError(`--ts ${ts}: in the future (now ${toTimestamp(now)})`);
    if (ts < POST_FLOOR)
      throw new CurationError(`--ts ${ts}: before ${POST_FLOOR} (30 days before the first Codex usage-limit reset on record)`);
    Object.assign(next, { ts, date: toIsoDate(new Date(ts)) });
  }
  if (args.scope !== undefined) next.scope = scopeFlag(args.scope);
  if (args.kind !== undefined) next.kind = parseFlag(Kind, args.kind, 'kind');
  if (args.partial !== undefined) next.partial = args.partial;
  if (args.global !== undefined) next.global = args.global;
  // A partial or global now given is known: it leaves uncertain_fields.
  const unknown = (f: 'partial' | 'global'): boolean => args[f] === undefined && e.uncertain_fields.includes(f);
  next.uncertain_fields = withUnknowns(e.uncertain_fields, { partial: unknown('partial'), global: unknown('global') });
  if (args.summary !== undefined) next.summary = textFlag(args.summary, 'summary', 'summary');
  if (args['scope-note'] !== undefined) next.scope_note = textFlag(args['scope-note'], 'note', 'scope-note');
  if (args.source !== undefined) {
    if (isXPostUrl(e.url)) throw new CurationError(`--source: event ${e.id} is an X post; its account is in its link (${e.url})`);
    next.source = textFlag(args.source, 'name', 'source');
  }
  if (args.origin !== undefined) next.origin = parseFlag(Origin, args.origin, 'origin');
  if (args.certainty !== undefined) next.certainty = parseFlag(Certainty, args.certainty, 'certainty');
  if (next.origin.startsWith('official') && isXPostUrl(e.url) && !isOfficialXAccount(next.source))
    throw new CurationError(`--origin ${next.origin}: ${next.source} is not an official account (src/core/sources.ts)`);
  if (!next.origin.startsWith('official') && next.certainty === 'high')
    throw new CurationError(`--certainty high: a ${next.origin} record is at most medium certainty`);
  if (args.url !== undefined) {
    if (isXPostUrl(e.url)) throw new CurationError(`--url: event ${e.id} is an X post; its link is the post (${e.url})`);
    next.url = parseFlag(Url, args.url, 'url');
  }
  return next;
}

/** `correct -- <promise id> --fulfilled-by <event id|none>`: relinks a promise by hand, on the record. */
export function relinkPromise(state: Curated, promiseId: string, target: string, reason: string | undefined, now: Date): Outcome {
  const why = reason === undefined ? '' : textFlag(reason, 'reason', 'reason');
  if (!why) throw new CurationError('--reason is required: say why the record changes');
  const promise = state.announcements.announcements.find((a) => promiseAnchor(a) === `p-${promiseId}`);
  if (!promise) throw new CurationError(`no promise ${promiseId} is recorded (its X id, or the number of its page anchor)`);
  let after: string | null = null;
  if (target !== 'none') {
    const event = state.events.events.find((e) => e.id === target);
    if (!event) throw new CurationError(`--fulfilled-by ${target}: no event ${target} is recorded`);
    if (!fulfils(event, promise))
      throw new CurationError(
        `--fulfilled-by ${target}: a ${event.kind} for ${event.scope} at ${event.ts} does not fulfil this promise (kind, scope or window; docs/data.md)`,
      );
    after = target;
  }
  if (after === promise.fulfilled_by)
    throw new CurationError(`promise ${promiseId} is already fulfilled by ${after ?? 'none'}; nothing to correct`);
  const relink: Correction = {
    event_id: promiseId,
    at: toTimestamp(now),
    what: 'fulfilled_by',
    before: promise.fulfilled_by,
    after,
    reason: why,
  };
  const announcements = state.announcements.announcements.map((a) => (a === promise ? { ...a, fulfilled_by: after } : a));
  return {
    state: withCorrections({ ...state, announcements: { announcements } }, [relink]),
    lines: [`promise ${promise.url}: fulfilled by ${promise.fulfilled_by ?? 'none'} → ${after ?? 'none'}`],
  };
}

/** `correct -- <event id> --reason "…"`: withdraws the event (`--retract`) or amends its fields. */
export function correctEvent(state: Curated, eventId: string, args: CorrectArgs, now: Date): Outcome {
  const reason = args.reason === undefined ? '' : cleanReason(args.reason);
  if (!reason) throw new CurationError('--reason is required: say why the record changes');
  const event = recordedEvent(state, eventId);
  return args.retract ? retractEvent(state, event, args, reason, now) : amendEvent(state, event, args, reason, now);
}

/** The event with this id, or an error that says whether it was retracted. */
function recordedEvent(state: Curated, eventId: string): StoredEvent {
  const event = state.events.events.find((e) => e.id === eventId);
  if (event) return event;
  const retracted = state.corrections.corrections.some((c) => c.what === 'retraction' && c.event_id === eventId);
  throw new CurationError(`no event ${eventId} is recorded${retracted ? ' (it was retracted)' : ''}`);
}

/** The field flags given (all but --reason and --retract), in the order they were passed. */
const givenFields = (args: CorrectArgs): string[] =>
  Object.entries(args).flatMap(([k, v]) => (v === undefined || k === 'reason' || k === 'retract' ? [] : [k]));

/**
 * `--retract`: the event did not happen as recorded. It and its grant leave the files whole, into one
 * retraction record; refused while a promise counts it as its fulfilment (relink that first).
 */
export function retractEvent(state: Curated, event: StoredEvent, args: CorrectArgs, reason: string, now: Date): Outcome {
  const [field] = givenFields(args);
  if (field !== undefined) throw new CurationError(`--retract withdraws the whole event; drop --${field}`);
  refuseUnlinking(
    event.id,
    'fulfils',
    state.announcements.announcements.filter((a) => a.fulfilled_by === event.id),
  );
  const grant = grantOf(state, event.id);
  const retraction: Correction = {
    event_id: event.id,
    at: toTimestamp(now),
    what: 'retraction',
    before: { event, grant: grant ?? null },
    after: null,
    reason,
  };
  const remaining = withEvents(
    state,
    state.events.events.filter((e) => e.id !== event.id),
  );
  const next = withCorrections(withoutGrantOf(remaining, event.id), [retraction]);
  return {
    state: next,
    lines: [
      `retracted ${event.id} (${event.ts} ${event.kind})${grant ? ` and its grant ${grant.id}` : ''}; correction ${correctionKey(retraction)}`,
    ],
  };
}

/**
 * Field flags: the event as amended, one correction per published fact that changed, its grant made,
 * followed or removed with its kind, and any waiting promise it now fulfils linked (as add-event does).
 */
export function amendEvent(state: Curated, event: StoredEvent, args: CorrectArgs, reason: string, now: Date): Outcome {
  if (givenFields(args).length === 0)
    throw new CurationError(
      'nothing to correct: give a field to change (--ts, --scope, --kind, --partial, --global, --summary, --certainty, ' +
        '--origin, --source, --scope-note, --url, --expires) or --retract',
    );
  const grant = grantOf(state, event.id);
  if (args.expires !== undefined && !grant && args.kind !== 'banked')
    throw new CurationError(`--expires: event ${event.id} has no banked grant`);
  const expires = args.expires === undefined ? undefined : parseFlag(Timestamp, args.expires, 'expires');
  const after = amended(event, args, now);
  if (args.expires !== undefined && after.kind !== 'banked')
    throw new CurationError(`--expires applies to banked resets only, not --kind ${after.kind}`);
  refuseUnlinking(event.id, 'as corrected would no longer fulfil', brokenLinks(state.announcements.announcements, after));
  const grantAfter = grantAfterAmend(state, grant, event, after, expires);
  const changes = amendments(event, after, grant, grantAfter, toTimestamp(now), reason);
  if (changes.length === 0) throw new CurationError(`event ${event.id} already records exactly these facts; nothing to correct`);
  const { state: next, linked } = withAmendment(state, after, grantAfter, changes);
  return { state: next, lines: amendLines(changes, grant, grantAfter, linked) };
}

/** One line per correction, then the grant made or removed, then each promise now linked. */
function amendLines(
  changes: readonly Correction[],
  grant: BankedGrant | undefined,
  grantAfter: BankedGrant | undefined,
  linked: readonly Announcement[],
): string[] {
  const lines = changes.map((c) => `corrected ${c.event_id}: ${c.what} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`);
  if (grantAfter && !grant) lines.push(`granted ${grantAfter.id}: expires ${grantAfter.expires_at}`);
  if (grant && !grantAfter) lines.push(`removed grant ${grant.id}`);
  for (const a of linked) lines.push(`promise ${a.url} fulfilled by ${a.fulfilled_by}`);
  return lines;
}

const grantOf = (state: Curated, eventId: string): BankedGrant | undefined => state.banked.grants.find((g) => g.event_id === eventId);

const withoutGrantOf = (state: Curated, eventId: string): Curated => ({
  ...state,
  banked: { ...state.banked, grants: state.banked.grants.filter((g) => g.event_id !== eventId) },
});

/** A kind change to or from banked makes or removes the grant in the same write; a kept grant follows its event. */
function grantAfterAmend(
  state: Curated,
  grant: BankedGrant | undefined,
  before: StoredEvent,
  after: StoredEvent,
  expires: string | undefined,
): BankedGrant | undefined {
  if (after.kind !== 'banked') return undefined;
  const next = grant
    ? { ...followEvent(grant, before, after), ...(expires ? { expires_at: expires } : {}) }
    : grantForEvent(after, state.banked, expires);
  if (next.expires_at <= next.granted_at) throw new CurationError(`--expires ${next.expires_at}: not after the grant (${next.granted_at})`);
  return next;
}

/** The amended event, its grant and corrections written into the state; waiting promises it now fulfils linked. */
function withAmendment(
  state: Curated,
  after: StoredEvent,
  grantAfter: BankedGrant | undefined,
  changes: readonly Correction[],
): { state: Curated; linked: Announcement[] } {
  const events = withEvents(
    state,
    state.events.events.map((e) => (e.id === after.id ? after : e)),
  );
  const others = withoutGrantOf(events, after.id);
  const granted = {
    ...others,
    banked: { ...others.banked, grants: sortGrants(grantAfter ? [...others.banked.grants, grantAfter] : others.banked.grants) },
  };
  const next = withCorrections(granted, changes);
  const { announcements, linked } = linkPromises(next.announcements.announcements, next.events.events);
  return { state: { ...next, announcements: { announcements } }, linked };
}

const cleanReason = (reason: string): string => (reason.trim() ? textFlag(reason, 'reason', 'reason') : '');
