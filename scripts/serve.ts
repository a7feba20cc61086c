/**
 * Serves the last build (dist/ and the bundled /mcp function) with the local runtime, for self-hosting
 * and `npm run soak`: http://localhost:8888, PORT and HOST override (PORT=0 picks a free port). It does
 * not build: `npm start` builds first, then serves through this same code (docs/serve.md).
 */
import { resolve } from 'node:path';
import { startSite } from '../src/serve/server.ts';
import { START } from './lib/commands/tools.ts';
import { envValue } from './lib/flags.ts';

export async function serve(root: string = resolve(import.meta.dirname, '..')): Promise<void> {
  const port = Number(process.env[START.env.port.name] ?? 8888);
  const host = envValue(START.env.host);
  let started: Awaited<ReturnType<typeof startSite>>;
  try {
    started = await startSite({ root, port, host });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    console.error(err.code === 'EADDRINUSE' ? `port ${port} is already in use: set PORT to another one` : `cannot serve: ${err.message}`);
    process.exit(1);
  }
  const { server, url } = started;
  console.log(`Resetcast on ${url} (site, API and /mcp, from dist/; Ctrl-C stops)`);
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
