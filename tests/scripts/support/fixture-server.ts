/** A real HTTP server on 127.0.0.1 that replays recorded responses, including the ways sources fail. */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures', 'pull');
export const fixture = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Send half the body under a Content-Length for all of it, then cut the connection. */
  truncate?: boolean;
  /** Accept the request and never answer. */
  hang?: boolean;
}
export const json = (path: string, extra: Omit<Reply, 'body'> = {}): Reply => ({ ...extra, body: fixture(path) });

export interface Recorded {
  url: URL;
  method: string;
  headers: IncomingHttpHeaders;
  /** The request body as text ('' for a GET). */
  body: string;
}

export interface FixtureServer {
  url: string;
  requests: Recorded[];
  close: () => Promise<void>;
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
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded: Recorded = { url, method: req.method ?? 'GET', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
    requests.push(recorded);
    const n = counts.get(url.pathname) ?? 0;
    counts.set(url.pathname, n + 1);
    const reply = route(url, n, recorded) ?? { status: 404, body: '{"message":"Not Found"}' };
    if (reply.hang) return;
    const body = Buffer.from(reply.body ?? '');
    res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(body.length), ...reply.headers });
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
        close: () => new Promise((r) => {
          server.closeAllConnections();
          server.close(() => r());
        }),
      });
    });
  });
}
