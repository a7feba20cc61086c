/**
 * What a post becomes, shared by the pull and the watcher: the classification of new posts (confident
 * resets and banked grants of an official account become events, the rest candidates for review), the
 * records a confident event adds (the event and, for a banked one, its grant by the banked rule), and
 * the alerts those records give. The pull records them in data/ (pull/record.ts) and its broadcast
 * derives the alerts from the committed data (core/alerts/derive.ts deriveAlerts); the watcher makes the
 * alerts of the same records at once. Both go through recordAlerts, so the ids and messages are the same.
 */
import { grantForEvent } from '../../core/curate/grants.ts';
import { recordAlerts } from '../../core/alerts/derive.ts';
import { postIdToDate, xPostUrl } from '../../core/postid.ts';
import { summaryOf } from '../../core/post-text.ts';
import type { Alert, BankedFile, BankedGrant, Candidate, StoredEvent } from '../../core/schema/index.ts';
import { isOfficialXAccount, SOURCES } from '../../core/sources.ts';
import { toIsoDate, toTimestamp } from '../../core/time.ts';
import { classifyPost, type Classification } from './classify.ts';
import { suggestWindow } from './suggest-window.ts';
import type { Post } from './x.ts';

/** A classification of a post X answered with differing copies (x.ts onePerId): never confident, and the reason says why. */
function doubted(c: Classification | null, post: Post): Classification | null {
  if (!c || !post.conflicting) return c;
  return { ...c, confident: false, reason: `${c.reason}; X answered this post id with differing texts (the first copy is kept)` };
}

export interface PostChanges {
  events: StoredEvent[];
  candidates: Candidate[];
}

/** Classifies new posts (those not in `known`): confident resets and banked grants become events, the rest candidates. */
export function classifyPosts(posts: readonly Post[], known: ReadonlySet<string>, now: Date): PostChanges {
  const events: StoredEvent[] = [];
  const candidates: Candidate[] = [];
  for (const post of posts) {
    if (known.has(post.id)) continue;
    const when = postIdToDate(post.id);
    if (when > now) continue; // a post id from the future is corrupt input, not news
    const c = doubted(classifyPost(post.text), post);
    if (!c) continue;
    const ts = toTimestamp(when);
    const url = xPostUrl(post.username, post.id);
    // Only an official account's post is an official fact; any other account's goes to review, where
    // the maintainer gives its origin (the same rule as add-event).
    if (c.confident && c.kind !== 'promise' && isOfficialXAccount(post.username)) {
      events.push({
        id: post.id,
        date: toIsoDate(when),
        ts,
        scope: c.scope,
        kind: c.kind,
        source: post.username,
        url,
        // A post that names all users says the reset is global; for any other scope it did not say: unknown, not false.
        summary: summaryOf(post.text),
        partial: false,
        global: c.scope === 'all',
        origin: 'official_post',
        certainty: 'medium',
        uncertain_fields: [
          'partial',
          ...(c.scope === 'all' ? [] : ['global']),
          'summary (post text, recorded automatically)',
          ...(c.scope === 'unspecified' ? [] : ['scope (read from the post text)']),
        ],
      });
    } else {
      const window = c.kind === 'promise' ? suggestWindow(post.text, when) : null;
      candidates.push({
        id: post.id,
        platform: SOURCES.x.post.platform,
        ts,
        source: post.username,
        url,
        text: post.text,
        suggested_kind: c.kind,
        suggested_scope: c.scope,
        suggested_window: window,
        reason: c.reason,
      });
    }
  }
  return { events, candidates };
}

export interface PostRecords {
  events: StoredEvent[];
  grants: BankedGrant[];
}

/** The records new events add: each event, and for a banked one its grant, expiring by the banked rule (`expiry_days`). */
export function postRecords(events: readonly StoredEvent[], rule: Pick<BankedFile, 'expiry_days'>): PostRecords {
  return { events: [...events], grants: events.filter((e) => e.kind === 'banked').map((e) => grantForEvent(e, rule)) };
}

/** The kinds a new post's records announce: a recorded reset, another recorded event, a banked grant. */
const POST_KINDS = new Set<Alert['kind']>(['reset', 'event', 'grant']);

/**
 * The alerts these records give at `now` for the site `base` (the site's address), oldest first: the ones deriveAlerts gives for
 * them once recorded.
 */
export function postAlerts(records: PostRecords, now: Date, base: string): Alert[] {
  return recordAlerts(records, now, base)
    .filter((a) => POST_KINDS.has(a.kind))
    .reverse();
}
