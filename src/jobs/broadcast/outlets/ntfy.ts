/**
 * ntfy (https://ntfy.sh or a self-hosted server). NTFY_TOPIC_URL is the topic URL, e.g.
 * https://ntfy.sh/resetcast-codex-alerts (a query such as `?auth=…` is kept).
 *
 * What this relies on (checked against ntfy's docs and server source):
 * - "Publish as JSON" (docs.ntfy.sh/publish/#publish-as-json): POST a JSON object to the server's *root*
 *   URL, not the topic URL; `topic` is the only required field; `title`, `message`, `tags` (emoji short
 *   codes), `priority` (1–5, 3 default), `click` and `actions` (at most 3, `{action:"view",label,url}`)
 *   are optional. JSON rather than headers, because header values cannot carry non-Latin-1 text.
 * - Success: the server answers 200 with the published message as JSON (server/server.go handlePublish
 *   writes the message: `id`, `time`, `event: "message"`, `topic`, …).
 * - Errors: JSON `{code, http, error, link}` with the HTTP status (400 bad request, 401/403 auth,
 *   413 too large, 429 rate or daily limits); messages are at most 4,096 bytes.
 * - Idempotency (docs.ntfy.sh/publish, "Updating notifications", ntfy 2.16 and later): a publish with a
 *   caller-chosen `sequence_id` (header `X-Sequence-ID`) that an earlier message already used replaces
 *   that notification on subscribers' devices instead of adding a second one. We derive it from the alert
 *   id, so the one resend the alert ledger allows after an uncertain attempt updates, not duplicates. Older
 *   servers ignore the field (the resend then shows twice: docs/alerts.md).
 */
import { createHash } from 'node:crypto';
import type { AlertKind } from '../../../core/schema/index.ts';
import { shortenToFit, type Message } from '../../../core/alerts/message.ts';
import { graphemePrefix } from '../../../core/sanitize.ts';
import { glimpse, jsonOrUndefined, type Outlet } from './types.ts';

const TAGS: Record<AlertKind, string> = {
  reset: 'arrows_counterclockwise',
  event: 'information_source',
  grant: 'moneybag',
  'grant-expiring': 'hourglass_flowing_sand',
  promise: 'calendar',
  'promise-fulfilled': 'white_check_mark',
  'promise-lapsed': 'x',
  correction: 'pencil2',
  retraction: 'wastebasket',
  threshold: 'chart_with_upwards_trend',
};
/** High (4) for what people act on at once: a reset landed, a banked reset is about to expire. */
const PRIORITY: Partial<Record<AlertKind, number>> = { reset: 4, 'grant-expiring': 4 };

/** https://ntfy.sh/topic?auth=x → root https://ntfy.sh/?auth=x and topic "topic" (a server under a path keeps it). */
export function splitTopicUrl(configured: string): { root: string; topic: string } {
  const u = new URL(configured);
  const segments = u.pathname.split('/').filter(Boolean);
  const topic = segments.pop();
  if (!topic) throw new Error('NTFY_TOPIC_URL names no topic (expected https://<server>/<topic>)');
  u.pathname = `/${segments.map((s) => `${s}/`).join('')}`;
  return { root: u.toString(), topic: decodeURIComponent(topic) };
}

/** ntfy's limit on a message body, in bytes (larger ones become attachments); titles are kept to the same measure of our own. */
export const NTFY_MAX_MESSAGE_BYTES = 4096;
export const NTFY_MAX_TITLE_BYTES = 256;

/** The body: the summary (shortened at a word to fit the byte limit) and the attribution. */
export function ntfyMessage(m: Message, maxBytes = NTFY_MAX_MESSAGE_BYTES): string {
  const tail = `\n${m.attribution}`;
  return `${shortenToFit(m.text, maxBytes - new TextEncoder().encode(tail).byteLength, undefined, 'utf8')}${tail}`;
}

/** A stable ntfy sequence id for an alert: its hash, within ntfy's id alphabet and length. */
export const sequenceId = (alertId: string): string => `rc-${createHash('sha256').update(alertId).digest('base64url').slice(0, 32)}`;

export const ntfy: Outlet = {
  name: 'ntfy',
  label: 'ntfy',
  env: 'NTFY_TOPIC_URL',
  settings: [{ name: 'NTFY_TOPIC_URL', value: '<url>', about: 'ntfy topic to publish to' }],
  request: (configured: string, m: Message) => {
    const { root, topic } = splitTopicUrl(configured);
    const actions = [
      ...(m.post ? [{ action: 'view', label: 'Post', url: m.post }] : []),
      { action: 'view', label: 'Timeline', url: m.page },
    ];
    return {
      url: root,
      body: {
        topic,
        sequence_id: sequenceId(m.id),
        title: graphemePrefix(m.title, NTFY_MAX_TITLE_BYTES, 'utf8'),
        message: ntfyMessage(m),
        tags: [TAGS[m.kind]],
        priority: PRIORITY[m.kind] ?? 3,
        click: m.page,
        actions,
      },
    };
  },
  problem: (res) => {
    const doc = jsonOrUndefined(res.text) as { id?: unknown; event?: unknown } | undefined;
    return typeof doc?.id === 'string' && doc.event === 'message'
      ? null
      : `answered ${res.status} but not with an ntfy message (${glimpse(res.text)}): is NTFY_TOPIC_URL an ntfy topic?`;
  },
};
