/**
 * Every outlet the watcher and `npm run broadcast` send to (docs/alerts.md, "Outlets"): one adapter per id
 * of the one list of outlet ids, OUTLET_NAMES (src/core/schema/bookkeeping.ts, which the ledger's records
 * name them by). Each adapter holds the rest: its label, its environment variables (the `--help` of npm
 * run broadcast and the configured URLs derive from them), its credential (a SECRET_VARIABLES entry of
 * src/core/secrets/variables.ts), its request, limits and answers. Adding an outlet is one id, its adapter here,
 * its secret's entry, its benches' stand-in (scripts/bench/outlet-stand-ins.ts), its test stand-in
 * (tests/support/outlet-servers.ts) and its row in docs/alerts.md's table (checked against this list);
 * an id missing from any of the typed maps does not compile.
 */
import { createRedactor, type Redactor } from '../../../core/secrets/redact.ts';
import { secretPieces } from '../../../core/secrets/variables.ts';
import { discord } from './discord.ts';
import { ntfy } from './ntfy.ts';
import { slack } from './slack.ts';
import { telegram } from './telegram.ts';
import { OUTLET_NAMES, type Outlet, type OutletName, type OutletUrls } from './types.ts';

const ADAPTERS: Readonly<Record<OutletName, Outlet>> = { ntfy, discord, slack, telegram };

/** Every outlet, in the order of OUTLET_NAMES (the order of the broadcast's lines). */
export const OUTLETS: readonly Outlet[] = OUTLET_NAMES.map((name) => ADAPTERS[name]);
export { OUTLET_NAMES };
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
 * An outlet's credential, as the pieces the one redactor looks for (src/core/secrets/variables.ts): every credential
 * part counts here, a topic declared public too, since they clean error texts, not facts. Handed to the
 * HTTP client too (`credentials`), which removes them from an answer before it cuts anything.
 */
export function outletCredentials(outlet: Outlet, configured: string): string[] {
  if (configured === '') return [];
  return secretPieces(outlet.env, outlet.secretOf ? outlet.secretOf(configured) : configured);
}

/**
 * The one redactor (src/core/secrets/redact.ts) set to an outlet's credential: what its answers and failures
 * say (an error body echoing the webhook path, a reason phrase, an adapter's error) is cleaned of it
 * before it reaches a line or the ledger.
 */
export function outletRedactor(outlet: Outlet, configured: string): Redactor {
  return createRedactor(outletCredentials(outlet, configured));
}
