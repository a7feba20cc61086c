/**
 * The watcher (and X's webhook beside it) as Netlify runs them, on this machine: the real local Netlify runtime (`netlify serve`,
 * offline, edge functions off, as tests/support/global-setup.ts starts it) on a temp project holding the
 * bundled watch function (built by the build's own bundler) and the deploy's published files, with the
 * repository's netlify.toml (its [functions] settings and the watcher's schedule as they are; only the
 * build command is dropped: the function is bundled here, the payloads written here). Used by the
 * end-to-end test (tests/e2e/watch-runtime.test.ts) and `npm run bench:alerts`.
 *
 * Its own runtime rather than the shared one: the function reads its secrets and the addresses of X,
 * GitHub, the outlets and the database from its environment, which a runtime fixes when it starts; the caller's
 * local servers exist only after that. The runtime runs on this Node (process.execPath), as Netlify runs
 * the function on the NODE_VERSION of netlify.toml.
 */
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { X_WEBHOOK_PATH } from '../../src/core/site.ts';
import { BUNDLED_FUNCTIONS_DIR, bundleWatchFunction, bundleWebhookFunction } from './bundle-function.ts';
import { runtimeProject, startNetlifyServe, type NetlifyServe } from './netlify-serve.ts';

/** What `netlify functions:invoke` sends a scheduled function, and what the runtime then invokes it with. */
export const CLOCKWORK_USER_AGENT = 'Netlify Clockwork';

export interface WatchRuntime {
  /** The runtime's address; it also serves the published files (the deploy the watcher reads). */
  url: string;
  /** Invokes the watcher as the scheduler does; resolves to the runtime's status (200: run as a scheduled function). */
  invoke: () => Promise<number>;
  /** The `[watch]` lines the function logged so far (they arrive after invoke() resolves: wait for them); `[x-webhook] ` for the webhook's. */
  lines: (prefix?: string) => string[];
  /** X's webhook in this runtime (netlify/functions/x-webhook.ts, at its configured path). */
  webhook: string;
  /** Everything the runtime printed so far (for a failure's message). */
  output: () => string;
  close: () => Promise<void>;
}

export interface WatchRuntimeOptions {
  root: string;
  /** The deploy's published files by path (`/api/v1/timeline.json` → text). */
  published: Readonly<Record<string, string>>;
  /** The function's environment (secrets, source and outlet addresses); `url` is the runtime's own address. */
  env: (url: string) => Record<string, string>;
  /** The data/ folder whose retired sent-log the bundle pins (the repository's by default). */
  dataDir?: string;
  /** How long the runtime may take to come up. */
  startMs?: number;
}

export async function startWatchRuntime(o: WatchRuntimeOptions): Promise<WatchRuntime> {
  const dir = runtimeProject(o.root, 'resetcast-watch-runtime-');
  for (const [path, text] of Object.entries(o.published)) {
    mkdirSync(dirname(join(dir, 'dist', path)), { recursive: true });
    writeFileSync(join(dir, 'dist', path), text);
  }
  let runtime: NetlifyServe;
  try {
    await bundleWatchFunction(o.root, join(dir, BUNDLED_FUNCTIONS_DIR, 'watch.mjs'), o.dataDir ?? join(o.root, 'data'));
    // X's webhook beside it, as a deploy ships both (scripts/bundle-functions.ts): X delivers to `${url}/x/webhook`.
    await bundleWebhookFunction(o.root, join(dir, BUNDLED_FUNCTIONS_DIR, 'x-webhook.mjs'), o.dataDir ?? join(o.root, 'data'));
    // As in a working copy: the migrations (the function applies them to the embedded database) and the
    // packages the bundle leaves out (the embedded engine, loaded only without NETLIFY_DB_URL).
    cpSync(join(o.root, 'netlify/database/migrations'), join(dir, 'netlify/database/migrations'), { recursive: true });
    symlinkSync(join(o.root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    runtime = await startNetlifyServe({
      cwd: dir,
      // Only what the function is given: its address (the deploy it reads) is the runtime's own.
      env: (url) => ({ PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? dir, ...o.env(url) }),
      readyPath: '/api/v1/banked.json',
      startMs: o.startMs ?? 60_000,
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const { url } = runtime;
  return {
    url,
    invoke: async () => {
      // As `netlify functions:invoke watch` does: a POST with the scheduler's user agent. The runtime then
      // invokes a function it knows as scheduled the way Netlify's scheduler does (POST, {"next_run"}).
      const res = await fetch(`${url}/.netlify/functions/watch`, {
        method: 'POST',
        headers: { 'user-agent': CLOCKWORK_USER_AGENT },
        body: '{}',
        signal: AbortSignal.timeout(60_000),
      });
      await res.text();
      return res.status;
    },
    // The function's console reaches the runtime's stdout after the response: a caller waits for the
    // lines it expects (tests/support/wait-for.ts) rather than reading them as soon as invoke() returns.
    lines: (prefix = '[watch] ') =>
      runtime
        .output()
        .split('\n')
        .filter((l) => l.startsWith(prefix)),
    webhook: `${url}${X_WEBHOOK_PATH}`,
    output: () => runtime.output(),
    close: async () => {
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
