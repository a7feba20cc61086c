/**
 * `npm run correct`: a published fact changed after publication. The event is changed in
 * data/events.json and the change is logged in data/corrections.json with its value before and after,
 * the reason and the time; a retraction moves the whole record (and its grant) into the log.
 */
import { Certainty, Kind, Scope, Timestamp, Url, type Correction, type StoredEvent } from '../schema.ts';
import { linkPromises } from '../promises.ts';
import { toIsoDate, toTimestamp } from '../time.ts';
import { amendments, BANKED_KIND_CHANGE } from './amend.ts';
import { CurationError, parseFlag } from './errors.ts';
import { followEvent, sortGrants } from './grants.ts';
import { withCorrections, withEvents, type Curated, type Outcome } from './state.ts';

export interface CorrectArgs {
  ts?: string;
  scope?: string;
  kind?: string;
  partial?: boolean;
  global?: boolean;
  summary?: string;
  certainty?: string;
  /** A new link, for an event with no X post of its own (an X post's link is the post). */
  url?: string;
  expires?: string;
  /** The event did not happen as recorded: withdraw it. */
  retract?: boolean;
  reason?: string;
}

const X_POST_URL = /^https:\/\/x\.com\/[A-Za-z0-9_]{1,15}\/status\/\d+$/;

function amended(e: StoredEvent, args: CorrectArgs, now: Date): StoredEvent {
  const next = { ...e };
  if (args.ts !== undefined) {
    const ts = parseFlag(Timestamp, args.ts, 'ts');
    if (Date.parse(ts) > now.getTime()) throw new CurationError(`--ts ${ts}: in the future (now ${toTimestamp(now)})`);
    Object.assign(next, { ts, date: toIsoDate(new Date(ts)) });
  }
  if (args.scope !== undefined) next.scope = parseFlag(Scope, args.scope, 'scope');
  if (args.kind !== undefined) {
    next.kind = parseFlag(Kind, args.kind, 'kind');
    if ((e.kind === 'banked') !== (next.kind === 'banked')) throw new CurationError(`--kind ${next.kind}: ${BANKED_KIND_CHANGE}`);
  }
  if (args.partial !== undefined) next.partial = args.partial;
  if (args.global !== undefined) next.global = args.global;
  if (args.summary !== undefined) {
    if (!args.summary.trim()) throw new CurationError('--summary must not be empty');
    next.summary = args.summary.trim();
  }
  if (args.certainty !== undefined) next.certainty = parseFlag(Certainty, args.certainty, 'certainty');
  if (args.url !== undefined) {
    if (X_POST_URL.test(e.url)) throw new CurationError(`--url: event ${e.id} is an X post; its link is the post (${e.url})`);
    next.url = parseFlag(Url, args.url, 'url');
  }
  return next;
}

export function correctEvent(state: Curated, eventId: string, args: CorrectArgs, now: Date): Outcome {
  const reason = args.reason?.trim();
  if (!reason) throw new CurationError('--reason is required: say why the record changes');
  const event = state.events.events.find((e) => e.id === eventId);
  if (!event) {
    const retracted = state.corrections.corrections.some((c) => c.what === 'retraction' && c.event_id === eventId);
    throw new CurationError(`no event ${eventId} is recorded${retracted ? ' (it was retracted)' : ''}`);
  }
  const at = toTimestamp(now);
  const grant = state.banked.grants.find((g) => g.event_id === eventId);
  const fields = Object.entries(args).filter(([k, v]) => v !== undefined && k !== 'reason' && k !== 'retract');
  if (args.retract) {
    if (fields.length > 0) throw new CurationError(`--retract withdraws the whole event; drop --${fields[0]![0]}`);
    const retraction: Correction = { event_id: eventId, at, what: 'retraction', before: { event, grant: grant ?? null }, after: null, reason };
    let next = withEvents(state, state.events.events.filter((e) => e.id !== eventId));
    next = { ...next, banked: { ...next.banked, grants: next.banked.grants.filter((g) => g.event_id !== eventId) } };
    // Promises it fulfilled wait again, and may be fulfilled by another reset in their window.
    const released = next.announcements.announcements.map((a) => (a.fulfilled_by === eventId ? { ...a, fulfilled_by: null } : a));
    const relinked = linkPromises(released, next.events.events);
    next = withCorrections({ ...next, announcements: { announcements: relinked.announcements } }, [retraction]);
    const freed = state.announcements.announcements.filter((a) => a.fulfilled_by === eventId).map((a) => {
      const by = relinked.announcements.find((r) => r.url === a.url)?.fulfilled_by;
      return by ? `promise ${a.url} now fulfilled by ${by}` : `promise ${a.url} is no longer fulfilled`;
    });
    return { state: next, lines: [`retracted ${eventId} (${event.ts} ${event.kind})${grant ? ` and its grant ${grant.id}` : ''}`, ...freed] };
  }
  if (fields.length === 0) throw new CurationError('nothing to correct: give a field to change (--ts, --scope, --kind, --partial, --global, --summary, --certainty, --url, --expires) or --retract');
  if (args.expires !== undefined && !grant) throw new CurationError(`--expires: event ${eventId} has no banked grant`);
  const expires = args.expires === undefined ? undefined : parseFlag(Timestamp, args.expires, 'expires');
  const after = amended(event, args, now);
  const grantAfter = grant && { ...followEvent(grant, event, after), ...(expires ? { expires_at: expires } : {}) };
  if (grantAfter && grantAfter.expires_at <= grantAfter.granted_at) throw new CurationError(`--expires ${grantAfter.expires_at}: not after the grant (${grantAfter.granted_at})`);
  const changes = amendments(event, after, grant, grantAfter, at, reason);
  if (changes.length === 0) throw new CurationError(`event ${eventId} already records exactly these facts; nothing to correct`);
  let next = withEvents(state, state.events.events.map((e) => (e.id === eventId ? after : e)));
  if (grantAfter) next = { ...next, banked: { ...next.banked, grants: sortGrants(next.banked.grants.map((g) => (g.id === grantAfter.id ? grantAfter : g))) } };
  next = withCorrections(next, changes);
  return { state: next, lines: changes.map((c) => `corrected ${eventId}: ${c.what} ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`) };
}
