/**
 * One-off seeding: maps ../shared/reference/codex-resets.json (the compiled public record) onto data/.
 * Kept so the mapping is reviewable and repeatable: `node scripts/import-reference.ts [path]`.
 * Rules (docs/data.md): null ids get a synthetic snowflake id; null `partial` is published as false and
 * listed in uncertain_fields; posts that promised a reset become announcements.
 */
import { readFileSync } from 'node:fs';
import { SITE, siteUrl } from '../src/core/site.ts';
import { postIdToDate, syntheticPostId } from '../src/core/postid.ts';
import { defaultWindow } from '../src/core/promises/window.ts';
import { toTimestamp, toIsoDate } from '../src/core/time.ts';
import type { Announcement, BankedGrant, StoredEvent } from '../src/core/schema/index.ts';
import { writeDataFile } from '../src/io/data-folder.ts';

interface RefEvent {
  id: string | null; ts: string; date: string; account: string; url: string | null; scope: string;
  kind: StoredEvent['kind']; global: boolean; partial: boolean | null; summary: string;
  certainty: StoredEvent['certainty']; uncertain_fields?: string[]; scope_note?: string;
  first_post?: { id: string | null; ts: string; url: string };
}
interface RefGrant { grant_ts: string; what: string; scope: string; post: string; expiry_computed: string }

const path = process.argv[2] ?? '../shared/reference/codex-resets.json';
const ref = JSON.parse(readFileSync(path, 'utf8')) as { events: RefEvent[]; banked_grants: RefGrant[] };

function toEvent(e: RefEvent): StoredEvent {
  const id = e.id ?? syntheticPostId(new Date(e.ts));
  const uncertain = [...(e.uncertain_fields ?? [])];
  if (e.partial === null && !uncertain.some((f) => f.startsWith('partial'))) uncertain.push('partial');
  const source = e.account.startsWith('unknown') ? 'unknown' : e.account;
  const origin = e.id ? 'official_post' : e.account === 'OpenAI' ? 'official_other' : 'observed';
  const summary = source === 'unknown' && e.account !== 'unknown' ? `${e.summary} Source: ${e.account.replace(/^unknown \((.*)\)$/, '$1')}.` : e.summary;
  return {
    id, date: e.date, ts: e.ts, scope: e.scope, kind: e.kind, source,
    url: e.url ?? siteUrl(`/timeline/#e-${id}`), summary, partial: e.partial ?? false, global: e.global, origin,
    certainty: e.certainty, uncertain_fields: uncertain, ...(e.scope_note ? { scope_note: e.scope_note } : {}),
  };
}

function toAnnouncement(e: RefEvent, eventId: string): Announcement {
  const fp = e.first_post!;
  const account = /^https:\/\/x\.com\/([^/]+)\//.exec(fp.url)?.[1];
  const window = defaultWindow(new Date(fp.ts)); // the record keeps no time words: the default rule applies
  return {
    id: fp.id, ts: fp.ts, source: account ?? new URL(fp.url).hostname + new URL(fp.url).pathname.split('/').slice(0, 3).join('/'),
    url: fp.url, summary: null, // the reference kept no words of the post: none are made up
    by: window.by, window_start: window.start, window_end: window.end, fulfilled_by: eventId,
  };
}

const events = ref.events.map(toEvent);
const announcements = ref.events.flatMap((e, i) => (e.first_post ? [toAnnouncement(e, events[i]!.id)] : []));

function toGrant(g: RefGrant): BankedGrant {
  const postId = /^(\d+)/.exec(g.post)?.[1] ?? null;
  const exact = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(g.grant_ts);
  const grantedAt = exact ? g.grant_ts : toTimestamp(postIdToDate(postId!));
  const event = events.find((e) => e.id === postId) ?? events.find((e) => e.ts === grantedAt && e.kind === 'banked');
  const expires = exact ? g.expiry_computed : '2026-07-24T23:59:59Z';
  const uncertain = exact ? [] : ['granted_at (grants spread over the referral window 2026-06-11 to 2026-06-24)', 'expires_at (latest possible)'];
  return {
    id: `${toIsoDate(new Date(grantedAt))}-${g.what.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').split('-').slice(0, 4).join('-')}`,
    granted_at: grantedAt, expires_at: expires,
    scope: event?.scope ?? (exact ? 'unspecified' : 'plus+pro'),
    summary: g.what.charAt(0).toUpperCase() + g.what.slice(1) + '.',
    url: postId ? (events.find((e) => e.id === postId)?.url ?? `https://x.com/${/\(@(\w+)\)/.exec(g.post)?.[1] ?? 'OpenAI'}/status/${postId}`) : (event?.url ?? null),
    event_id: event?.id ?? null,
    certainty: event?.certainty ?? 'medium',
    uncertain_fields: [...uncertain, ...(g.scope.includes('(') || /only|without/.test(g.scope) ? [`scope (${g.scope})`] : [])],
  };
}

writeDataFile('data/events.json', { checked_at: '2026-10-11T00:00:00Z', events });
writeDataFile('data/announcements.json', { announcements });
writeDataFile('data/banked.json', { expiry_days: 30, grants: ref.banked_grants.map(toGrant) });
writeDataFile('data/corrections.json', { corrections: [] });
console.log(`imported ${events.length} events, ${announcements.length} announcements, ${ref.banked_grants.length} grants for ${SITE.name}`);

