/**
 * Serves the last build (dist/ and the bundled /mcp function) with the local runtime, for self-hosting
 * and `npm run soak`: http://127.0.0.1:8888 (loopback), PORT and HOST override (PORT=0 picks a free port;
 * src/serve/settings.ts reads and checks them). It does not build: `npm start` builds first, then serves
 * through this same code (docs/serve.md); each later `npm run build` is served once it has completed.
 */
import { resolve } from 'node:path';
import { startSite } from '../src/serve/server.ts';
import { readServeSettings, type ServeSettings } from '../src/serve/settings.ts';

/** PORT and HOST from the environment, or one line on stderr saying which is wrong, and exit 1. */
export function settingsOrExit(env: NodeJS.ProcessEnv = process.env): ServeSettings {
  const read = readServeSettings(env);
  if (read.ok) return read.settings;
  console.error(read.problem);
  process.exit(1);
}

export async function serve(root: string = resolve(import.meta.dirname, '..'), settings: ServeSettings = settingsOrExit()): Promise<void> {
  const { port, host } = settings;
  let started: Awaited<ReturnType<typeof startSite>>;
  try {
    started = await startSite({ root, port, host });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    const problem =
      err.code === 'EADDRINUSE'
        ? `port ${port} is already in use on ${host}: set PORT to another one`
        : err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
          ? `HOST ${host} is not an address of this machine: set HOST to one (127.0.0.1, 0.0.0.0, ::)`
          : err.code === 'EACCES'
            ? `port ${port} needs privileges on this machine: set PORT to 1024 or above`
            : `cannot serve: ${err.message}`;
    console.error(problem);
    process.exit(1);
  }
  const { server, url, note } = started;
  console.log(
    `Resetcast on ${url} (site, API and /mcp, from dist/${note ? `; ${note}` : ''}; ` +
      'each new `npm run build` is served once it completes, no restart; Ctrl-C stops)',
  );
  const stop = (): void => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Requests in flight get a moment to finish; then the rest are cut.
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 3000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) await serve();
