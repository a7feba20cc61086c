/**
 * What the deployed site publishes, for the pull's build decision (src/jobs/rebuild/rebuild.ts): one GET
 * each of its forecast.json, alerts.json and banked.json through the one HTTP client (timeout, retries,
 * capped read, no redirect to another host), read as the build's own payloads are (published.ts).
 * Never throws: a site that cannot be read is reported as such, and the decision then builds.
 */
import { alertIds, bankedGrants, forecastNumbers, PUBLISHED_PATHS, type PublishedView } from './published.ts';
import { siteUrl } from '../../core/site.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';

/**
 * The most bytes read of each. forecast.json and banked.json are a few KB. alerts.json is the whole
 * stream, about 0.5 KB an alert (53 KB for the 102 alerts of 2026-11): 4 MiB is decades at that pace,
 * and a body past the cap reads as unreadable, which builds rather than stalls.
 */
export const DEPLOYED_MAX_BYTES: Readonly<Record<keyof PublishedView, number>> = {
  forecast: 64 * 1024,
  alerts: 4 * 1024 * 1024,
  banked: 256 * 1024,
};

const READ: { [K in keyof PublishedView]: (doc: unknown) => PublishedView[K] | null } = {
  forecast: forecastNumbers,
  alerts: alertIds,
  banked: bankedGrants,
};

/** One part of the deployed view; throws, naming the URL, when it cannot be read as published. */
async function deployedPart<K extends keyof PublishedView>(http: HttpDeps, siteBase: string, part: K): Promise<PublishedView[K]> {
  const url = siteUrl(PUBLISHED_PATHS[part], siteBase);
  let body: unknown;
  try {
    ({ body } = await getJson(http, url, { maxBytes: DEPLOYED_MAX_BYTES[part] }));
  } catch (e) {
    throw new Error(`${url}: ${(e as Error).message}`);
  }
  const read = READ[part](body);
  if (read === null) throw new Error(`${url}: not a ${part} payload as published`);
  return read;
}

export async function deployedView(http: HttpDeps, siteBase: string): Promise<PublishedView | { unreadable: string }> {
  try {
    return {
      forecast: await deployedPart(http, siteBase, 'forecast'),
      alerts: await deployedPart(http, siteBase, 'alerts'),
      banked: await deployedPart(http, siteBase, 'banked'),
    };
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
}
