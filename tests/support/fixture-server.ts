/** A real HTTP server on 127.0.0.1 that replays recorded responses, including the ways sources fail. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'pull');
export const fixture = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

export interface Reply {
  status?: number;
  /** The reason phrase after the status (Node's own for the status without it): a server may say anything there. */
  reason?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Send half the body under a Content-Length for all of it, then cut the connection. */
  truncate?: boolean;
  /** Accept the request and never answer. */
  hang?: boolean;
  /** Answer only once this settles: a server that answers slowly, or when the test lets it. */
  after?: Promise<unknown>;
  /** Accept the request, then close the connection without answering. */
  reset?: boolean;
  /** Answer the status and headers, then one byte of body every this many ms, never finishing. */
  drip?: number;
  /**
   * Instead of `body`: a JSON document of this many bytes (`{"pad":"xxx…"}`), written in 64 KiB chunks as
   * fast as the client reads them, with a Content-Length or chunked. `sent` records how much was handed over.
   */
  stream?: { bytes: number; contentLength: boolean };
}
export const json = (path: string, extra: Omit<Reply, 'body'> = {}): Reply => ({ ...extra, body: fixture(path) });

export interface Recorded {
  url: URL;
  method: string;
  headers: IncomingHttpHeaders;
  /** The request body, as text. */
  body: string;
  /** Response body bytes handed to the socket before the response ended or the client went away. */
  sent: number;
}

export interface FixtureServer {
  url: string;
  requests: Recorded[];
  close: () => Promise<void>;
}

const FILL = Buffer.alloc(64 * 1024, 'x');

/** Writes `{"pad":"xxx…"}` of exactly `bytes` bytes, respecting backpressure, until done or the client leaves. */
async function streamBody(
  res: ServerResponse,
  spec: { bytes: number; contentLength: boolean },
  status: number,
  recorded: Recorded,
): Promise<void> {
  const head = Buffer.from('{"pad":"');
  const tail = Buffer.from('"}');
  res.writeHead(status, { 'Content-Type': 'application/json', ...(spec.contentLength ? { 'Content-Length': String(spec.bytes) } : {}) });
  let gone = false;
  res.on('close', () => (gone = true));
  const write = async (chunk: Buffer): Promise<void> => {
    if (gone) return;
    recorded.sent += chunk.length;
    if (res.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  };
  await write(head);
  let left = spec.bytes - head.length - tail.length;
  while (left > 0 && !gone) {
    const chunk = left >= FILL.length ? FILL : FILL.subarray(0, left);
    left -= chunk.length;
    await write(chunk);
  }
  await write(tail);
  if (!gone) res.end();
}

/**
 * `route(url, n, request)` answers the n-th request (0-based) to that path; unknown paths get 404. The
 * request (method, headers, body) lets a server check what it was sent, as the real API would.
 */
export function startServer(route: (url: URL, n: number, request: Recorded) => Reply | undefined): Promise<FixtureServer> {
  const requests: Recorded[] = [];
  const counts = new Map<string, number>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const recorded: Recorded = {
      url,
      method: req.method ?? 'GET',
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      sent: 0,
    };
    requests.push(recorded);
    const n = counts.get(url.pathname) ?? 0;
    counts.set(url.pathname, n + 1);
    const reply = route(url, n, recorded) ?? { status: 404, body: '{"message":"Not Found"}' };
    if (reply.hang) return;
    if (reply.after) await reply.after.catch(() => undefined);
    if (reply.reset) return void req.socket.destroy();
    if (reply.drip) {
      res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json', ...reply.headers });
      const timer = setInterval(() => res.write(' '), reply.drip);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (reply.stream) return void streamBody(res, reply.stream, reply.status ?? 200, recorded);
    const body = Buffer.from(reply.body ?? '');
    if (reply.reason !== undefined) res.statusMessage = reply.reason;
    res.writeHead(reply.status ?? 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(body.length),
      ...reply.headers,
    });
    if (reply.truncate) {
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    }
    res.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}
