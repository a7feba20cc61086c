/** Every outlet the scheduled pull can broadcast to, named once (docs/alerts.md). */
import { discord } from './discord.ts';
import { ntfy } from './ntfy.ts';
import { slack } from './slack.ts';
import { telegram } from './telegram.ts';
import type { Outlet, OutletUrls } from './types.ts';
import { createRedactor, secretPieces, SECRET_ENV, type Redactor, type SecretName } from '../../../core/secrets.ts';

export const OUTLETS: readonly Outlet[] = [ntfy, discord, slack, telegram];
export type { Outlet, OutletName, OutletUrls } from './types.ts';

/** The configured outlet URLs from an environment (blank counts as unset). */
export function outletUrls(env: Record<string, string | undefined>): OutletUrls {
  return Object.fromEntries(
    OUTLETS.flatMap((o) => {
      const configured = o.configured ? o.configured(env) : env[o.env];
      return configured ? [[o.name, configured]] : [];
    }),
  ) as OutletUrls;
}

/**
 * The one redactor (src/core/secrets.ts) set to an outlet's credential: what its answers and failures
 * say (an error body echoing the webhook path, a reason phrase, an adapter's error) is cleaned of it
 * before it reaches a line or the sent-log. Every credential part counts here, a topic declared public
 * too: these are error texts, not facts.
 */
export function outletRedactor(outlet: Outlet, configured: string): Redactor {
  if (configured === '' || !(SECRET_ENV as readonly string[]).includes(outlet.env)) return (text) => text;
  return createRedactor(secretPieces(outlet.env as SecretName, outlet.secretOf ? outlet.secretOf(configured) : configured));
}
