/**
 * The HTTP dependencies every command passes to src/net/http.ts (`npm run pull`, `broadcast`,
 * `facts-changed`): a real run's (src/net/live.ts) on the whole-second clock, with the per-request
 * timeout RESETCAST_HTTP_TIMEOUT_MS (tests shorten it; the variable is declared with the commands' shared
 * settings, scripts/lib/commands/shared.ts, so the flag tables import nothing from scripts/lib/).
 */
import { HTTP_DEFAULTS } from '../../src/core/sources.ts';
import { wholeSecondNow } from '../../src/io/clock.ts';
import type { HttpDeps } from '../../src/net/http.ts';
import { liveHttp } from '../../src/net/live.ts';
import { HTTP_TIMEOUT } from './commands/shared.ts';

export function commandHttp(env: Readonly<Record<string, string | undefined>>): HttpDeps {
  const timeoutMs = Number(env[HTTP_TIMEOUT.name] ?? HTTP_DEFAULTS.timeoutMs);
  return liveHttp({ timeoutMs, now: wholeSecondNow });
}
