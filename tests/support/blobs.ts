/**
 * The real local Netlify Blobs server (@netlify/blobs/server, the one netlify-cli runs for `netlify serve`
 * and `netlify dev`), on 127.0.0.1 with a token and a temp folder, behind a pass-through of our own that
 * counts what it is asked and can answer for it the ways a store fails (`fault`). Stores opened on it the
 * way the functions open theirs (src/db/blob-store.ts), or as the platform's context (`context`).
 *
 * One thing the local server does differently from the service, and what is done about it here: its
 * conditional PUT checks the version and writes in several awaits, so two PUTs with the same If-Match can
 * both pass, and its ETag is an HMAC of the file's mtime, which Linux takes from a coarse clock, so two
 * writes within one tick get the same ETag and a stale If-Match passes. The service's conditional writes
 * are what the watcher's state relies on (src/jobs/watch/state.ts), so the pass-through lets one write in at
 * a time, each at least WRITE_GAP_MS after the last. Reads go through as they come.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import { blobTextStore, type BlobStoreOptions } from '../../src/db/blob-store.ts';
import type { TextStore } from '../../src/core/text-store.ts';

export const BLOBS_SITE_ID = 'resetcast-test-site';
export const BLOBS_TOKEN = 'blobsTokenS3cret-abcdefghijklmnop';
/** More than a tick of the kernel's coarse clock (4 ms at 250 Hz). */
const WRITE_GAP_MS = 15;

/** What the pass-through does with one request, instead of forwarding it. */
export type BlobFault =
  /** Answer this status without forwarding (nothing reaches the store). */
  | { status: number }
  /** Forward it (a write lands), then answer this status instead of the store's. */
  | { landedThen: number }
  /** Accept it and never answer. */
  | { hang: true }
  /** Accept it, then close the connection without answering. */
  | { reset: true };

export interface BlobRequest {
  method: string;
  /** The key asked for (empty for a listing). */
  key: string;
}

export interface LocalBlobs {
  /** The pass-through's address: the store's edge URL (uncached too, as netlify-cli gives it). */
  url: string;
  /** Every request the pass-through received, in order. */
  requests: BlobRequest[];
  /** What to do with each request from now on (undefined: forward it); `null` forwards everything again. */
  fault(decide: ((r: BlobRequest, n: number) => BlobFault | undefined) | null): void;
  /** A TextStore on it as the functions open theirs (explicit access instead of the platform's context). */
  store(name: string, options?: Partial<BlobStoreOptions>): TextStore;
  /** NETLIFY_BLOBS_CONTEXT for a function that reads the platform's context (netlify/functions/*.ts from source). */
  context(): string;
  /** The stored text of a key, read past the pass-through (no fault, not counted). */
  peek(store: string, key: string): Promise<string | null>;
  /** Writes a key past the pass-through: what another program or a hand edit could leave. */
  poke(store: string, key: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/** `/siteID/store/key…`, the edge form the library speaks: the key. */
const keyOf = (url: string): string => {
  const path = new URL(url, 'http://x').pathname.split('/').slice(3).join('/');
  return decodeURIComponent(path);
};

export async function startBlobs(): Promise<LocalBlobs> {
  const directory = mkdtempSync(join(tmpdir(), 'resetcast-blobs-'));
  const server = new BlobsServer({ directory, token: BLOBS_TOKEN });
  const { address } = await server.start();
  const target = new URL(address);
  const requests: BlobRequest[] = [];
  let decide: ((r: BlobRequest, n: number) => BlobFault | undefined) | null = null;
  let writes: Promise<void> = Promise.resolve();
  const hanging = new Set<ServerResponse>();

  const forward = (
    req: IncomingMessage,
    body: Buffer,
    answer: (status: number, headers: Record<string, string | string[]>, data: Buffer) => void,
  ): Promise<void> =>
    new Promise((done) => {
      const out = httpRequest(
        { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            answer(res.statusCode ?? 502, res.headers as Record<string, string | string[]>, Buffer.concat(chunks));
            done();
          });
        },
      );
      out.on('error', () => {
        answer(502, {}, Buffer.alloc(0));
        done();
      });
      out.end(body);
    });

  const front: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const asked: BlobRequest = { method: req.method ?? 'GET', key: keyOf(req.url ?? '/') };
      requests.push(asked);
      const fault = decide?.(asked, requests.length - 1);
      const reply = (status: number, headers: Record<string, string | string[]> = {}, data: Buffer = Buffer.alloc(0)): void => {
        if (!res.headersSent) res.writeHead(status, headers).end(data);
      };
      if (fault && 'status' in fault) return reply(fault.status, {}, Buffer.from(`fault ${fault.status}`));
      if (fault && 'hang' in fault) return void hanging.add(res);
      if (fault && 'reset' in fault) return void req.socket.destroy();
      const landedThen = fault && 'landedThen' in fault ? fault.landedThen : null;
      const pass = (): Promise<void> =>
        forward(req, body, (status, headers, data) => (landedThen === null ? reply(status, headers, data) : reply(landedThen)));
      if (req.method !== 'PUT') return void pass();
      // One write at a time, each at least WRITE_GAP_MS after the last (see above).
      writes = writes.then(pass).then(() => new Promise((r) => setTimeout(r, WRITE_GAP_MS)));
    });
  });
  await new Promise<void>((r) => front.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
  const direct = (store: string): TextStore =>
    blobTextStore({ name: store, timeoutMs: 5_000, access: { siteID: BLOBS_SITE_ID, token: BLOBS_TOKEN, url: address } });

  return {
    url,
    requests,
    fault: (d) => {
      decide = d;
    },
    store: (name, options = {}) =>
      blobTextStore({ name, timeoutMs: 5_000, access: { siteID: BLOBS_SITE_ID, token: BLOBS_TOKEN, url }, ...options }),
    context: () =>
      Buffer.from(JSON.stringify({ siteID: BLOBS_SITE_ID, token: BLOBS_TOKEN, edgeURL: url, uncachedEdgeURL: url })).toString('base64'),
    peek: async (store, key) => (await direct(store).read(key))?.text ?? null,
    async poke(store, key, text) {
      const s = direct(store);
      const now = await s.read(key);
      const answer = await s.write(key, text, now ? { etag: now.etag } : { absent: true });
      if (answer.outcome !== 'written') throw new Error(`poke ${key}: ${JSON.stringify(answer)}`);
      await new Promise((r) => setTimeout(r, WRITE_GAP_MS));
    },
    async close() {
      for (const res of hanging) res.destroy();
      front.closeAllConnections();
      await new Promise<void>((r) => front.close(() => r()));
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
