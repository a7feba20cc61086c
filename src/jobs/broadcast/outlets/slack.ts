/**
 * A Slack incoming webhook. SLACK_WEBHOOK_URL is https://hooks.slack.com/services/T…/B…/….
 *
 * What this relies on (Slack docs, "Sending messages using incoming webhooks"):
 * - POST JSON with `text` (mrkdwn: `&`, `<`, `>` escaped as entities; links as `<url|label>`);
 *   `unfurl_links`/`unfurl_media` false keep the message short.
 * - Success: "HTTP 200 response with a plain text `ok`".
 * - Errors ("Handling errors"): expressive statuses with a plain-text code, e.g. 400 `invalid_payload`,
 *   403 `action_prohibited`, 404 `channel_not_found`, 410 `channel_is_archived`, `no_service`…
 *   ("should not be retried without correction"); we never retry a 4xx other than 429.
 * - Rate limits (docs.slack.dev/apis/web-api/rate-limits): about one message per second per webhook,
 *   429 with `Retry-After` when exceeded.
 * - No idempotency key: an incoming webhook takes the message only, so a resend after an uncertain
 *   attempt cannot be deduplicated; it is resent at most once (docs/alerts.md).
 */
import type { Message } from '../../../core/alerts/message.ts';
import { glimpse, type Outlet } from './types.ts';

const escapeMrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function slackText(m: Message): string {
  const links = [...(m.post ? [`<${m.post}|Post>`] : []), `<${m.page}|Timeline>`].join(' · ');
  return [`*${escapeMrkdwn(m.title)}*`, escapeMrkdwn(m.text), links, m.attribution].join('\n');
}

export const slack: Outlet = {
  name: 'slack',
  env: 'SLACK_WEBHOOK_URL',
  settings: [{ name: 'SLACK_WEBHOOK_URL', value: '<url>', about: 'Slack incoming webhook' }],
  request: (configured: string, m: Message) => ({ url: configured, body: { text: slackText(m), unfurl_links: false, unfurl_media: false } }),
  problem: (res) => (res.text.trim() === 'ok' ? null : `answered ${res.status} but not "ok" (${glimpse(res.text)}): is SLACK_WEBHOOK_URL a Slack incoming webhook?`),
};
