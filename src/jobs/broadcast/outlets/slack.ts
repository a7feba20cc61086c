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
import { shortenToFit, type Message } from '../../../core/alerts/message.ts';
import { graphemePrefix } from '../../../core/sanitize.ts';
import { glimpse, type Outlet } from './types.ts';

const escapeMrkdwn = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack truncates a message's `text` past 40,000 characters and advises at most 4,000: we keep to the advice. */
export const SLACK_MAX_CHARS = 4000;

/** The message in Slack mrkdwn within `max`: only the summary is shortened (at a word, before escaping). */
export function slackText(m: Message, max = SLACK_MAX_CHARS): string {
  const links = [...(m.post ? [`<${m.post}|Post>`] : []), `<${m.page}|Timeline>`].join(' · ');
  const lines = (text: string): string => [`*${escapeMrkdwn(m.title)}*`, text, links, m.attribution].join('\n');
  const text = escapeMrkdwn(shortenToFit(m.text, max - lines('').length, escapeMrkdwn));
  return graphemePrefix(lines(text), max, 'utf16');
}

export const slack: Outlet = {
  name: 'slack',
  label: 'Slack',
  env: 'SLACK_WEBHOOK_URL',
  settings: [{ name: 'SLACK_WEBHOOK_URL', value: '<url>', about: 'Slack incoming webhook' }],
  request: (configured: string, m: Message) => ({
    url: configured,
    body: { text: slackText(m), unfurl_links: false, unfurl_media: false },
  }),
  problem: (res) =>
    res.text.trim() === 'ok'
      ? null
      : `answered ${res.status} but not "ok" (${glimpse(res.text)}): is SLACK_WEBHOOK_URL a Slack incoming webhook?`,
};
