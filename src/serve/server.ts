/**
 * The local runtime (`npm start`, docs/serve.md): one node:http server that answers static files from a
 * snapshot of dist/ as Netlify would, serves the clock payloads through the bundled timetable function
 * (docs/timetable.md), and mounts the bundled /mcp function in-process behind a
 * concurrency limit with a bounded queue that sheds with 503 + Retry-After. Node's own protections bound
 * slow and oversized clients (header and request timeouts, header size, idle sockets); nothing here
 * refuses or resets a connection under load, and every error is answered, never thrown.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { MAX_BODY_BYTES } from '../mcp/endpoint.ts';
import { busyResponse, methodNotAllowed, withHeaders } from '../mcp/headers.ts';
import { jsonRpcError } from '../mcp/json-rpc.ts';
import { createByteBudget, createLimiter } from './limiter.ts';
import { SERVE_LIMITS, type ServeLimits } from './limits.ts';
import { acceptsGzip, compressible, staticAnswer, type HeaderRule, type NotFoundRule, type SiteFiles } from './static.ts';
import { siteSnapshot, type SiteHolder, type SiteSnapshot } from './snapshot.ts';
import { BUNDLED_FUNCTIONS_DIR } from './functions-dir.ts';
import { buildMarkerPath } from './build-marker.ts';
import { readMarker, reloadOnBuild } from './reload.ts';
import { DEFAULT_HOST, listeningUrl } from './settings.ts';
import { readBody, toWebRequest, writeStatic, writeWebResponse } from './bridge.ts';
import {
  loadBundledFunction,
  loadTimetableFunction,
  NO_TIMETABLE,
  readHeaderRules,
  timetableSnapshot,
  readHiddenPaths,
  readNotFoundRules,
  readSiteFiles,
  type Handler,
} from './load.ts';
import { TIMETABLE_DIR } from '../core/timetable.ts';

/** Methods the fetch standard forbids in a Request (new Request() throws): TRACE would otherwise answer 500. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export interface SiteServerOptions {
  files: SiteFiles;
  rules: readonly HeaderRule[];
  /** netlify.toml's 404 rules (load.ts `readNotFoundRules`): which 404 page a missing address gets; /404.html without them. */
  notFound?: readonly NotFoundRule[];
  /** The function and its route (the bundle's `config.path`). */
  fn: { handler: Handler; path: string };
  /** The timetable function and its routes (docs/timetable.md): the clock payloads' state for now. */
  timetable?: { handler: Handler; paths: readonly string[] };
  limits?: Partial<ServeLimits>;
  log?: (line: string) => void;
}

export function createSiteServer(options: SiteServerOptions, holder: SiteHolder = { current: siteSnapshot(options) }): Server {
  const limits: ServeLimits = { ...SERVE_LIMITS, ...options.limits };
  const log = options.log ?? ((line: string) => console.error(line));
  const limiter = createLimiter({ concurrency: limits.mcpConcurrency, queue: limits.mcpQueue });
  const budget = createByteBudget(limits.bodyBudgetBytes);
  const busy = (): Response => busyResponse(limits.retryAfterSeconds);

  async function serveFunction(req: IncomingMessage, res: ServerResponse, url: URL, fn: SiteSnapshot['fn']): Promise<void> {
    const head = req.method === 'HEAD';
    // Nothing to gain from reading a body the queue has no room for.
    if (limiter.saturated) return writeWebResponse(res, busy(), head);
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) gone.abort(new Error('client went away'));
    });
    // A method a fetch Request cannot carry never reaches the handler: answered as the handler answers any non-POST.
    if (FORBIDDEN_METHODS.has(req.method ?? '')) return writeWebResponse(res, methodNotAllowed(req.method!), false);
    const body = req.method === 'POST' ? await readBody(req, MAX_BODY_BYTES, budget) : { bytes: null, held: 0 };
    if (body === 'gone') return;
    if (body === 'busy') return writeWebResponse(res, busy(), head);
    try {
      let release: (() => void) | undefined;
      try {
        const slot = limiter.acquire(AbortSignal.any([gone.signal, AbortSignal.timeout(limits.mcpQueueWaitMs)]));
        release = slot === null ? undefined : await slot;
      } catch {
        if (gone.signal.aborted) return;
      }
      if (release === undefined) return writeWebResponse(res, busy(), head);
      let response: Response;
      try {
        response = await fn.handler(toWebRequest(req, url, body.bytes));
      } catch (e) {
        log(`[serve] ${url.pathname}: handler failed: ${(e as Error).stack ?? String(e)}`);
        response = withHeaders(jsonRpcError(500, -32603, `Internal error: ${(e as Error).message}`));
      } finally {
        release();
      }
      await writeWebResponse(res, response, head);
    } finally {
      budget.give(body.held);
    }
  }

  /** The gzip form of the state last served at each path, by its ETag: each state is compressed once, when first asked for gzipped. */
  const gzipped = new Map<string, { etag: string; bytes: Uint8Array }>();
  const gzipOf = (path: string, etag: string, body: Uint8Array): Uint8Array => {
    const hit = gzipped.get(path);
    if (hit?.etag === etag) return hit.bytes;
    const bytes = new Uint8Array(gzipSync(body, { level: constants.Z_BEST_COMPRESSION }));
    gzipped.set(path, { etag, bytes });
    return bytes;
  };

  /**
   * A GET of a clock payload, page, feed or the calendar: the timetable function's answer (no body to read, no
   * queue: it reads one file at most), compressed as a static file of its type is (Netlify's CDN compresses a
   * function's answers too) when the client accepts gzip.
   */
  async function serveTimetable(handler: Handler, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    req.resume();
    const head = req.method === 'HEAD';
    const method = FORBIDDEN_METHODS.has(req.method ?? '') ? 'POST' : (req.method ?? 'GET');
    const response = await handler(new Request(url, { method: head ? 'GET' : method }));
    const etag = response.headers.get('etag');
    if (response.status !== 200 || etag === null || !compressible(response.headers.get('content-type') ?? ''))
      return writeWebResponse(res, response, head);
    const body = new Uint8Array(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    delete headers['content-length'];
    headers['vary'] = headers['vary'] ? `${headers['vary']}, Accept-Encoding` : 'Accept-Encoding';
    const packed = acceptsGzip(req.headers['accept-encoding']) ? gzipOf(url.pathname, etag, body) : undefined;
    if (packed === undefined || packed.byteLength >= body.byteLength) return writeStatic(res, { status: 200, headers, body }, head);
    writeStatic(res, { status: 200, headers: { ...headers, 'content-encoding': 'gzip' }, body: packed }, head);
  }

  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.timeoutCheckIntervalMs,
      maxHeaderSize: limits.maxHeaderBytes,
    },
    (req, res) => {
      // A write to a socket the client already closed must never become an uncaught 'error' event.
      res.on('error', () => {});
      let url: URL;
      try {
        // Origin-form ("/x", even "//x") is a path, never a host; absolute-form is taken as it is.
        const target = req.url ?? '/';
        url = new URL(target.startsWith('/') ? `http://localhost${target}` : target);
      } catch {
        return writeStatic(
          res,
          { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: Buffer.from('Bad Request\n') },
          false,
        );
      }
      // One request, one build: the snapshot is read once, so a reload between two reads cannot mix builds.
      const site = holder.current;
      if (url.pathname === site.fn.path) {
        serveFunction(req, res, url, site.fn).catch((e: unknown) => {
          log(`[serve] ${url.pathname}: ${(e as Error).stack ?? String(e)}`);
          if (!res.headersSent && !res.destroyed)
            void writeWebResponse(res, withHeaders(jsonRpcError(500, -32603, 'Internal error')), false).catch(() => res.destroy());
        });
        return;
      }
      if (site.timetable?.paths.includes(url.pathname)) {
        serveTimetable(site.timetable.handler, req, res, url).catch((e: unknown) => {
          log(`[serve] ${url.pathname}: ${(e as Error).stack ?? String(e)}`);
          if (!res.headersSent) res.destroy();
        });
        return;
      }
      const encoding = { accept: req.headers['accept-encoding'], gzipped: site.gzipped };
      writeStatic(
        res,
        staticAnswer(site.files, site.rules, req.method ?? 'GET', url.pathname, encoding, site.notFound),
        req.method === 'HEAD',
      );
    },
  );
  server.maxConnections = limits.maxConnections;
  server.setTimeout(limits.idleSocketTimeoutMs);
  return server;
}

export interface StartOptions {
  /** The project root: dist/, netlify.toml and the bundled function are found under it. */
  root: string;
  port: number;
  /** The address to bind; loopback (settings.ts DEFAULT_HOST) when not given. */
  host?: string | undefined;
  limits?: Partial<ServeLimits>;
  log?: (line: string) => void;
  /** Where a reload is said (reload.ts); stdout unless given. */
  info?: (line: string) => void;
}

/** How long a replaced build's timetable folder is kept for the requests it is still answering. */
const RELEASE_AFTER_MS = 30_000;

/**
 * Reads dist/, netlify.toml and the bundled functions (/mcp and the timetable's) under `root` (`tag` tells one
 * build's function modules from the last: each reads its build's timetable index when imported). The
 * timetable's states are read from a snapshot of its folder (`timetableSnapshot`, under .resetcast/ beside
 * dist/), so a new build emptying dist/ never takes a served state away; `release` removes it once the build is
 * replaced. A build without the timetable's bundle (made before it) is served as its files stand, and `say`
 * says so once.
 */
async function loadSite(root: string, say: (line: string) => void, tag = '0'): Promise<SiteSnapshot> {
  const dist = join(root, 'dist');
  const files = readSiteFiles(dist, await readHiddenPaths(join(root, 'netlify.toml')));
  const rules = await readHeaderRules(join(root, 'netlify.toml'));
  const notFound = await readNotFoundRules(join(root, 'netlify.toml'));
  const kept = timetableSnapshot(join(dist, TIMETABLE_DIR), join(snapshotsDir(root), `${process.pid}-${tag}`));
  // Both functions read the timetable from here: /mcp its forecast states, the timetable function every state.
  if (kept) process.env['RESETCAST_TIMETABLE_DIR'] = kept;
  const fn = await loadBundledFunction(join(root, BUNDLED_FUNCTIONS_DIR, 'mcp.mjs'), join(dist, 'api/v1'), tag);
  const timetable = await loadTimetableFunction(join(root, BUNDLED_FUNCTIONS_DIR, 'timetable.mjs'), kept ?? join(dist, TIMETABLE_DIR), tag);
  if (!timetable) say(NO_TIMETABLE);
  const release = kept
    ? (): void => {
        setTimeout(() => rmSync(kept, { recursive: true, force: true }), RELEASE_AFTER_MS).unref();
      }
    : undefined;
  return siteSnapshot({ files, rules, notFound, fn, timetable, release });
}

/** Where the runtime keeps its timetable snapshots: .resetcast/timetable/ beside dist/ (one folder per process and load). */
const snapshotsDir = (root: string): string => join(root, '.resetcast', 'timetable');

/** Removes the snapshots a runtime that is no longer running left behind (its folders are named by its process id). */
function removeStaleSnapshots(root: string): void {
  const dir = snapshotsDir(root);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const pid = Number(name.split('-')[0]);
    if (pid === process.pid || (Number.isInteger(pid) && running(pid))) continue;
    rmSync(join(dir, name), { recursive: true, force: true });
  }
}

/** Whether a process is running (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Reads dist/, netlify.toml and the bundled function under `root`, and listens. Resolves once listening,
 * with the URL of the address it really bound (and a note when that is every interface). Each later build
 * of dist/ is served once it has marked itself whole (reload.ts), until the server closes.
 */
export async function startSite(o: StartOptions): Promise<{ server: Server; url: string; note: string | null }> {
  const marker = buildMarkerPath(join(o.root, 'dist'));
  // Read before the build is: a build that ends during this load is then still new to the poll.
  const served = readMarker(marker);
  const info = o.info ?? ((line: string) => console.log(line));
  removeStaleSnapshots(o.root);
  const holder: SiteHolder = { current: await loadSite(o.root, info) };
  const { files, rules, notFound, fn, timetable } = holder.current;
  const server = createSiteServer(
    {
      files,
      rules,
      ...(notFound ? { notFound } : {}),
      fn,
      ...(timetable ? { timetable } : {}),
      ...(o.limits ? { limits: o.limits } : {}),
      ...(o.log ? { log: o.log } : {}),
    },
    holder,
  );
  const stop = reloadOnBuild({ marker, holder, served, log: info, load: (tag) => loadSite(o.root, info, tag) });
  server.once('close', stop);
  const backlog = o.limits?.listenBacklog ?? SERVE_LIMITS.listenBacklog;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: o.port, host: o.host ?? DEFAULT_HOST, backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, ...listeningUrl(server.address() as AddressInfo) };
}
