/**
 * What the deployed site publishes, for the pull's build decision (src/jobs/rebuild/rebuild.ts): one GET
 * each of its forecast.json, alerts.json, banked.json and signals.json through the one HTTP client (timeout,
 * retries, capped read, no redirect to another host), read as the build's own payloads are (published.ts), with
 * each one's `generated_at`, the forecast's freshness (when its figures are for, which timetable) and the
 * signals the figures were computed with (held on both sides of the comparison: published.ts, `withSignals`).
 * Never throws: a site that cannot be read is reported as such, and the decision then builds.
 */
import type { SignalsFile } from '../../core/schema/index.ts';
import {
  alertIds,
  bankedGrants,
  deployedSignals,
  forecastFreshness,
  forecastNumbers,
  generatedAt,
  PUBLISHED_PATHS,
  SIGNALS_PATH,
  type DeployedClock,
  type PublishedView,
} from './published.ts';
import { siteUrl } from '../../core/site.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';

/**
 * The most bytes read of each. forecast.json and banked.json are a few KB. alerts.json is the whole
 * stream, about 0.5 KB an alert (53 KB for the 102 alerts of 2026-11): 4 MiB is decades at that pace,
 * and a body past the cap reads as unreadable, which builds rather than stalls. signals.json is one
 * snapshot of capped texts (under 1 KB on a quiet day): 256 KiB is hundreds of incidents.
 */
export const DEPLOYED_MAX_BYTES: Readonly<Record<keyof PublishedView | 'signals', number>> = {
  forecast: 64 * 1024,
  alerts: 4 * 1024 * 1024,
  banked: 256 * 1024,
  signals: 256 * 1024,
};

const READ: { [K in keyof PublishedView]: (doc: unknown) => PublishedView[K] | null } = {
  forecast: forecastNumbers,
  alerts: alertIds,
  banked: bankedGrants,
};

/** What the deployed site publishes, when its figures are for (its timetable's clock), and the signals they hold. */
export type DeployedSite = PublishedView & { clock: DeployedClock; signals: SignalsFile };

/** One deployed document, parsed; throws, naming the URL, when it cannot be read. */
async function deployedDoc(http: HttpDeps, url: string, maxBytes: number): Promise<unknown> {
  try {
    return (await getJson(http, url, { maxBytes })).body;
  } catch (e) {
    throw new Error(`${url}: ${(e as Error).message}`);
  }
}

/** One part of the deployed view and its document; throws, naming the URL, when it cannot be read as published. */
async function deployedPart<K extends keyof PublishedView>(
  http: HttpDeps,
  siteBase: string,
  part: K,
): Promise<{ read: PublishedView[K]; body: unknown; at: string }> {
  const url = siteUrl(PUBLISHED_PATHS[part], siteBase);
  const body = await deployedDoc(http, url, DEPLOYED_MAX_BYTES[part]);
  const read = READ[part](body);
  const at = generatedAt(body);
  if (read === null || at === null) throw new Error(`${url}: not a ${part} payload as published`);
  return { read, body, at };
}

/** The deployed signals snapshot; throws, naming the URL, when it cannot be read as published. */
async function deployedSnapshot(http: HttpDeps, siteBase: string): Promise<SignalsFile> {
  const url = siteUrl(SIGNALS_PATH, siteBase);
  const signals = deployedSignals(await deployedDoc(http, url, DEPLOYED_MAX_BYTES.signals));
  if (signals === null) throw new Error(`${url}: not a signals payload as published`);
  return signals;
}

export async function deployedView(http: HttpDeps, siteBase: string): Promise<DeployedSite | { unreadable: string }> {
  try {
    const forecast = await deployedPart(http, siteBase, 'forecast');
    const alerts = await deployedPart(http, siteBase, 'alerts');
    const banked = await deployedPart(http, siteBase, 'banked');
    const signals = await deployedSnapshot(http, siteBase);
    const freshness = forecastFreshness(forecast.body);
    if (freshness === null) throw new Error(`${siteUrl(PUBLISHED_PATHS.forecast, siteBase)}: not a forecast payload as published`);
    return {
      forecast: forecast.read,
      alerts: alerts.read,
      banked: banked.read,
      signals,
      clock: { at: { forecast: forecast.at, alerts: alerts.at, banked: banked.at }, ...freshness },
    };
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
}
