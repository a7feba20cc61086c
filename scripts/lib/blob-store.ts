/**
 * Opens Resetcast's Netlify Blobs store (the watcher's state and the shared sent-log, docs/alerts.md)
 * for the two bindings that use it. Inside a Netlify function the platform hands the store's address
 * and token to @netlify/blobs itself; anywhere else (`npm run broadcast` in the workflow) the store is
 * reached through Netlify's API with RESETCAST_BLOBS_SITE_ID and RESETCAST_BLOBS_TOKEN (a Netlify
 * personal access token: a secret, in SECRET_ENV). RESETCAST_BLOBS_EDGE_URL points both at a local
 * Blobs server instead (tests, the bench). Strong consistency: a claim must read the last write.
 */
import { getStore } from '@netlify/blobs';
import type { BlobStore } from '../../src/jobs/broadcast/shared-log.ts';

export const STORE_NAME = 'resetcast';

/** The store from explicit settings, or null when they are not given (then: the platform's context, or no store). */
export function configuredBlobStore(env: Readonly<Record<string, string | undefined>>): BlobStore | null {
  const siteID = env['RESETCAST_BLOBS_SITE_ID'];
  const token = env['RESETCAST_BLOBS_TOKEN'];
  if (!siteID || !token) return null;
  const edge = env['RESETCAST_BLOBS_EDGE_URL'];
  return getStore({ name: STORE_NAME, siteID, token, consistency: 'strong', ...(edge ? { edgeURL: edge, uncachedEdgeURL: edge } : {}) });
}

/** Inside a Netlify function: the explicit settings if any, else the platform's own context. Throws when there is neither. */
export function functionBlobStore(env: Readonly<Record<string, string | undefined>>): BlobStore {
  return configuredBlobStore(env) ?? getStore({ name: STORE_NAME, consistency: 'strong' });
}
