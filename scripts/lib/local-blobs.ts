/**
 * The local Netlify Blobs server of @netlify/blobs (the one `netlify serve` and `netlify dev` run for their
 * functions), for the benches that call a function's module in their own process: a temp folder, a random
 * token, the context a function reads (NETLIFY_BLOBS_CONTEXT, as the platform sets it), and every request
 * it answered counted by kind (`get`, `set`, `list`, …), so a bench can say what a run asked of the store.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

export interface LocalBlobsServer {
  /** The server's address, token and site id: `access` for src/db/blob-store.ts. */
  access: { siteID: string; token: string; url: string };
  /** NETLIFY_BLOBS_CONTEXT for a function that reads the platform's context. */
  context: string;
  /** Requests answered so far, by the server's name for them. */
  counts: () => Record<string, number>;
  close: () => Promise<void>;
}

export async function startLocalBlobs(): Promise<LocalBlobsServer> {
  const directory = mkdtempSync(join(tmpdir(), 'resetcast-blobs-'));
  const token = randomUUID();
  const counts: Record<string, number> = {};
  const count = ({ type }: { type: string }): void => {
    counts[type] = (counts[type] ?? 0) + 1;
  };
  const server = new BlobsServer({ directory, token, onRequest: count });
  const { address } = await server.start();
  const access = { siteID: 'resetcast-bench', token, url: address };
  return {
    access,
    context: Buffer.from(JSON.stringify({ siteID: access.siteID, token, edgeURL: address, uncachedEdgeURL: address })).toString('base64'),
    counts: () => ({ ...counts }),
    close: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
