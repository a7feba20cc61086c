/**
 * One delivery of the X Activity API to our webhook, parsed (docs.x.com, "X Activity API event payloads",
 * read 2026-11-28): an envelope `{"data": {"event_uuid", "filter": {"user_id"}, "event_type", "tag"?,
 * "payload", "includes"?}}`; for `post.create` the payload is a Post object (`id`, `text`, `author_id`,
 * `created_at`, …) and `includes` may hold the users (`{"users": [{"id", "username"}]}`). Only what the
 * intake uses is read; the rest may change without harm (`.loose()`).
 *
 * Untrusted even when signed: the text is cleaned and capped as the poller's (`cleanText`, postText), the
 * ids are checked as post and user ids, a username must be one X allows, and a post from more than the
 * clock's skew in the future or older than the ledger would send (SEND_RULES.maxAgeHours) is refused as
 * stale: X signs the body only, with no time in the signature, so a captured delivery can be replayed
 * only while its post is young, and then the ledger makes it harmless (each alert once per outlet).
 */
import { z } from 'zod';
import { postIdProblem, postIdToDate } from '../../core/postid.ts';
import { cleanText } from '../../core/sanitize.ts';
import { CLOCK_SKEW_MS } from '../../core/time.ts';
import { HOUR_MS } from '../../core/time-units.ts';
import { SEND_RULES } from '../broadcast/send-rules.ts';
import { parseOrThrow } from '../intake/parse.ts';
import type { Post } from '../intake/x.ts';

/** The event type the subscriptions ask for (x-webhook register): a post created by the filtered user. */
export const POST_CREATE = 'post.create';

const Digits = z.string().regex(/^[0-9]{1,19}$/);

const Envelope = z.object({
  data: z
    .object({
      event_uuid: z.string().max(64).optional(),
      event_type: z.string().max(64),
      filter: z.object({ user_id: Digits.optional() }).loose().optional(),
      payload: z.unknown(),
      includes: z
        .object({
          users: z
            .array(z.object({ id: Digits, username: z.string() }).loose())
            .max(100)
            .optional(),
        })
        .loose()
        .optional(),
    })
    .loose(),
});

const PostPayload = z.object({ id: Digits, text: z.string(), author_id: Digits }).loose();

/** What a delivery is: a post to read (its author's username when X included it), or another event, ignored. */
export type Delivery =
  | { kind: 'post'; eventId: string | null; authorId: string; username: string | null; post: Omit<Post, 'username'> }
  | { kind: 'other'; eventId: string | null; eventType: string };

/** Why a signed delivery is refused: its body is not X's shape (400), or its post is stale or from the future (401). */
export class DeliveryRefused extends Error {
  readonly status: 400 | 401;
  constructor(status: 400 | 401, message: string) {
    super(message);
    this.name = 'DeliveryRefused';
    this.status = status;
  }
}

const USERNAME = /^[A-Za-z0-9_]{1,15}$/;

/** The JSON of a body, which must be an object (a CRC answer can never sign one: signature.ts). */
function jsonObject(text: string): unknown {
  if (!text.trimStart().startsWith('{')) throw new DeliveryRefused(400, 'the body is not a JSON object');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new DeliveryRefused(400, 'the body is not JSON (truncated or malformed)');
  }
}

/** Whether the post is one the ledger could still send at `now`, said as the refusal's reason when it is not. */
function staleness(id: string, now: Date): string | null {
  const at = postIdToDate(id).getTime();
  if (at > now.getTime() + CLOCK_SKEW_MS) return `post ${id} is from the future`;
  if (at < now.getTime() - SEND_RULES.maxAgeHours * HOUR_MS)
    return `post ${id} is older than ${SEND_RULES.maxAgeHours} h (stale or replayed)`;
  return null;
}

/** The delivery in `text` (already verified as signed by X), or a DeliveryRefused naming what is wrong. */
export function parseDelivery(text: string, now: Date): Delivery {
  let envelope: z.infer<typeof Envelope>;
  try {
    envelope = parseOrThrow(Envelope, jsonObject(text), 'the delivery');
  } catch (e) {
    throw e instanceof DeliveryRefused ? e : new DeliveryRefused(400, (e as Error).message);
  }
  const { data } = envelope;
  const eventId = data.event_uuid ? cleanText(data.event_uuid, 64) : null;
  if (data.event_type !== POST_CREATE) return { kind: 'other', eventId, eventType: cleanText(data.event_type, 64) };
  const payload = PostPayload.safeParse(data.payload);
  if (!payload.success) throw new DeliveryRefused(400, `the ${POST_CREATE} payload is not a post (id, text, author_id)`);
  const { id, text: body, author_id: authorId } = payload.data;
  const problem = postIdProblem(id, null);
  if (problem) throw new DeliveryRefused(400, `payload.id: ${problem}`);
  const stale = staleness(id, now);
  if (stale) throw new DeliveryRefused(401, stale);
  const user = data.includes?.users?.find((u) => u.id === authorId);
  return {
    kind: 'post',
    eventId,
    authorId,
    username: user && USERNAME.test(user.username) ? user.username : null,
    post: { id, text: cleanText(body, 'postText', { multiline: true }) },
  };
}
