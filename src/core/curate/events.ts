/**
 * `npm run add-event`: one post and its facts in, the event (and, for a banked reset, its grant) out.
 * `--update` amends an event already recorded; every published fact it changes is logged as a
 * correction, so nothing on the record is rewritten silently.
 */
import { Kind, Timestamp, type Amendment, type Correction, type StoredEvent } from '../schema/index.ts';
import { correctionKey } from '../corrections/index.ts';
import { linkPromises } from '../promises/index.ts';
import { toIsoDate, toTimestamp } from '../time.ts';
import { amendments } from '../corrections/amend.ts';
import { CurationError, parseFlag, scopeFlag, textFlag } from './errors.ts';
import { followEvent, grantForEvent, sortGrants } from './grants.ts';
import { brokenLinks, refuseUnlinking } from './links.ts';
import { originOf } from './origin.ts';
import { postRef, postTime, type PostRef } from './post-ref.ts';
import { withCorrections, withEvents, type Curated, type Outcome } from './state.ts';

export interface EventArgs {
  url: string;
  kind: string;
  scope: string;
  summary: string;
  partial?: boolean;
  global?: boolean;
  certainty?: string;
  /** official_post (official accounts only, the default for them), observed or community. */
  origin?: string;
  /** The URL is a page that is not a post (`--url`): needs --origin observed and --at. */
  observed?: boolean;
  /** GitHub posts and other pages: when it was posted. */
  at?: string;
  /** GitHub posts and other pages: the posting account. */
  source?: string;
  /** Banked only: the grant's expiry, when the post gives one (else grant + expiry_days). */
  expires?: string;
  /** Amend an event already recorded with this id (otherwise a duplicate is refused). */
  update?: boolean;
  /** Why an amended event changed (logged with each correction). */
  reason?: string;
  /** Record a retracted post again: the retraction's correction id, `<event id>:<at>:retraction`. */
  supersedes?: string;
}

/** What the post did not say stays unknown: listed in uncertain_fields (the stored boolean is then only a placeholder). */
export function withUnknowns(fields: readonly string[], unknown: { partial: boolean; global: boolean }): string[] {
  const rest = fields.filter((f) => f !== 'partial' && f !== 'global');
  return [...(unknown.partial ? ['partial'] : []), ...(unknown.global ? ['global'] : []), ...rest];
}

/** The event the arguments describe (validated flag by flag); `previous` supplies what --update leaves out. */
function buildEvent(args: EventArgs, ref: PostRef, now: Date, previous: StoredEvent | undefined): StoredEvent {
  const when = postTime(ref, now);
  const source = ref.account ?? (args.source === undefined ? previous?.source : textFlag(args.source, 'name', 'source'));
  if (!source) throw new CurationError(`--source is required for ${ref.url}: the account that posted it`);
  const scope = scopeFlag(args.scope);
  const partial = args.partial ?? (previous && !previous.uncertain_fields.includes('partial') ? previous.partial : undefined);
  // Global only when the post said so: a post to all users did; otherwise --global/--no-global, or unknown.
  const global =
    args.global ?? (previous && !previous.uncertain_fields.includes('global') ? previous.global : scope === 'all' ? true : undefined);
  let origin: Pick<StoredEvent, 'origin' | 'certainty'>;
  if (previous) {
    // --update never moves origin silently: that is a correction (npm run correct -- <id> --origin …).
    if (args.origin !== undefined && args.origin !== previous.origin)
      throw new CurationError(
        `--origin ${args.origin}: event ${previous.id} is recorded as ${previous.origin}; change it with npm run ` +
          `correct -- ${previous.id} --origin ${args.origin} --reason "…"`,
      );
    origin = originOf(ref, source, previous.origin, args.certainty ?? previous.certainty);
  } else origin = originOf(ref, source, args.origin, args.certainty);
  return {
    id: ref.id,
    date: toIsoDate(when),
    ts: toTimestamp(when),
    scope,
    kind: parseFlag(Kind, args.kind, 'kind'),
    source,
    url: ref.url,
    summary: textFlag(args.summary, 'summary', 'summary'),
    partial: partial ?? false,
    global: global ?? false,
    ...origin,
    // Unknown is not invented: what the post did not say is marked so.
    uncertain_fields: withUnknowns(previous?.uncertain_fields ?? [], { partial: partial === undefined, global: global === undefined }),
    ...(previous?.scope_note ? { scope_note: previous.scope_note } : {}),
  };
}

/**
 * Said after every recorded event: recording a fact is not checking the sources (events.json's checked_at
 * stays), so only `npm run checked` vouches for the record; the pages say what was checked when.
 */
export const VOUCH_LINE = 'to vouch for the record, look at the sources, then: npm run checked -- --note "what you read"';

/** The correction that lets a retracted post be recorded again, or an error that says how. */
function rerecord(state: Curated, id: string, supersedes: string | undefined, at: string, reason: string | undefined): Correction[] {
  const retraction = state.corrections.corrections
    .filter((c) => c.event_id === id && (c.what === 'retraction' || c.what === 'rerecorded'))
    .at(-1);
  if (retraction?.what !== 'retraction') {
    if (supersedes !== undefined) throw new CurationError(`--supersedes ${supersedes}: event ${id} has no retraction to supersede`);
    return [];
  }
  const key = correctionKey(retraction);
  if (supersedes === undefined)
    throw new CurationError(
      `event ${id} was retracted (correction ${key} in data/corrections.json); to record it again pass --supersedes ${key} --reason "…"`,
    );
  if (supersedes !== key) throw new CurationError(`--supersedes ${supersedes}: the retraction of event ${id} is ${key}`);
  if (reason === undefined) throw new CurationError('--reason is required with --supersedes: say why the post is recorded again');
  return [
    { event_id: id, at, what: 'rerecorded', supersedes: key, before: null, after: null, reason: textFlag(reason, 'reason', 'reason') },
  ];
}

export function recordEvent(state: Curated, args: EventArgs, now: Date): Outcome {
  // A post recorded before is found by its URL too, so --update of a GitHub post needs no --at again.
  const byUrl = args.at === undefined ? state.events.events.find((e) => e.url === args.url) : undefined;
  const ref = postRef(args.url, args.at ?? (byUrl && !byUrl.url.startsWith('https://x.com/') ? byUrl.ts : undefined), args.observed);
  const id = ref.id;
  const previous = state.events.events.find((e) => e.id === id);
  if (previous && !args.update)
    throw new CurationError(`event ${id} is already recorded (${previous.date}, ${previous.kind}); pass --update to amend it`);
  if (!previous && args.update) throw new CurationError(`--update: no event ${id} is recorded; drop --update to add it`);
  const rerecorded = previous ? [] : rerecord(state, id, args.supersedes, toTimestamp(now), args.reason);
  const event = buildEvent(args, ref, now, previous);
  if (args.expires !== undefined && event.kind !== 'banked')
    throw new CurationError(`--expires applies to banked resets only, not --kind ${event.kind}`);
  const expires = args.expires === undefined ? undefined : parseFlag(Timestamp, args.expires, 'expires');
  if (expires !== undefined && expires <= event.ts) throw new CurationError(`--expires ${expires}: not after the grant (${event.ts})`);
  if (previous && previous.kind !== event.kind)
    throw new CurationError(
      `--kind ${event.kind}: event ${id} is recorded as ${previous.kind}; change it with npm run correct -- ${id} --kind ${event.kind} --reason "…"`,
    );
  // --update of the scope may cut a promise's link, as a correction may: refused the same way.
  if (previous) refuseUnlinking(id, 'as updated would no longer fulfil', brokenLinks(state.announcements.announcements, event));

  const grants = state.banked.grants.filter((g) => g.event_id !== id);
  const oldGrant = state.banked.grants.find((g) => g.event_id === id);
  const grant =
    event.kind !== 'banked'
      ? undefined
      : oldGrant && previous
        ? { ...followEvent(oldGrant, previous, event), ...(expires ? { expires_at: expires } : {}) }
        : grantForEvent(event, state.banked, expires);
  const changes: Amendment[] = previous
    ? amendments(
        previous,
        event,
        oldGrant,
        grant,
        toTimestamp(now),
        args.reason === undefined ? 'amended with add-event --update' : textFlag(args.reason, 'reason', 'reason'),
      )
    : [];
  if (previous && changes.length === 0)
    throw new CurationError(`--update: event ${id} already records exactly these facts; nothing to change`);

  let next = withEvents(state, [...state.events.events.filter((e) => e.id !== id), event]);
  next = { ...next, banked: { ...next.banked, grants: sortGrants(grant ? [...grants, grant] : grants) } };
  next = withCorrections(next, [...rerecorded, ...changes]);
  const linked = linkPromises(next.announcements.announcements, next.events.events);
  next = { ...next, announcements: { announcements: linked.announcements } };

  const lines = [
    `${previous ? 'updated' : rerecorded.length > 0 ? 'recorded again' : 'added'} ${event.id}: ${event.ts} ${event.kind} ${event.scope} by ${event.source}`,
  ];
  if (grant) lines.push(`${oldGrant ? 'grant' : 'granted'} ${grant.id}: expires ${grant.expires_at}`);
  for (const c of changes) lines.push(`correction: ${c.what} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`);
  for (const a of linked.linked) lines.push(`promise ${a.url} fulfilled by ${a.fulfilled_by}`);
  lines.push(VOUCH_LINE);
  return { state: next, lines };
}
