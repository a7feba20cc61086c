/**
 * The real local Netlify Blobs server (@netlify/blobs/server, the one netlify-cli runs for `netlify dev`),
 * on 127.0.0.1 with a token and a temp folder, and stores opened on it as the bindings open them.
 *
 * Two things the local server does differently from the service, and what is done about them here:
 * - its check-then-write of a conditional PUT spans several awaits, so two PUTs with the same If-Match
 *   can both pass; and its ETag is an HMAC of the file's mtime, which Linux takes from its coarse clock
 *   (one tick: up to 10 ms), so two writes within a tick get the same ETag and a stale If-Match passes.
 *   The service's conditional writes are what the protocol relies on (docs/alerts.md), so the server is
 *   fronted by a pass-through that lets one write in at a time and spaces writes 15 ms apart (more than a
 *   tick). Reads and everything else go through untouched.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, type Store } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

export const BLOBS_SITE_ID = 'resetcast-test-site';
export const BLOBS_TOKEN = 'blobsTokenS3cret-abcdefghijklmnop';

export interface LocalBlobs {
  /** The pass-through's address: give it to stores as edgeURL and uncachedEdgeURL (as netlify dev does). */
  url: string;
  /** Every request the server answered, as `METHOD path`. */
  requests: string[];
  /** Makes every request fail with 503 (the store unavailable) until called with false. */
  down: (on: boolean) => void;
  store: (name: string) => Store;
  close: () => Promise<void>;
}

export async function startBlobs(): Promise<LocalBlobs> {
  const directory = mkdtempSync(join(tmpdir(), 'resetcast-blobs-'));
  const requests: string[] = [];
  const server = new BlobsServer({ directory, token: BLOBS_TOKEN, onRequest: ({ type, url }) => void requests.push(`${type} ${String(url)}`) });
  const { address } = await server.start();
  const target = new URL(address);
  let unavailable = false;
  let writes: Promise<void> = Promise.resolve();
  const front: Server = createServer((req, res) => {
    if (unavailable) return void res.writeHead(503).end('blobs unavailable');
    const forward = (): Promise<void> =>
      new Promise((done) => {
        const out = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => done());
        });
        out.on('error', () => {
          res.writeHead(502).end();
          done();
        });
        req.pipe(out);
      });
    if (req.method !== 'PUT') return void forward();
    // One write at a time, each at least 15 ms after the last (see above).
    writes = writes.then(forward).then(() => new Promise((r) => setTimeout(r, 15)));
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
  return {
    url,
    requests,
    down: (on) => void (unavailable = on),
    store: (name) => getStore({ name, siteID: BLOBS_SITE_ID, token: BLOBS_TOKEN, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong' }),
    close: async () => {
      front.closeAllConnections();
      await new Promise<void>((r) => front.close(() => r()));
      await server.stop();
    },
  };
}
