/**
 * `npm run add-event`: one post and its facts in, the event (and, for a banked reset, its grant) out.
 * `--update` amends an event already recorded; every published fact it changes is logged as a
 * correction, so nothing on the record is rewritten silently.
 */
import { Certainty, Kind, Scope, Timestamp, type Amendment, type StoredEvent } from '../schema.ts';
import { linkPromises } from '../promises.ts';
import { toIsoDate, toTimestamp } from '../time.ts';
import { amendments, BANKED_KIND_CHANGE } from './amend.ts';
import { CurationError, parseFlag } from './errors.ts';
import { followEvent, grantForEvent, sortGrants } from './grants.ts';
import { postRef, postTime } from './post-ref.ts';
import { withCorrections, withEvents, type Curated, type Outcome } from './state.ts';

export interface EventArgs {
  url: string;
  kind: string;
  scope: string;
  summary: string;
  partial?: boolean;
  global?: boolean;
  certainty?: string;
  /** GitHub posts only: when it was posted. */
  at?: string;
  /** GitHub posts only: the posting account. */
  source?: string;
  /** Banked only: the grant's expiry, when the post gives one (else grant + expiry_days). */
  expires?: string;
  /** Amend an event already recorded with this id (otherwise a duplicate is refused). */
  update?: boolean;
  /** Why an amended event changed (logged with each correction). */
  reason?: string;
}

/** The event the arguments describe (validated flag by flag); `previous` supplies what --update leaves out. */
function buildEvent(args: EventArgs, now: Date, previous: StoredEvent | undefined): StoredEvent {
  const ref = postRef(args.url);
  const when = postTime(ref, args.at ?? (previous && ref.platform === 'github' ? previous.ts : undefined), now);
  const source = ref.account ?? args.source?.trim() ?? previous?.source;
  if (!source) throw new CurationError(`--source is required for ${ref.url}: the account that posted it`);
  const summary = args.summary.trim();
  if (!summary) throw new CurationError('--summary must not be empty');
  const scope = parseFlag(Scope, args.scope, 'scope');
  const partial = args.partial ?? previous?.partial;
  return {
    id: ref.id,
    date: toIsoDate(when),
    ts: toTimestamp(when),
    scope,
    kind: parseFlag(Kind, args.kind, 'kind'),
    source,
    url: ref.url,
    summary,
    partial: partial ?? false,
    global: args.global ?? previous?.global ?? scope === 'all',
    origin: 'official_post',
    certainty: parseFlag(Certainty, args.certainty ?? previous?.certainty ?? 'high', 'certainty'),
    // Unknown is not invented: a post that did not say whether the reset was partial is marked so.
    uncertain_fields: previous?.uncertain_fields ?? (partial === undefined ? ['partial'] : []),
    ...(previous?.scope_note ? { scope_note: previous.scope_note } : {}),
  };
}

export function recordEvent(state: Curated, args: EventArgs, now: Date): Outcome {
  const id = postRef(args.url).id;
  const previous = state.events.events.find((e) => e.id === id);
  if (previous && !args.update) throw new CurationError(`event ${id} is already recorded (${previous.date}, ${previous.kind}); pass --update to amend it`);
  if (!previous && args.update) throw new CurationError(`--update: no event ${id} is recorded; drop --update to add it`);
  if (!previous && state.corrections.corrections.some((c) => c.what === 'retraction' && c.event_id === id))
    throw new CurationError(`event ${id} was retracted (data/corrections.json); it cannot be recorded again under the same post`);
  const event = buildEvent(args, now, previous);
  if (args.expires !== undefined && event.kind !== 'banked') throw new CurationError(`--expires applies to banked resets only, not --kind ${event.kind}`);
  const expires = args.expires === undefined ? undefined : parseFlag(Timestamp, args.expires, 'expires');
  if (expires !== undefined && expires <= event.ts) throw new CurationError(`--expires ${expires}: not after the grant (${event.ts})`);
  if (previous && (previous.kind === 'banked') !== (event.kind === 'banked')) throw new CurationError(`--kind ${event.kind}: ${BANKED_KIND_CHANGE}`);

  const grants = state.banked.grants.filter((g) => g.event_id !== id);
  const oldGrant = state.banked.grants.find((g) => g.event_id === id);
  const grant =
    event.kind !== 'banked' ? undefined
    : oldGrant && previous ? { ...followEvent(oldGrant, previous, event), ...(expires ? { expires_at: expires } : {}) }
    : grantForEvent(event, state.banked, expires);
  const changes: Amendment[] = previous ? amendments(previous, event, oldGrant, grant, toTimestamp(now), args.reason ?? 'amended with add-event --update') : [];
  if (previous && changes.length === 0) throw new CurationError(`--update: event ${id} already records exactly these facts; nothing to change`);

  let next = withEvents(state, [...state.events.events.filter((e) => e.id !== id), event]);
  next = { ...next, banked: { ...next.banked, grants: sortGrants(grant ? [...grants, grant] : grants) } };
  next = withCorrections(next, changes);
  const linked = linkPromises(next.announcements.announcements, next.events.events);
  next = { ...next, announcements: { announcements: linked.announcements } };

  const lines = [`${previous ? 'updated' : 'added'} ${event.id}: ${event.ts} ${event.kind} ${event.scope} by ${event.source}`];
  if (grant) lines.push(`${oldGrant ? 'grant' : 'granted'} ${grant.id}: expires ${grant.expires_at}`);
  for (const c of changes) lines.push(`correction: ${c.what} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`);
  for (const a of linked.linked) lines.push(`promise ${a.url} fulfilled by ${a.fulfilled_by}`);
  return { state: next, lines };
}
