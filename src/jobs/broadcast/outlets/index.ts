/** Every outlet the scheduled pull can broadcast to, named once (docs/alerts.md). */
import { discord } from './discord.ts';
import { ntfy } from './ntfy.ts';
import { slack } from './slack.ts';
import { telegram } from './telegram.ts';
import type { Outlet, OutletUrls } from './types.ts';

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
