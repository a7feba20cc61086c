/**
 * A Discord channel webhook. DISCORD_WEBHOOK_URL is https://discord.com/api/webhooks/<id>/<token>.
 *
 * What this relies on (Discord developer docs):
 * - Execute Webhook (resources/webhook#execute-webhook): POST JSON with `content` (at most 2,000
 *   characters) and `allowed_mentions`; `?wait=true` "waits for server confirmation of message send
 *   before response, and returns the created message body (defaults to false; when false a message
 *   that is not saved does not return an error)". So we ask with wait=true and expect 200 with the
 *   message (`id`); a 204 (no wait) is accepted too.
 * - `allowed_mentions: {parse: []}` so a summary can never ping @everyone, a role or a user.
 * - Rate limits (topics/rate-limits#exceeding-a-rate-limit): 429 with a `Retry-After` header and the
 *   JSON body `{message, retry_after (seconds, a float), global}`; we wait for either.
 * - Errors: JSON `{message, code}` with the status, e.g. 404 `{"message": "Unknown Webhook", "code": 10015}`.
 * - No idempotency key: Create Message (resources/message) takes `nonce` with `enforce_nonce`, but
 *   Execute Webhook's JSON params (content, username, avatar_url, tts, embeds, allowed_mentions,
 *   components, files, payload_json, attachments, flags, thread_name, applied_tags, poll) have none, so a
 *   webhook cannot deduplicate a resend; an uncertain attempt is resent at most once (docs/alerts.md).
 * Links are wrapped in <…> so Discord does not unfurl a preview for each.
 */
import { shortenToFit, type Message } from '../../../core/alerts/message.ts';
import { graphemePrefix } from '../../../core/sanitize.ts';
import { glimpse, jsonOrUndefined, type Outlet } from './types.ts';

/** Markdown characters a summary must not turn into formatting. */
const escapeMarkdown = (text: string): string => text.replace(/([\\*_~`|[\]])/g, '\\$1').replace(/^([#>-])/, '\\$1');

/** Execute Webhook's limit on `content`, in characters (counted here in UTF-16 code units, never fewer). */
export const DISCORD_MAX_CHARS = 2000;

/**
 * The message as Discord Markdown within `max`: only the summary is shortened (at a word, before escaping),
 * and a frame too long on its own (a title that never comes from alertMessage) is cut at a grapheme.
 */
export function discordContent(m: Message, max = DISCORD_MAX_CHARS): string {
  const lines = (text: string): string =>
    [`**${escapeMarkdown(m.title)}**`, text, ...(m.post ? [`Post: <${m.post}>`] : []), `Timeline: <${m.page}>`, m.attribution].join('\n');
  const frame = lines('').length;
  const text = escapeMarkdown(shortenToFit(m.text, max - frame, escapeMarkdown));
  return graphemePrefix(lines(text), max, 'utf16');
}

export const discord: Outlet = {
  name: 'discord',
  label: 'Discord',
  env: 'DISCORD_WEBHOOK_URL',
  settings: [{ name: 'DISCORD_WEBHOOK_URL', value: '<url>', about: 'Discord webhook' }],
  request: (configured: string, m: Message) => {
    const u = new URL(configured);
    u.searchParams.set('wait', 'true');
    return { url: u.toString(), body: { content: discordContent(m), allowed_mentions: { parse: [] } } };
  },
  problem: (res) => {
    if (res.status === 204) return null;
    const doc = jsonOrUndefined(res.text) as { id?: unknown } | undefined;
    return typeof doc?.id === 'string'
      ? null
      : `answered ${res.status} but not with a Discord message (${glimpse(res.text)}): is DISCORD_WEBHOOK_URL a Discord webhook?`;
  },
  delayFromBody: (text) => {
    const after = (jsonOrUndefined(text) as { retry_after?: unknown } | undefined)?.retry_after;
    return typeof after === 'number' && Number.isFinite(after) && after >= 0 ? Math.ceil(after * 1000) : null;
  },
};
