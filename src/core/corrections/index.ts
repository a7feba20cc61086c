/** Corrections on the record (data/corrections.json): the published log, newest first, and how to say one in words. */
import { eventTitle } from '../facts/titles.ts';
import { scopeLabel } from '../facts/scope.ts';
import { utcDateTime } from '../format.ts';
import { promiseAnchor, promisePath } from '../promises/index.ts';
import { eventPath, retractedEventPath } from '../facts/timeline.ts';
import {
  SCHEMA_VERSION,
  type AmendableField,
  type Amendment,
  type BankedGrant,
  type Announcement,
  type Correction,
  type CorrectionsPayload,
  type Relink,
  type StoredEvent,
} from '../schema/index.ts';

/** A field's value as a correction records it: "unknown" for a partial or global listed in uncertain_fields. */
export function amendedValue(
  e: StoredEvent,
  grant: Pick<BankedGrant, 'expires_at'> | undefined,
  what: AmendableField,
): string | boolean | undefined {
  if (what === 'expires_at') return grant?.expires_at;
  if ((what === 'partial' || what === 'global') && e.uncertain_fields.includes(what)) return 'unknown';
  return e[what];
}
import { SITE } from '../site.ts';

export function createCorrectionsPayload(list: readonly Correction[], generatedAt: string, source: string): CorrectionsPayload {
  return { schema_version: SCHEMA_VERSION, generated_at: generatedAt, source, corrections: [...list].reverse() };
}

const FIELD_WORDS: Record<Amendment['what'], string> = {
  ts: 'time',
  scope: 'scope',
  kind: 'kind',
  partial: 'partial',
  global: 'applied to everyone',
  summary: 'summary',
  certainty: 'certainty',
  url: 'link',
  expires_at: 'banked reset expiry',
  origin: 'origin',
  source: 'source',
  scope_note: 'scope note',
};

function valueWords(what: Amendment['what'], v: string | boolean): string {
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (what === 'scope') return scopeLabel(v);
  if (what === 'ts' || what === 'expires_at') return v.replace('T', ' ').replace(/:\d\dZ$/, ' UTC');
  return v;
}

// The recorded facts name the original address for an event without a post (data/ is kept as recorded by a fork).
const ours = (v: string | boolean): boolean => typeof v === 'string' && v.startsWith(`${SITE.url}/`);

/**
 * A correction that only moved the link of an event without a post from one of our pages to another
 * (e.g. the timeline's move to a page per year): bookkeeping, not a changed fact. It stays on the record
 * and in the feed, said as "link moved", and is not an alert.
 */
export function isLinkMove(c: Correction): boolean {
  return c.what === 'url' && ours(c.before) && ours(c.after);
}

/** How a promise was relinked, from its before and after (ids, never shown to readers). */
export function relinkKind(c: Pick<Relink, 'before' | 'after'>): 'linked' | 'unlinked' | 'moved' {
  return c.after === null ? 'unlinked' : c.before === null ? 'linked' : 'moved';
}

const RELINK_WORDS = {
  linked: 'the promise is now counted as fulfilled by a recorded reset',
  unlinked: 'the promise is no longer counted as fulfilled',
  moved: 'the promise is now counted as fulfilled by another recorded reset',
} as const;

/** "scope: Plus + Pro → Pro", "retracted" or "link moved": what changed, in words. */
export function correctionWords(c: Correction): string {
  if (c.what === 'retraction') return 'retracted: it did not happen as recorded';
  if (isLinkMove(c)) return 'link moved: the entry has a new address on Resetcast';
  if (c.what === 'rerecorded') return 'recorded again after its retraction';
  if (c.what === 'fulfilled_by') return RELINK_WORDS[relinkKind(c)];
  return `${FIELD_WORDS[c.what]}: ${valueWords(c.what, c.before)} → ${valueWords(c.what, c.after)}`;
}

/** Stable for ever: one correction record is one (event, time, field). */
export const correctionKey = (c: Correction): string => `${c.event_id}:${c.at}:${c.what}`;

/** The corrections of each event id, oldest first. */
export function correctionsByEvent(list: readonly Correction[]): Map<string, Correction[]> {
  const out = new Map<string, Correction[]>();
  for (const c of list) out.set(c.event_id, [...(out.get(c.event_id) ?? []), c]);
  return out;
}

/** What a correction is about, for a title and two links: the event (or, for a relink, the promise) it changed. */
export interface CorrectionSubject {
  /** "Correction: Codex limits reset for all users (2026-06-04)", "Retracted: …", "Correction: the promise … posted on …". */
  title: string;
  /** Our page for it: the record's place on its year page, or the timeline overview when there is none. */
  path: string;
  /** The post the record links to, or null. */
  postUrl: string | null;
}

/**
 * One way for every writer (the Atom feed, the alert stream) to say what a correction changed. A relink
 * names the promise by its anchor id; a retracted event may have lost its year page (`pagedYears`).
 */
export function correctionSubject(
  c: Correction,
  events: ReadonlyMap<string, StoredEvent>,
  promises: readonly Announcement[],
  pagedYears: readonly string[],
): CorrectionSubject {
  const promise = c.what === 'fulfilled_by' ? promises.find((a) => promiseAnchor(a).slice(2) === c.event_id) : undefined;
  if (promise)
    return {
      title: `Correction: the promise ${promise.source} posted on ${utcDateTime(promise.ts)}`,
      path: promisePath(promise),
      postUrl: promise.url,
    };
  const event = c.what === 'retraction' ? c.before.event : events.get(c.event_id);
  const label = c.what === 'retraction' ? 'Retracted' : 'Correction';
  if (!event) return { title: `${label}: an event no longer on the timeline`, path: '/timeline/', postUrl: null };
  return {
    title: `${label}: ${eventTitle(event)} (${event.date})`,
    path: c.what === 'retraction' ? retractedEventPath(event, pagedYears) : eventPath(event),
    postUrl: event.url,
  };
}
