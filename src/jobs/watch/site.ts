/**
 * What the deployed site already knows, read from its own published files (the deploy is the record
 * the watcher must not repeat): every post id on its timeline and among its promises, the newest of them
 * per account (the watcher never asks X for anything older), and the days a new banked grant lasts
 * (`expiry_days`, the published number; the `expiry_rule` sentence is for people and never parsed back).
 * The watcher ships in the same deploy as the payloads it reads, so the field is always there. Read only
 * when a post turns up (or an account has no cursor yet), so a quiet minute costs no bandwidth.
 */
import { isSyntheticPostId, laterPostId, postIdProblem } from '../../core/postid.ts';
import { siteUrl } from '../../core/site.ts';
import { BankedPayload, PromisesPayload, TimelinePayload } from '../../core/schema/index.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';
import { parseOrThrow } from '../intake/parse.ts';

export interface SiteKnowledge {
  /** Every post id the site publishes (events and promises). */
  known: Set<string>;
  /** Per account (lower case), the newest real X post id the site has by it (never a synthetic id). */
  newest: Map<string, string>;
  /** The banked rule's days, as banked.json publishes them (`expiry_days`). */
  expiryDays: number;
}

/** A timeline of 10,000 events is about 5 MB; the payloads are ours, the cap only bounds a broken deploy. */
const SITE_MAX_BYTES = 16 * 1024 * 1024;

/** A real X post id: an event recorded without a post has a synthetic one (as many digits), which is no X cursor. */
const isPostOnX = (id: string): boolean => postIdProblem(id, null) === null && !isSyntheticPostId(id);

/** Reads the three payloads from the deploy at `base` (its URL); throws one line naming the file when one cannot be read or parsed. */
export async function readSite(http: HttpDeps, base: string): Promise<SiteKnowledge> {
  const get = async <S extends typeof TimelinePayload | typeof PromisesPayload | typeof BankedPayload>(
    schema: S,
    name: string,
  ): Promise<ReturnType<S['parse']>> => {
    const path = `/api/v1/${name}.json`;
    return parseOrThrow(
      schema,
      (await getJson(http, siteUrl(path, base), { maxBytes: SITE_MAX_BYTES })).body,
      `the site's ${path}`,
    ) as ReturnType<S['parse']>;
  };
  const [timeline, promises, banked] = await Promise.all([
    get(TimelinePayload, 'timeline'),
    get(PromisesPayload, 'promises'),
    get(BankedPayload, 'banked'),
  ]);
  const posts = [
    ...timeline.events.map((e) => ({ id: e.id, account: e.source })),
    ...promises.promises.flatMap((p) => (p.id ? [{ id: p.id, account: p.source }] : [])),
  ];
  const newest = new Map<string, string>();
  for (const p of posts.filter((q) => isPostOnX(q.id)))
    newest.set(p.account.toLowerCase(), laterPostId(newest.get(p.account.toLowerCase()), p.id)!);
  return { known: new Set(posts.map((p) => p.id)), newest, expiryDays: banked.expiry_days };
}
