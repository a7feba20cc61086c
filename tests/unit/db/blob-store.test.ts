/**
 * The Netlify Blobs binding (src/db/blob-store.ts) and the watcher's state on it (src/jobs/watch/state.ts)
 * against the real local Blobs server of @netlify/blobs, behind a pass-through that answers the ways a
 * store fails (tests/support/blobs.ts), every case counted at the server's side:
 *
 * - the library's trap, shown: @netlify/blobs 11.1.1 reports `modified: true` for a conditional write the
 *   store answered 503, 429, 400 or 401; the binding says `unclear` for each, and the state reads the key
 *   back: not written (the stored state unchanged), never taken for written;
 * - a 412 is a conflict: the change is made again on the newer version; six in a row give up, written nothing;
 * - a write that landed but whose answer was lost (a 503 or 429 after the store wrote it): read back, its
 *   token found, taken as written, once;
 * - refused (401/403), failed (503), hung (no answer) and reset: each one request (the library's own
 *   retries, five seconds apart, never happen), each within the deadline, each worded with the store's
 *   name and never its token;
 * - no time left of the run: nothing asked; no Blobs context at all: one worded error.
 */
import { describe, expect, it } from 'vitest';
import { getStore } from '@netlify/blobs';
import { blobTextStore } from '../../../src/db/blob-store.ts';
import { EMPTY_STATE, WATCH_BLOBS_STORE, WATCH_STATE_KEY, watchStore } from '../../../src/jobs/watch/state.ts';
import { closedAfterEach } from '../../support/closed-after-each.ts';
import { BLOBS_SITE_ID, BLOBS_TOKEN, startBlobs, type LocalBlobs } from '../../support/blobs.ts';

const open = closedAfterEach<LocalBlobs>();

async function blobs(): Promise<LocalBlobs> {
  const b = await startBlobs();
  open.push(b);
  return b;
}
const puts = (b: LocalBlobs): number => b.requests.filter((r) => r.method === 'PUT').length;
const THS = '1450183340366770177';

describe("@netlify/blobs' own answer to a conditional write is not to be trusted (the trap this binding avoids)", () => {
  it.each([503, 429, 400, 401])('the library says modified: true for a write the store answered %i (and wrote nothing)', async (status) => {
    const b = await blobs();
    await b.poke(WATCH_BLOBS_STORE, 'k', 'before');
    const store = getStore({
      name: WATCH_BLOBS_STORE,
      siteID: BLOBS_SITE_ID,
      token: BLOBS_TOKEN,
      edgeURL: b.url,
      uncachedEdgeURL: b.url,
      consistency: 'strong',
    });
    const listed = (await store.list()).blobs.find((x) => x.key === 'k')!.etag;
    b.fault((r) => (r.method === 'PUT' ? { status } : undefined));
    const answer = await store.set('k', 'after', { onlyIfMatch: listed });
    expect(answer.modified).toBe(true);
    b.fault(null);
    expect(await b.peek(WATCH_BLOBS_STORE, 'k')).toBe('before');
  });
});

describe('the binding: one request, the store’s own answer, within the deadline', () => {
  it.each([
    [503, 'HTTP 503'],
    [429, 'HTTP 429'],
    [500, 'HTTP 500'],
    [400, 'HTTP 400'],
    [401, 'HTTP 401'],
    [403, 'HTTP 403'],
  ])('a conditional write answered %i: unclear, one request (no retry); the state reads it back: not written', async (status, words) => {
    const b = await blobs();
    const s = watchStore(b.store(WATCH_BLOBS_STORE));
    await s.advance({ thsottiaux: { user_id: THS, since_id: '100' } });
    const before = puts(b);
    b.fault((r) => (r.method === 'PUT' ? { status } : undefined));
    const answer = await b.store(WATCH_BLOBS_STORE).write(WATCH_STATE_KEY, '{}', { absent: true });
    expect(answer).toEqual({ outcome: 'unclear', why: `Netlify Blobs store ${WATCH_BLOBS_STORE}: write ${WATCH_STATE_KEY}: ${words}` });
    expect(puts(b) - before).toBe(1);
    await expect(s.owe()).rejects.toThrow(new RegExp(`${words}; not written$`));
    expect(puts(b) - before).toBe(2);
    b.fault(null);
    expect(await s.read()).toEqual({
      state: { accounts: { thsottiaux: { user_id: THS, since_id: '100' } }, dispatch_pending: false },
      generation: 0,
      finished: null,
    });
  });

  it.each([503, 429])('a write that landed but was answered %i: read back, its token found: written, once', async (status) => {
    const b = await blobs();
    const s = watchStore(b.store(WATCH_BLOBS_STORE));
    b.fault((r) => (r.method === 'PUT' ? { landedThen: status } : undefined));
    expect(await s.owe()).toEqual({ generation: 1, uncertainAt: undefined });
    expect(puts(b)).toBe(1);
    b.fault(null);
    expect(await s.read()).toMatchObject({ state: { dispatch_pending: true }, generation: 1 });
  });

  it('412 is a conflict: the change is made again on the newer version; six in a row: given up, nothing written', async () => {
    const b = await blobs();
    const s = watchStore(b.store(WATCH_BLOBS_STORE));
    await s.advance({ thsottiaux: { user_id: THS, since_id: '100' } });
    let conflicts = 1;
    b.fault((r) => (r.method === 'PUT' && conflicts-- > 0 ? { status: 412 } : undefined));
    expect(await s.advance({ thsottiaux: { user_id: THS, since_id: '200' } })).toEqual(new Set(['thsottiaux']));
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('200');
    b.fault((r) => (r.method === 'PUT' ? { status: 412 } : undefined));
    const before = puts(b);
    await expect(s.advance({ thsottiaux: { user_id: THS, since_id: '300' } })).rejects.toThrow(
      `Netlify Blobs store ${WATCH_BLOBS_STORE}: 6 writes in a row met another run's write first; not written`,
    );
    expect(puts(b) - before).toBe(6);
    b.fault(null);
    expect((await s.read()).state.accounts['thsottiaux']!.since_id).toBe('200');
  });

  it('a store that accepts and never answers: the read and the write each end at their own deadline, one request each', async () => {
    const b = await blobs();
    const texts = b.store(WATCH_BLOBS_STORE, { timeoutMs: 300 });
    b.fault(() => ({ hang: true }));
    await expect(texts.read(WATCH_STATE_KEY)).rejects.toThrow(
      `Netlify Blobs store ${WATCH_BLOBS_STORE}: read ${WATCH_STATE_KEY}: no answer within 0.3 s`,
    );
    expect(await texts.write(WATCH_STATE_KEY, '{}', { absent: true })).toEqual({
      outcome: 'unclear',
      why: `Netlify Blobs store ${WATCH_BLOBS_STORE}: write ${WATCH_STATE_KEY}: no answer within 0.3 s`,
    });
    expect(b.requests).toHaveLength(2);
  });

  it('a connection closed without an answer, and a refused one: worded, never the token', async () => {
    const b = await blobs();
    b.fault(() => ({ reset: true }));
    const err = await b
      .store(WATCH_BLOBS_STORE)
      .read(WATCH_STATE_KEY)
      .catch((e: Error) => e.message);
    expect(err).toMatch(new RegExp(`^Netlify Blobs store ${WATCH_BLOBS_STORE}: read ${WATCH_STATE_KEY}: fetch failed`));
    const gone = await startBlobs();
    const url = gone.url;
    await gone.close();
    const refused = await blobTextStore({
      name: WATCH_BLOBS_STORE,
      timeoutMs: 1_000,
      access: { siteID: BLOBS_SITE_ID, token: BLOBS_TOKEN, url },
    })
      .read(WATCH_STATE_KEY)
      .catch((e: Error) => e.message);
    expect(refused).toMatch(/ECONNREFUSED/);
    for (const m of [err, refused]) expect(m).not.toContain(BLOBS_TOKEN);
  });

  it('no time left of the run: nothing is asked', async () => {
    const b = await blobs();
    const texts = b.store(WATCH_BLOBS_STORE, { deadline: Date.now() - 1 });
    await expect(texts.read(WATCH_STATE_KEY)).rejects.toThrow('read watcher-state: not asked: no time left of this run');
    expect(b.requests).toHaveLength(0);
  });

  it('no Blobs context (neither the platform’s nor given): one worded error', async () => {
    const saved = process.env['NETLIFY_BLOBS_CONTEXT'];
    delete process.env['NETLIFY_BLOBS_CONTEXT'];
    try {
      await expect(blobTextStore({ name: WATCH_BLOBS_STORE, timeoutMs: 1_000 }).read(WATCH_STATE_KEY)).rejects.toThrow(
        /^Netlify Blobs store resetcast-watch: read watcher-state: The environment has not been configured to use Netlify Blobs/,
      );
    } finally {
      if (saved !== undefined) process.env['NETLIFY_BLOBS_CONTEXT'] = saved;
    }
  });

  it('the platform’s context (NETLIFY_BLOBS_CONTEXT, as netlify serve and Netlify set it): the same store', async () => {
    const b = await blobs();
    await watchStore(b.store(WATCH_BLOBS_STORE)).owe();
    const saved = process.env['NETLIFY_BLOBS_CONTEXT'];
    process.env['NETLIFY_BLOBS_CONTEXT'] = b.context();
    try {
      expect(await watchStore(blobTextStore({ name: WATCH_BLOBS_STORE, timeoutMs: 2_000 })).read()).toMatchObject({
        state: { ...EMPTY_STATE, dispatch_pending: true },
        generation: 1,
      });
    } finally {
      if (saved === undefined) delete process.env['NETLIFY_BLOBS_CONTEXT'];
      else process.env['NETLIFY_BLOBS_CONTEXT'] = saved;
    }
  });
});
