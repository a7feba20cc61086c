/**
 * Local stand-ins for every outlet's API (one per OUTLET_NAMES entry: a missing one does not compile), speaking them as documented (see the comments in
 * src/jobs/broadcast/outlets/*.ts): they check what they are sent and answer as the real service does,
 * success and errors alike. `override(n)` replaces the n-th answer to inject a failure.
 */
import { OUTLET_NAMES, outletUrls, type OutletName, type OutletUrls } from '../../src/jobs/broadcast/outlets/index.ts';
import { startServer, type FixtureServer, type Recorded, type Reply } from './fixture-server.ts';
import type { LooseJson } from './json.ts';

type Route = (url: URL, n: number, request: Recorded) => Reply | undefined;
/** Replaces the n-th answer (0-based; the request too, to answer by content). */
type Override = (n: number, request: Recorded) => Reply | undefined;

const json = (status: number, doc: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers,
  body: JSON.stringify(doc),
});
const parse = (text: string): LooseJson => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const NTFY_TOPIC = 'resetcast-test-topic';
/** ntfy: JSON publishing is a POST to the root URL; the answer is the published message. */
export function ntfyApi(override?: Override): Route {
  return (url, n, req) => {
    const o = override?.(n, req);
    if (o) return o;
    if (req.method !== 'POST' || url.pathname !== '/')
      return json(404, { code: 40401, http: 404, error: 'page not found', link: 'https://ntfy.sh/docs/' });
    const doc = parse(req.body);
    if (!doc || typeof doc.topic !== 'string' || !/^[-_A-Za-z0-9]{1,64}$/.test(doc.topic))
      return json(400, {
        code: 40024,
        http: 400,
        error: 'invalid request: topic invalid',
        link: 'https://ntfy.sh/docs/publish/#publish-as-json',
      });
    if (Buffer.byteLength(doc.message ?? '') > 4096) return json(413, { code: 41301, http: 413, error: 'message too large' });
    return json(200, {
      id: `m${n}Xq2Yp`,
      time: 1795176000 + n,
      expires: 1795219200,
      event: 'message',
      topic: doc.topic,
      title: doc.title,
      message: doc.message,
      priority: doc.priority,
      tags: doc.tags,
      click: doc.click,
    });
  };
}

export const DISCORD_PATH = '/api/webhooks/1234567890/s3cretWebhookT0ken-abcdefghijklmnop';
/** Discord: execute webhook; with ?wait=true the created message comes back, without it 204. */
export function discordApi(override?: Override): Route {
  return (url, n, req) => {
    const o = override?.(n, req);
    if (o) return o;
    if (req.method !== 'POST' || url.pathname !== DISCORD_PATH) return json(404, { message: 'Unknown Webhook', code: 10015 });
    const doc = parse(req.body);
    if (!doc) return json(400, { message: 'The request body contains invalid JSON.', code: 50109 });
    if (typeof doc.content !== 'string' || doc.content === '') return json(400, { message: 'Cannot send an empty message', code: 50006 });
    if (doc.content.length > 2000)
      return json(400, { message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    if (url.searchParams.get('wait') !== 'true') return { status: 204 };
    return json(200, {
      id: `13000000000000000${n}`,
      type: 0,
      channel_id: '1200000000000000000',
      content: doc.content,
      webhook_id: '1234567890',
    });
  };
}

export const SLACK_PATH = '/services/T0000TEST/B0000TEST/XXXXsecretXXXXslackXXXX';
/** Slack: an incoming webhook answers a plain-text "ok", or an error code with a 4xx status. */
export function slackApi(override?: Override): Route {
  return (url, n, req) => {
    const o = override?.(n, req);
    if (o) return o;
    const text = (status: number, body: string): Reply => ({ status, headers: { 'Content-Type': 'text/html' }, body });
    if (req.method !== 'POST' || url.pathname !== SLACK_PATH) return text(404, 'no_service');
    const doc = parse(req.body);
    if (!doc || !String(req.headers['content-type']).startsWith('application/json')) return text(400, 'invalid_payload');
    if (typeof doc.text !== 'string' || doc.text === '') return text(400, 'no_text');
    return text(200, 'ok');
  };
}

/** A bot token as @BotFather issues them (`<bot id>:<35 characters>`) and the channel it posts to. */
export const TELEGRAM_TOKEN = '7000000001:AAHtelegramS3cretT0ken-abcdefghijkl';
export const TELEGRAM_CHAT = '@resetcast_test';
export const TELEGRAM_PATH = `/bot${TELEGRAM_TOKEN}/sendMessage`;

/** Telegram's error answer: JSON with the status repeated as `error_code`. */
export const telegramError = (status: number, description: string, parameters?: { retry_after: number }): Reply =>
  json(status, { ok: false, error_code: status, description, ...(parameters ? { parameters } : {}) });

/**
 * What a Telegram reader sees of an HTML-style text (core.telegram.org/bots/api#html-style): `<b>` and
 * `<a href="…">` tags, the entities &lt; &gt; &amp; &quot; and numeric ones; any other `<` or `&`, and
 * a bare `>`, is an error, as is a tag left open or closed out of order.
 */
export function telegramVisible(html: string): { text: string } | { error: string } {
  const token = /<(b|a href="[^"<>]*")>|<\/(b|a)>|&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);|[^<>&]+/y;
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };
  const open: string[] = [];
  let text = '';
  while (token.lastIndex < html.length) {
    const at = token.lastIndex;
    const m = token.exec(html);
    if (!m)
      return {
        error: `can't parse entities: unexpected ${JSON.stringify(html[at])} at byte offset ${Buffer.byteLength(html.slice(0, at))}`,
      };
    if (m[1]) open.push(m[1].startsWith('a') ? 'a' : 'b');
    else if (m[2]) {
      if (open.pop() !== m[2]) return { error: `can't parse entities: can't find end tag corresponding to start tag "${m[2]}"` };
    } else if (m[3])
      text += named[m[3]] ?? String.fromCodePoint(m[3].startsWith('#x') ? parseInt(m[3].slice(2), 16) : Number(m[3].slice(1)));
    else text += m[0];
  }
  return open.length > 0 ? { error: `can't parse entities: can't find end tag corresponding to start tag "${open.at(-1)}"` } : { text };
}

/**
 * Telegram's Bot API, sendMessage only: POST /bot<token>/sendMessage with JSON. A wrong token is 401, an
 * unknown method 404, another chat 400 "chat not found", HTML that does not parse or a text over 4,096
 * characters after entity parsing 400; success is `{ok: true, result: <the Message>}`.
 */
export function telegramApi(override?: Override): Route {
  return (url, n, req) => {
    const o = override?.(n, req);
    if (o) return o;
    const path = /^\/bot([^/]*)\/(\w+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !path) return telegramError(404, 'Not Found');
    if (path[1] !== TELEGRAM_TOKEN) return telegramError(401, 'Unauthorized');
    if (path[2] !== 'sendMessage') return telegramError(404, 'Not Found');
    const doc = parse(req.body);
    if (!doc || !String(req.headers['content-type']).startsWith('application/json'))
      return telegramError(400, 'Bad Request: message text is empty');
    if (doc.chat_id !== TELEGRAM_CHAT) return telegramError(400, 'Bad Request: chat not found');
    if (typeof doc.text !== 'string' || doc.text === '') return telegramError(400, 'Bad Request: message text is empty');
    const seen = doc.parse_mode === 'HTML' ? telegramVisible(doc.text) : { text: doc.text as string };
    if ('error' in seen) return telegramError(400, `Bad Request: ${seen.error}`);
    if (seen.text.length > 4096) return telegramError(400, 'Bad Request: message is too long');
    const chat = { id: -1001234567890, title: 'Resetcast test', username: TELEGRAM_CHAT.slice(1), type: 'channel' };
    return json(200, { ok: true, result: { message_id: 100 + n, sender_chat: chat, chat, date: 1795176000 + n, text: seen.text } });
  };
}

/** Each outlet's stand-in, by the outlet's name. */
export const OUTLET_APIS: Record<OutletName, (override?: Override) => Route> = {
  ntfy: ntfyApi,
  discord: discordApi,
  slack: slackApi,
  telegram: telegramApi,
};

/** Starts every outlet's stand-in at once; `overrides` replaces answers of the ones it names. */
export async function startOutlets(
  overrides: Partial<Record<OutletName, Override | undefined>> = {},
): Promise<Record<OutletName, FixtureServer>> {
  const servers = await Promise.all(OUTLET_NAMES.map((name) => startServer(OUTLET_APIS[name](overrides[name]))));
  return Object.fromEntries(OUTLET_NAMES.map((name, i) => [name, servers[i]!])) as Record<OutletName, FixtureServer>;
}

/** Telegram is configured by three variables (token, chat, API base), read as scripts/broadcast.ts reads them. */
export const telegramEnv = (base: string, env: Record<string, string> = {}): Record<string, string> => ({
  TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
  TELEGRAM_CHAT_ID: TELEGRAM_CHAT,
  RESETCAST_TELEGRAM_API: base,
  ...env,
});

/** Where each outlet's stand-in listens (a base URL, `http://127.0.0.1:<port>`). */
export type OutletBases = Record<OutletName, string>;

/** Each outlet's variables for its stand-in at `base`. */
const OUTLET_ENVS: Record<OutletName, (base: string) => Record<string, string>> = {
  ntfy: (base) => ({ NTFY_TOPIC_URL: `${base}/${NTFY_TOPIC}` }),
  discord: (base) => ({ DISCORD_WEBHOOK_URL: `${base}${DISCORD_PATH}` }),
  slack: (base) => ({ SLACK_WEBHOOK_URL: `${base}${SLACK_PATH}` }),
  telegram: (base) => telegramEnv(base),
};

/** The outlet variables `npm run broadcast` reads, for stand-ins at these bases. */
export const outletEnv = (at: OutletBases): Record<string, string> =>
  Object.assign({}, ...OUTLET_NAMES.map((name) => OUTLET_ENVS[name](at[name])));

/** Every outlet's URL for stand-ins at these bases, read from its variables as scripts/broadcast.ts reads them (Telegram's from three). */
export function outletUrlsAt(at: OutletBases): Required<OutletUrls> {
  return outletUrls(outletEnv(at)) as Required<OutletUrls>;
}
