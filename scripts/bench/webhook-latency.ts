/**
 * X's webhook's half of `npm run bench:alerts`: the real webhook function, bundled, in the real local
 * Netlify runtime (scripts/lib/watch-runtime.ts), sent `runs` deliveries (after one more to warm up) as X
 * sends them: each a new post by thsottiaux (its id stamped now), its `post.create` envelope signed with
 * the consumer secret (docs.x.com, "X Activity API event payloads" and "Webhooks", read 2026-11-28). The
 * clock starts when X sends the delivery (X's own push from the post's creation, sub-second by its docs,
 * is not on this machine) and stops as each outlet and GitHub's dispatch receive their request, and when
 * X gets its answer (the intake's own work). The state is in the runtime's own local Netlify Blobs server;
 * the database is the embedded one, as the local runtime uses it without NETLIFY_DB_URL: reading the
 * state, opening the database, claiming and settling are inside the work.
 */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { postIdAt } from '../../src/core/postid.ts';
import { openDatabase } from '../../src/db/database.ts';
import { applyMigrations, migrationsIn } from '../../src/db/migrate.ts';
import { startLocalBlobs } from '../lib/local-blobs.ts';
import { startWatchRuntime } from '../lib/watch-runtime.ts';
import { listen } from './stand-in.ts';
import type { WatchBenchInput, WatchSample } from './watch-latency.ts';

const SECRET = 'bench-consumer-secret';
const THS = '1450183340366770177';

/** A post.create delivery of `id` by thsottiaux, as X's docs show one. */
function delivery(id: string, text: string): string {
  return JSON.stringify({
    data: {
      event_uuid: id,
      filter: { user_id: THS },
      event_type: 'post.create',
      tag: 'resetcast',
      payload: { id, text, author_id: THS, lang: 'en', edit_history_tweet_ids: [id], conversation_id: id },
      includes: { users: [{ id: THS, name: 'Tibo', username: 'thsottiaux' }] },
    },
  });
}

/** A signed delivery of a new post (the `i`-th), as X sends it. */
function signed(i: number, text: string): { body: string; signature: string } {
  const body = delivery(postIdAt(new Date(Date.now() - 200), BigInt(i + 1)), text);
  return { body, signature: `sha256=${createHmac('sha256', SECRET).update(body).digest('base64')}` };
}

/** The `n`-th run's own duration, from its `done in N ms` line (it reaches the runtime's output after the answer). */
async function ownWork(lines: () => string[], n: number): Promise<number> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const done = lines().filter((l) => l.startsWith('[x-webhook] done in '));
    if (done.length >= n) return Number(/done in (\d+) ms/.exec(done[n - 1]!)![1]);
    if (Date.now() > deadline) throw new Error(`bench: no "done in" line for delivery ${n - 1}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Per delivery, ms from X sending it to each name's request, and to X's answer (`answer`). */
export async function benchWebhook(input: Omit<WatchBenchInput, 'post'> & { text: string }): Promise<WatchSample[]> {
  const directory = mkdtempSync(join(tmpdir(), 'resetcast-bench-hook-'));
  const runtime = await startWatchRuntime({
    root: input.root,
    published: input.published,
    env: (url) => ({
      ...input.env,
      X_CONSUMER_SECRET: SECRET,
      RESETCAST_WATCH_SITE: url,
      RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5',
      RESETCAST_DISPATCH_TOKEN: 'bench',
      RESETCAST_REPO: 'resetcast/bench',
      RESETCAST_DB_DIR: join(directory, 'db'),
    }),
  });
  const samples: WatchSample[] = [];
  try {
    for (let i = 0; i <= input.runs; i++) {
      input.drain();
      const { body, signature } = signed(i, input.text);
      const t0 = performance.now();
      const res = await fetch(runtime.webhook, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': signature },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      await res.text();
      const answered = performance.now();
      const got = input.drain();
      const missing = input.expect.filter((n) => got.filter((g) => g.name === n).length !== 1);
      // The warm-up delivery may run out of its budget while the runtime and the embedded engine load: not measured.
      if (i > 0 && (res.status !== 200 || missing.length > 0))
        throw new Error(
          `bench: delivery ${i}: status ${res.status}, not exactly one request at ${missing.join(', ') || '—'}:\n` +
            runtime.lines('[x-webhook] ').slice(-8).join('\n'),
        );
      // The function's own "done in N ms" (from its first line of code): the intake's work in a loaded instance,
      // without the local runtime loading the bundle for each invocation (a warm instance on Netlify does not).
      const own = await ownWork(runtime.lines.bind(null, '[x-webhook] '), i + 1);
      if (i > 0) samples.push({ ...Object.fromEntries(got.map((g) => [g.name, g.at - t0])), answer: answered - t0, own });
    }
  } finally {
    await runtime.close();
    rmSync(directory, { recursive: true, force: true });
  }
  return samples;
}

/**
 * The same deliveries to a warm instance: the function's module loaded once in this process and called
 * as the runtime calls it, against `dbUrl`'s PostgreSQL (migrated first), as a deployed instance kept warm
 * talks to Netlify Database, its state in a local Netlify Blobs server (as the platform's). Per delivery,
 * ms from X sending it to X's answer (`answer`) and to each name.
 */
export async function benchWebhookWarm(
  input: Omit<WatchBenchInput, 'post' | 'root'> & { text: string; dbUrl: string },
): Promise<WatchSample[]> {
  const db = await openDatabase({ env: { NETLIFY_DB_URL: input.dbUrl }, embeddedDir: '' });
  await applyMigrations(db, migrationsIn(join(import.meta.dirname, '../../netlify/database/migrations')));
  await db.close();
  const site = await listen((url) => {
    const body = input.published[url.pathname];
    return body === undefined ? { status: 404, type: 'text/plain', body: '' } : { status: 200, type: 'application/json', body };
  });
  const blobs = await startLocalBlobs();
  // The function reads its environment when it runs, as on Netlify.
  Object.assign(process.env, input.env, {
    X_CONSUMER_SECRET: SECRET,
    RESETCAST_WATCH_SITE: site.url,
    RESETCAST_WATCH_ACCOUNTS: 'thsottiaux:5',
    RESETCAST_DISPATCH_TOKEN: 'bench',
    RESETCAST_REPO: 'resetcast/bench',
    NETLIFY_DB_URL: input.dbUrl,
    NETLIFY_BLOBS_CONTEXT: blobs.context,
  });
  const handler = ((await import('../../netlify/functions/x-webhook.ts')) as { default: (r: Request) => Promise<Response> }).default;
  const samples: WatchSample[] = [];
  // The function's own lines go to its log; here they would only bury the tables.
  const log = console.log;
  console.log = () => undefined;
  try {
    for (let i = 0; i <= input.runs; i++) {
      input.drain();
      const { body, signature } = signed(1000 + i, input.text);
      const t0 = performance.now();
      const res = await handler(
        new Request('http://127.0.0.1/x/webhook', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-twitter-webhooks-signature': signature },
          body,
        }),
      );
      await res.text();
      const answered = performance.now();
      const got = input.drain();
      const missing = input.expect.filter((n) => got.filter((g) => g.name === n).length !== 1);
      if (i > 0 && (res.status !== 200 || missing.length > 0))
        throw new Error(`bench: warm delivery ${i}: status ${res.status}, not exactly one request at ${missing.join(', ') || '—'}`);
      if (i > 0) samples.push({ ...Object.fromEntries(got.map((g) => [g.name, g.at - t0])), answer: answered - t0 });
    }
  } finally {
    console.log = log;
    site.server.close();
    await blobs.close();
  }
  return samples;
}
