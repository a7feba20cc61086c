/**
 * The numbers of the forecast the deployed site publishes, for the pull's build decision
 * (src/core/dataset/rebuild.ts): one GET of its forecast.json through the one HTTP client (timeout,
 * retries, capped read, no redirect to another host). Never throws: a site that cannot be read is
 * reported as such, and the decision then builds.
 */
import { forecastNumbers, type ForecastNumbers } from '../../core/dataset/rebuild.ts';
import { siteUrl } from '../../core/site.ts';
import { getJson, type HttpDeps } from '../../net/http.ts';

/** forecast.json is about 2 KB; anything near this is not our payload. */
export const DEPLOYED_FORECAST_MAX_BYTES = 64 * 1024;
export const FORECAST_PATH = '/api/v1/forecast.json';

export async function deployedForecast(http: HttpDeps, siteBase: string): Promise<ForecastNumbers | { unreadable: string }> {
  const url = siteUrl(FORECAST_PATH, siteBase);
  try {
    const { body } = await getJson(http, url, { maxBytes: DEPLOYED_FORECAST_MAX_BYTES });
    return forecastNumbers(body) ?? { unreadable: `${url}: no available, p24 and p48 as published` };
  } catch (e) {
    return { unreadable: `${url}: ${(e as Error).message}` };
  }
}
