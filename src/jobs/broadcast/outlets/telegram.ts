/**
 * A Telegram channel, through a bot the maintainer made an administrator of it. TELEGRAM_BOT_TOKEN is
 * the bot's token from @BotFather (`<bot id>:<secret>`, a secret: it is in SECRET_VARIABLES), TELEGRAM_CHAT_ID
 * the channel (`@channelusername`, or its numeric id, -100…). RESETCAST_TELEGRAM_API overrides the API
 * base (tests point it at 127.0.0.1), as RESETCAST_X_API does for X.
 *
 * What this relies on (core.telegram.org/bots/api):
 * - "Making requests": `POST https://api.telegram.org/bot<token>/METHOD_NAME` with a JSON body; the
 *   answer is always JSON `{ok, result}` or `{ok: false, error_code, description, parameters?}`, with
 *   the HTTP status equal to `error_code` (400 Bad Request, 401 Unauthorized for a wrong token, 403
 *   Forbidden, e.g. "Forbidden: bot was kicked from the channel chat", 429 Too Many Requests).
 * - sendMessage: `chat_id` (integer or `@channelusername`), `text` "1-4096 characters after entities
 *   parsing", `parse_mode: "HTML"`, `link_preview_options: {is_disabled: true}` (Bot API 7.0; it replaced
 *   `disable_web_page_preview`). On success the sent Message: `result.message_id`.
 * - HTML style: `<b>`, `<a href="…">`; "all <, > and & symbols that are not a part of a tag or an HTML
 *   entity must be replaced with the corresponding HTML entities"; the named entities supported are
 *   `&lt;`, `&gt;`, `&amp;` and `&quot;`.
 * - ResponseParameters.retry_after: "in case of exceeding flood control, the number of seconds left to
 *   wait before the request can be repeated", in the 429's body; we wait for it like a Retry-After.
 * - No idempotency key: sendMessage has no field that deduplicates a resend, so an uncertain attempt is
 *   resent at most once (docs/alerts.md), as for Discord and Slack.
 * The token is in the URL's path: `secretOf` names it, so outletRedactor (outlets/index.ts) keeps it out
 * of every line and record about this outlet; errors from here never name the URL.
 */
import { shorten, type Message } from '../../../core/alerts/message.ts';
import { jsonOrUndefined, glimpse, type Outlet } from './types.ts';

export const TELEGRAM_API = 'https://api.telegram.org';
/** Telegram's limit on a message's text, counted after entity parsing (what a reader sees). */
export const TELEGRAM_MAX_CHARS = 4096;

/** `/bot<id>:<secret>/sendMessage`, under the base's own path if it has one (a local Bot API server). */
const SEND_PATH = /^\/(?:[^?#]*\/)?bot\d+:[A-Za-z0-9_-]+\/sendMessage$/;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string): string => escapeHtml(text).replace(/"/g, '&quot;');

/**
 * The message in Telegram's HTML: bold title, the text, "Post · Timeline" links, the attribution. Within
 * `max` characters as Telegram counts them (after entity parsing): only the summary is shortened (at a
 * word, with an ellipsis), and before it is escaped, so a cut can never fall inside an entity or a tag.
 */
export function telegramText(m: Message, max = TELEGRAM_MAX_CHARS): string {
  const links: [string, string][] = [...(m.post ? [['Post', m.post] as [string, string]] : []), ['Timeline', m.page]];
  const visibleLinks = links.map(([label]) => label).join(' · ');
  // Everything but the summary, as seen, plus the three line breaks between the four lines.
  const frame = m.title.length + visibleLinks.length + m.attribution.length + 3;
  const text = frame + m.text.length <= max ? m.text : shorten(m.text, Math.max(1, max - frame));
  const html = links.map(([label, url]) => `<a href="${escapeAttribute(url)}">${label}</a>`).join(' · ');
  return [`<b>${escapeHtml(m.title)}</b>`, escapeHtml(text), html, escapeHtml(m.attribution)].join('\n');
}

/** Telegram's `description` without the status words it repeats ("Forbidden: bot was kicked…" → "bot was kicked…"), on one line. */
function description(text: string): string | null {
  const said = (jsonOrUndefined(text) as { description?: unknown } | undefined)?.description;
  if (typeof said !== 'string') return null;
  // The status words lead ("Bad Request: …", "Too Many Requests: retry after 5"); the status line has them already.
  const words = said
    .replace(/^[A-Z][a-z]+(?: [A-Z][a-z]+)*(?:: |$)/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return words === '' ? null : words.slice(0, 200);
}

/** 400s that are about the channel, not the message: every message would be refused the same way. */
const CHANNEL_REFUSALS =
  /chat not found|not enough rights|need administrator rights|CHAT_WRITE_FORBIDDEN|CHAT_ADMIN_REQUIRED|bot is not a member/i;

export const telegram: Outlet = {
  name: 'telegram',
  label: 'Telegram',
  env: 'TELEGRAM_BOT_TOKEN',
  settings: [
    { name: 'TELEGRAM_BOT_TOKEN', value: '<token>', about: 'Telegram bot (from @BotFather), an administrator of the channel' },
    { name: 'TELEGRAM_CHAT_ID', value: '<@channel|id>', about: 'the Telegram channel to post to' },
    { name: 'RESETCAST_TELEGRAM_API', value: '<url>', about: `Telegram Bot API base (default ${TELEGRAM_API})` },
  ],
  configured: (env) => {
    const token = env['TELEGRAM_BOT_TOKEN']?.trim();
    if (!token) return undefined;
    const base = (env['RESETCAST_TELEGRAM_API'] || TELEGRAM_API).replace(/\/+$/, '');
    const chat = env['TELEGRAM_CHAT_ID']?.trim();
    // The chat travels in the query only to reach request(), which moves it into the body.
    return `${base}/bot${token}/sendMessage${chat ? `?chat_id=${encodeURIComponent(chat)}` : ''}`;
  },
  secretOf: (configured) => /\/bot([^/]+)\/sendMessage/.exec(new URL(configured).pathname)?.[1] ?? configured,
  request: (configured: string, m: Message) => {
    const u = new URL(configured);
    if (!SEND_PATH.test(u.pathname) || u.hash !== '')
      throw new Error('TELEGRAM_BOT_TOKEN is not a bot token (expected <bot id>:<secret>, as @BotFather gives it)');
    const chat = u.searchParams.get('chat_id');
    if (!chat) throw new Error('TELEGRAM_CHAT_ID not set (the channel: @channelusername or its numeric id)');
    u.search = '';
    return {
      url: u.toString(),
      body: { chat_id: chat, text: telegramText(m), parse_mode: 'HTML', link_preview_options: { is_disabled: true } },
    };
  },
  problem: (res) => {
    const doc = jsonOrUndefined(res.text) as { ok?: unknown; result?: { message_id?: unknown } } | undefined;
    return doc?.ok === true && typeof doc.result?.message_id === 'number'
      ? null
      : `answered ${res.status} but not with a Telegram message (${glimpse(res.text)}): is RESETCAST_TELEGRAM_API the Bot API?`;
  },
  delayFromBody: (text) => {
    const after = (jsonOrUndefined(text) as { parameters?: { retry_after?: unknown } } | undefined)?.parameters?.retry_after;
    return typeof after === 'number' && Number.isFinite(after) && after >= 0 ? Math.ceil(after * 1000) : null;
  },
  describeError: description,
  refusesAll: (status, message) => status === 400 && CHANNEL_REFUSALS.test(message),
};
