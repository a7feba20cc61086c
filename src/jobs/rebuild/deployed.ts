/**
 * What the deployed site publishes, for the pull's build decision (src/jobs/rebuild/rebuild.ts): one GET
 * each of its forecast.json, alerts.json and banked.json through the one HTTP client (timeout, retries,
 * capped read, no redirect to another host), read as the build's own payloads are (published.ts), with
 * each one's `generated_at` and the forecast's freshness (when its figures are for, which timetable).
 * Never throws: a site that cannot be read is reported as such, and the decision then builds.
 */
import {
  alertIds,
  bankedGrants,
  forecastFreshness,
  forecastNumbers,
  generatedAt,
  PUBLISHED_PATHS,
  type DeployedClock,
  type PublishedView,
} from './published.ts';
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

/** What the deployed site publishes, and when its figures are for (its timetable's clock). */
export type DeployedSite = PublishedView & { clock: DeployedClock };

/** One part of the deployed view and its document; throws, naming the URL, when it cannot be read as published. */
async function deployedPart<K extends keyof PublishedView>(
  http: HttpDeps,
  siteBase: string,
  part: K,
): Promise<{ read: PublishedView[K]; body: unknown; at: string }> {
  const url = siteUrl(PUBLISHED_PATHS[part], siteBase);
  let body: unknown;
  try {
    ({ body } = await getJson(http, url, { maxBytes: DEPLOYED_MAX_BYTES[part] }));
  } catch (e) {
    throw new Error(`${url}: ${(e as Error).message}`);
  }
  const read = READ[part](body);
  const at = generatedAt(body);
  if (read === null || at === null) throw new Error(`${url}: not a ${part} payload as published`);
  return { read, body, at };
}

export async function deployedView(http: HttpDeps, siteBase: string): Promise<DeployedSite | { unreadable: string }> {
  try {
    const forecast = await deployedPart(http, siteBase, 'forecast');
    const alerts = await deployedPart(http, siteBase, 'alerts');
    const banked = await deployedPart(http, siteBase, 'banked');
    const freshness = forecastFreshness(forecast.body);
    if (freshness === null) throw new Error(`${siteUrl(PUBLISHED_PATHS.forecast, siteBase)}: not a forecast payload as published`);
    return {
      forecast: forecast.read,
      alerts: alerts.read,
      banked: banked.read,
      clock: { at: { forecast: forecast.at, alerts: alerts.at, banked: banked.at }, ...freshness },
    };
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
}
