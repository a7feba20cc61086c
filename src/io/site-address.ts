/** The site-address binding for the build and the scripts (src/core/site.ts `siteAddress` is the pure rule it applies). */
import { siteAddress } from '../core/site.ts';

/** A site address variable that is set but not an absolute https address; its message is the one line to print. */
export class SiteAddressError extends Error {}

/** The site's public address from the environment (RESETCAST_SITE_URL, then URL, else SITE.url); throws SiteAddressError. */
export function siteBase(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const address = siteAddress(env);
  if ('problem' in address) throw new SiteAddressError(address.problem);
  return address.url;
}
