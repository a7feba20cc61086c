/**
 * A pushed post through the intake (src/jobs/webhook/intake.ts) against a local site, GitHub and ntfy,
 * the watcher's state in the real local Netlify Blobs server and the ledger on the embedded engine: the
 * author found by the username X included or, without it, by the user id the poller stored; an account
 * not watched and a post about something else ignored before the state is read; X's retry of a post
 * whose alert every outlet has: nothing claimed, no database opened; the database down: nothing sent
 * (nothing can be claimed), the pull still dispatched; the site unreadable: nothing sent, the pull
 * decides; the alert the same one the watcher derives for that post. Requests counted on the servers' side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { postIdAt } from '../../../../src/core/postid.ts';
import { SITE } from '../../../../src/core/site.ts';
import { classifyNew } from '../../../../src/jobs/watch/alerts.ts';
import { readSite } from '../../../../src/jobs/watch/site.ts';
import { alertLedger } from '../../../../src/jobs/broadcast/ledger.ts';
import { WATCH_BLOBS_STORE, watchStore } from '../../../../src/jobs/watch/state.ts';
import { parseDelivery } from '../../../../src/jobs/webhook/delivery.ts';
import { receivePost, type PostDelivery, type WebhookInput } from '../../../../src/jobs/webhook/intake.ts';
import { startServer, type FixtureServer } from '../../../support/fixture-server.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import { startBlobs, type LocalBlobs } from '../../../support/blobs.ts';
import { testStores, type TestStores } from '../../../support/watch-stores.ts';
import { NTFY_TOPIC, ntfyApi } from '../../../support/outlet-servers.ts';
import { historyDeploy } from '../../../support/deploy.ts';
import { httpDeps, NOW } from '../../../support/pull-env.ts';
import { THS, xDelivery } from '../../../support/x-api.ts';

const REPO = 'resetcast/resetcast';
const DISPATCH = `/repos/${REPO}/actions/workflows/pull.yml/dispatches`;
const RESET = { id: postIdAt(new Date(NOW.getTime() - 10_000), 4n), text: "We've reset Codex rate limits for all Plus and Pro users." };

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});

interface World {
  ledger: TestLedger | null;
  blobs: LocalBlobs;
  /** The stores of each delivery; `opened()`: the deliveries that opened the database. */
  stores: TestStores;
  site: FixtureServer;
  github: FixtureServer;
  ntfy: FixtureServer;
  input: (post: PostDelivery, over?: Partial<WebhookInput>) => WebhookInput;
}

/** The deploy's payloads, made once for the file. */
let published: Record<string, string> | null = null;
const deploy = (): Record<string, string> => (published ??= historyDeploy());

/** Local servers, and the embedded engine unless the case runs without a database (it opens slowly on a loaded machine). */
async function world(o: { siteUp?: boolean; database?: boolean } = {}): Promise<World> {
  const files = deploy();
  const [ledger, blobs, site, github, ntfy] = await Promise.all([
    o.database === false ? null : testLedger(),
    startBlobs(),
    startServer((url) => (o.siteUp !== false && files[url.pathname] ? { body: files[url.pathname]! } : { status: 503, body: 'down' })),
    startServer((url) => (url.pathname === DISPATCH ? { status: 204 } : undefined)),
    startServer(ntfyApi()),
  ]);
  closers.push(blobs.close, site.close, github.close, ntfy.close, ...(ledger ? [ledger.close] : []));
  const stores = testStores(blobs, () => alertLedger(ledger!.db.sql, { redact: (t) => t, settleMs: 10_000 }));
  if (!ledger) stores.down(true);
  return {
    ledger,
    blobs,
    stores,
    site,
    github,
    ntfy,
    input: (post, over = {}) => ({
      now: NOW,
      http: httpDeps(),
      post,
      accounts: [{ name: 'thsottiaux', minutes: 5 }],
      stores: stores.stores(),
      deploy: site.url,
      siteBase: SITE.url,
      urls: { ntfy: `${ntfy.url}/${NTFY_TOPIC}` },
      dispatch: { repo: REPO, token: 'ghDispatchS3cret', api: github.url },
      ...over,
    }),
  };
}

/** A delivery as X sends it, parsed as the screen parses it. */
const delivered = (post = RESET, o: Parameters<typeof xDelivery>[1] = {}): PostDelivery =>
  parseDelivery(xDelivery(post, o), NOW) as PostDelivery;

describe('a pushed post', () => {
  it('a confident reset: its alert (the one the watcher derives for the post) sent once, the pull dispatched; again: nothing sent', async () => {
    const w = await world();
    const out = await receivePost(w.input(delivered()));
    const watcher = classifyNew([{ ...RESET, username: 'thsottiaux' }], await readSite(httpDeps(), w.site.url), NOW, SITE.url);
    expect(out.alerts).toEqual(watcher.alerts);
    expect(out.dispatched).toBe(true);
    expect(w.ntfy.requests).toHaveLength(1);
    expect(out.lines).toEqual(expect.arrayContaining(['✅ ntfy: sent 1 alert(s)', '✅ dispatch: started the pull (pull.yml on main)']));
    // X's retry: the state knows the alert is finished on every outlet; nothing is claimed, no database opened.
    const again = await receivePost(w.input(delivered()));
    expect(again.lines).toContain('✅ alerts: 1 already finished on every outlet (the state says so); nothing to claim');
    expect([w.ntfy.requests.length, w.stores.opened()]).toEqual([1, 1]);
  });

  it('without the username in includes: found by the user id the poller stored; unknown there: ignored', async () => {
    const w = await world();
    const unknown = await receivePost(w.input(delivered(RESET, { username: null })));
    expect(unknown.lines.at(-1)).toMatch(/is not a watched account; ignored$/);
    await watchStore(w.blobs.store(WATCH_BLOBS_STORE)).advance({ thsottiaux: { user_id: THS, since_id: null } });
    const known = await receivePost(w.input(delivered(RESET, { username: null })));
    expect(known.lines).toContain(`✅ x: post ${RESET.id} by thsottiaux, pushed (event ${BigInt(RESET.id) + 7n})`);
    expect(w.ntfy.requests).toHaveLength(1);
  });

  it.each([
    ['an account not watched', delivered(RESET, { userId: '999', username: 'someone' }), /not a watched account; ignored$/],
    ['a post about something else', delivered({ ...RESET, text: 'Happy Thanksgiving, everyone!' }), /nothing about a reset.*; ignored$/],
  ])('%s: ignored before the state is read, nothing sent', async (_, post, line) => {
    const w = await world({ database: false });
    const out = await receivePost(w.input(post));
    expect(out.lines).toEqual([expect.stringMatching(line)]);
    expect([w.ntfy.requests.length, w.github.requests.length, w.site.requests.length, w.blobs.requests.length]).toEqual([0, 0, 0, 0]);
    expect(w.stores.opened()).toBe(0);
  });

  it('the database down: nothing sent (nothing can be claimed), the pull dispatched', async () => {
    const w = await world({ database: false });
    const out = await receivePost(w.input(delivered()));
    expect(out.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^❌ database: database 127\.0\.0\.1:\d+\/watch: .*ECONNREFUSED.*; nothing is sent this run \(nothing can be claimed\)/,
        ),
        expect.stringMatching(/^⏭️ alerts: 1 not sent \(no database, above/),
        '✅ dispatch: started the pull (pull.yml on main)',
      ]),
    );
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([0, 1]);
  });

  it('the site unreadable: nothing sent, the pull decides', async () => {
    const w = await world({ siteUp: false });
    const out = await receivePost(w.input(delivered()));
    expect(out.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^❌ site: .*nothing is sent this run/)]));
    expect([w.ntfy.requests.length, w.github.requests.length]).toEqual([0, 1]);
  });
});
