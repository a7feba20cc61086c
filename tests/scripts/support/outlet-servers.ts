/**
 * Local stand-ins for the three outlets' APIs, speaking them as documented (see the comments in
 * src/jobs/broadcast/outlets/*.ts): they check what they are sent and answer as the real service does,
 * success and errors alike. `override(n)` replaces the n-th answer to inject a failure.
 */
import type { Recorded, Reply } from './fixture-server.ts';

type Route = (url: URL, n: number, request: Recorded) => Reply | undefined;
/** Replaces the n-th answer (0-based; the request too, to answer by content). */
type Override = (n: number, request: Recorded) => Reply | undefined;

const json = (status: number, doc: unknown, headers: Record<string, string> = {}): Reply => ({ status, headers, body: JSON.stringify(doc) });
const parse = (text: string): any => {
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
    if (req.method !== 'POST' || url.pathname !== '/') return json(404, { code: 40401, http: 404, error: 'page not found', link: 'https://ntfy.sh/docs/' });
    const doc = parse(req.body);
    if (!doc || typeof doc.topic !== 'string' || !/^[-_A-Za-z0-9]{1,64}$/.test(doc.topic))
      return json(400, { code: 40024, http: 400, error: 'invalid request: topic invalid', link: 'https://ntfy.sh/docs/publish/#publish-as-json' });
    if (Buffer.byteLength(doc.message ?? '') > 4096) return json(413, { code: 41301, http: 413, error: 'message too large' });
    return json(200, { id: `m${n}Xq2Yp`, time: 1795176000 + n, expires: 1795219200, event: 'message', topic: doc.topic, title: doc.title, message: doc.message, priority: doc.priority, tags: doc.tags, click: doc.click });
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
    if (doc.content.length > 2000) return json(400, { message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    if (url.searchParams.get('wait') !== 'true') return { status: 204 };
    return json(200, { id: `13000000000000000${n}`, type: 0, channel_id: '1200000000000000000', content: doc.content, webhook_id: '1234567890' });
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
