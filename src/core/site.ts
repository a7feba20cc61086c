/** The one site configuration: name, public URL and brand words. Everything that names the site reads it. */
export const SITE = {
  name: 'Resetcast',
  url: 'https://resetcast.netlify.app',
  /** Brand word of the tracked product, used in tool names (`list_codex_resets`). */
  brand: 'codex',
  product: 'OpenAI Codex',
  attribution: 'Data: Resetcast',
  contact: 'https://resetcast.netlify.app/developers/',
  /**
   * The public ntfy topic the scheduled pull posts alerts to (its NTFY_TOPIC_URL secret is this URL;
   * docs/alerts.md). Anyone may subscribe; only the pull publishes.
   */
  ntfyTopic: 'https://ntfy.sh/resetcast-codex-alerts',
  /**
   * The public Telegram channel the broadcast posts to (its TELEGRAM_CHAT_ID secret names it;
   * docs/alerts.md), as its https://t.me/<name> link; null while none exists, and the developers page
   * says so. Set it the day the channel is created.
   */
  telegramChannel: null as string | null,
  description:
    'Forecasts and records announced usage-limit resets of OpenAI Codex: odds of a reset in the next 24 and ' +
    '48 hours, every recorded reset, banked resets, as JSON, MCP, Atom and iCalendar.',
} as const;

export const DISCLAIMER =
  'Resetcast is an independent project, not affiliated with OpenAI. Resets have been announced ad hoc; ' +
  'the percentages are estimates from past announcements, not a schedule.';

/**
 * Where X's webhook listens on the site (netlify/functions/x-webhook.ts): a machine-to-machine endpoint
 * for X alone, not part of the public API (docs/api.md says so, from here).
 */
export const X_WEBHOOK_PATH = '/x/webhook';

/** Absolute URL of a site path, e.g. `siteUrl('/api/v1/forecast.json')`. */
export function siteUrl(path: string, base: string = SITE.url): string {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}
