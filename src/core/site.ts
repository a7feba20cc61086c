/**
 * The one site configuration: name, brand words and the default public URL. The address a build, a job or a
 * function publishes under is `siteAddress(env)` (below): a fork's own, else `SITE.url`; pure code takes it as
 * its `base` argument and never reads `SITE.url` for an address.
 */
export const SITE = {
  name: 'Resetcast',
  url: 'https://resetcast.netlify.app',
  /** Brand word of the tracked product, used in tool names (`list_codex_resets`). */
  brand: 'codex',
  product: 'OpenAI Codex',
  attribution: 'Data: Resetcast',
  contact: 'https://resetcast.netlify.app/developers/',
  /**
   * The public ntfy topic every alert goes to: the site's NTFY_TOPIC_URL (in Netlify's environment, read
   * by the watcher, the one sender, and by `npm run broadcast` by hand) is this URL (docs/alerts.md).
   * Anyone may subscribe; only Resetcast's senders publish. The alerts page links it.
   */
  ntfyTopic: 'https://ntfy.sh/resetcast-codex-alerts',
  /**
   * The public Telegram channel the alerts go to (the site's TELEGRAM_CHAT_ID names it; docs/alerts.md),
   * as its https://t.me/<name> link; null while none exists, and the alerts page says so. Set it the day
   * the channel is created.
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

/**
 * Where the scheduled pull hands over the signal snapshot (netlify/functions/signals.ts): a
 * machine-to-machine endpoint for the pull alone, not part of the public API (docs/api.md says so, from here).
 */
export const SIGNALS_PATH = '/signals';

/** Absolute URL of a site path under the site's address `base`, e.g. `siteUrl('/api/v1/forecast.json', base)`. */
export function siteUrl(path: string, base: string): string {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}

/**
 * The variables that name the site's public address, in the order they are read: a fork's explicit setting,
 * then the one Netlify sets on every build and function (the site's main address, also on deploy previews).
 */
export const SITE_URL_VARIABLES = ['RESETCAST_SITE_URL', 'URL'] as const;

export type SiteAddress = { url: string; from: (typeof SITE_URL_VARIABLES)[number] | 'default' } | { problem: string };

/** Netlify's local runtime (`netlify dev`) sets URL to its own loopback address, which is no site's address. */
const LOCAL_RUNTIME = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\/?$/;

/**
 * The site's public address (an https origin, no trailing slash) from `env`: the first variable of
 * SITE_URL_VARIABLES that is set and not empty, else `SITE.url`. A set value that is not an absolute https
 * address is a problem naming the variable, never silently replaced (alert ids carry the address's host:
 * every sender must agree on it). URL holding the local runtime's loopback address counts as unset.
 */
export function siteAddress(env: Readonly<Record<string, string | undefined>>): SiteAddress {
  for (const variable of SITE_URL_VARIABLES) {
    const raw = env[variable]?.trim();
    if (!raw || (variable === 'URL' && LOCAL_RUNTIME.test(raw))) continue;
    const url = URL.canParse(raw) ? new URL(raw) : undefined;
    const isOrigin = url && url.protocol === 'https:' && !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
    if (!isOrigin) {
      return {
        problem: `${variable} must be the site's absolute https address, e.g. ${SITE.url}, got ${JSON.stringify(raw).slice(0, 200)}`,
      };
    }
    return { url: url.origin, from: variable };
  }
  return { url: SITE.url, from: 'default' };
}
