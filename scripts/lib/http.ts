/**
 * The HTTP dependencies every command passes to src/net/http.ts (`npm run pull`, `broadcast`,
 * `facts-changed`): a real run's (src/net/live.ts) on the whole-second clock, with the per-request
 * timeout RESETCAST_HTTP_TIMEOUT_MS (tests shorten it).
 */
import { HTTP_DEFAULTS } from '../../src/core/sources.ts';
import { wholeSecondNow } from '../../src/io/clock.ts';
import type { HttpDeps } from '../../src/net/http.ts';
import { liveHttp } from '../../src/net/live.ts';
import type { EnvSetting } from './flags.ts';

/** The one variable read here, as the commands' --help lists it (scripts/lib/commands/jobs.ts). */
export const HTTP_TIMEOUT: EnvSetting = {
  name: 'RESETCAST_HTTP_TIMEOUT_MS',
  value: '<ms>',
  about: `per-request timeout (default ${HTTP_DEFAULTS.timeoutMs})`,
};

export function commandHttp(env: Readonly<Record<string, string | undefined>>): HttpDeps {
  const timeoutMs = Number(env[HTTP_TIMEOUT.name] ?? HTTP_DEFAULTS.timeoutMs);
  return liveHttp({ timeoutMs, now: wholeSecondNow });
}
