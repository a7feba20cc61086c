/**
 * The real local Netlify runtime (`netlify serve`, offline, edge functions off) on a project folder that
 * already holds its build: the runtime the end-to-end tests share (tests/support/global-setup.ts) and the
 * watcher's own (watch-runtime.ts). The folder's netlify.toml must not build (its command `true`, as in
 * the folder runtimeProject makes): the caller builds into the folder first, so the runtime never writes
 * the checkout's dist/ or .netlify/.
 *
 * Ports: `netlify serve` wants its port numbers up front (`--port`, and `--staticServerPort` for the
 * static server behind it, which otherwise defaults to 3999 for every instance at once), and takes them
 * with a check-then-listen of its own. So each is a port the OS just handed out (freePort), and a start
 * that loses the race (another process took the port between the check and the listen: EADDRINUSE, or
 * netlify's "Could not acquire") is retried with fresh ports. The runtime is ready when it answers
 * `readyPath`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './free-port.ts';
import { ExitedEarly, untilAnswers } from './until-answers.ts';

/** The build step of the repository's netlify.toml, which a runtime project drops. */
const BUILD_COMMAND = 'command = "npm run build"';

/**
 * A new temp project folder (outside the checkout, named `prefix`…) holding the repository's netlify.toml
 * with its build command made `true`: its headers, functions settings and schedule as they are. The
 * caller puts the build (dist/, the bundled functions) in it and removes it when done. A package.json of
 * its own makes the folder the project's root: netlify-cli takes the nearest folder above with one, and a
 * stray package.json in the temp folder's parent made it serve that parent's dist/ (every address 404).
 */
export function runtimeProject(root: string, prefix: string): string {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  if (!toml.includes(BUILD_COMMAND)) throw new Error(`netlify.toml no longer has ${BUILD_COMMAND}; update scripts/lib/netlify-serve.ts`);
  const dir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dir, 'netlify.toml'), toml.replace(BUILD_COMMAND, 'command = "true"'));
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  return dir;
}

export interface NetlifyServe {
  url: string;
  /** The runtime's process (the soak samples its memory); stop it with close(). */
  child: ChildProcess;
  /** Everything the runtime printed so far (its functions' console output included). */
  output: () => string;
  /** Stops the runtime and every process it started; resolves once it has exited. */
  close: () => Promise<void>;
}

export interface NetlifyServeOptions {
  /** The project folder: netlify.toml, dist/ and the bundled functions. */
  cwd: string;
  /** The runtime's whole environment (and so its functions'), given its address (known per start). */
  env: (url: string) => NodeJS.ProcessEnv;
  /** A path the runtime answers with 2xx once it is up (a published file). */
  readyPath: string;
  /** How long one start may take before it counts as failed. */
  startMs: number;
}

/** How many starts may lose a port race before giving up. */
const ATTEMPTS = 4;
const LOST_PORT = /EADDRINUSE|Could not acquire|Unable to start proxy server/;

const CLI = join(dirname(createRequire(import.meta.url).resolve('netlify-cli/package.json')), 'bin', 'run.js');

class LostPort extends Error {}

async function stop(child: ChildProcess): Promise<void> {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    // The runtime starts helpers of its own (the functions server's workers): end its whole group.
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await exited;
}

async function startOnce(o: NetlifyServeOptions): Promise<NetlifyServe> {
  const [port, staticPort] = await Promise.all([freePort(), freePort()]);
  const url = `http://localhost:${port}`;
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--offline', '--internal-disable-edge-functions', '--port', String(port), '--staticServerPort', String(staticPort)],
    {
      cwd: o.cwd,
      env: { NETLIFY_TELEMETRY_DISABLED: '1', BROWSER: 'none', ...o.env(url) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const close = (): Promise<void> => stop(child);
  try {
    await untilAnswers(child, `${url}${o.readyPath}`, { what: 'netlify serve', output: () => out, ms: o.startMs });
    return { url, child, output: () => out, close };
  } catch (e) {
    await close();
    throw e instanceof ExitedEarly && LOST_PORT.test(e.output) ? new LostPort(e.message) : e;
  }
}

export async function startNetlifyServe(o: NetlifyServeOptions): Promise<NetlifyServe> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(o);
    } catch (e) {
      if (!(e instanceof LostPort) || attempt >= ATTEMPTS) throw e;
    }
  }
}
