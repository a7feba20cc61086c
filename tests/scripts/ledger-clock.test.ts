/**
 * One clock for the ledger (src/jobs/broadcast/ledger.ts), on a real PostgreSQL whose clock the test can
 * step (libfaketime preloaded into the server, tests/support/postgres.ts) and on the embedded engine:
 * - pruning dates rows by the database's clock, never ahead of the sender's: `npm run broadcast` with a
 *   clock 8 days ahead (libfaketime on the process, or SOURCE_DATE_EPOCH) forgets only what is past the
 *   keep window on the database's clock too, and the next run resends nothing;
 * - the database's clock stepping forward during a send: a step smaller than the lease's margin (3 of 5
 *   minutes) is absorbed, no second sender takes the claim over; a step past the lease is not (accepted
 *   and documented in docs/alerts.md, "Claims, leases and attempts"). Counted at the outlet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '../../src/core/schema/index.ts';
import { broadcast } from '../../src/jobs/broadcast/broadcast.ts';
import { KEEP_DAYS } from '../../src/jobs/broadcast/ledger.ts';
import { closedAfterEach } from '../support/closed-after-each.ts';
import { startServer, type FixtureServer } from '../support/fixture-server.ts';
import { testLedger, type TestLedger } from '../support/ledger.ts';
import { NTFY_TOPIC, ntfyApi } from '../support/outlet-servers.ts';
import { startPostgres, type ClockedPostgres } from '../support/postgres.ts';
import { httpDeps, NOW, tempData } from '../support/pull-env.ts';
import { HOUR, reset } from '../support/alerts.ts';
import { waitFor } from '../support/wait-for.ts';
import { runCommand, runNode } from '../support/run-node.ts';

const DAY = 24 * HOUR;
let server: ClockedPostgres;
let databases = 0;
const folders: string[] = [];
beforeAll(async () => {
  server = await startPostgres({ movableClock: true });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});
const opened = closedAfterEach<{ close(): Promise<unknown> }>();

/** The database's clock as the server reads it now, against this process's. */
async function serverAhead(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ t: Date }>('SELECT clock_timestamp() AS t');
    return rows[0]!.t.getTime() - Date.now();
  } finally {
    await client.end();
  }
}

/** Steps the server's clock to `offset` (libfaketime's words) and waits until a new session reads it. */
async function stepClock(url: string, offset: string, atLeastMs: number): Promise<void> {
  server.setClock(offset);
  await waitFor(async () => Math.abs((await serverAhead(url)) - atLeastMs) < 60_000, { describe: `the server's clock at ${offset}` });
}

async function ledger(options: Parameters<typeof testLedger>[0]): Promise<TestLedger> {
  const l = await testLedger(options);
  opened.push(l);
  return l;
}

/** A reset alert `hoursAgo` before this machine's clock (the database's, here), numbered `n`. */
const recent = (n: number, hoursAgo: number): Alert => ({ ...reset(n, 0), at: new Date(Date.now() - hoursAgo * HOUR).toISOString() });

/** `npm run broadcast` on a copy of the frozen history, with `env`, under libfaketime's `offset` when given. */
function broadcastProcess(env: Record<string, string>, offset?: string): Promise<{ code: number | null; out: string }> {
  const full = { PATH: process.env['PATH'] ?? '', RESETCAST_DATA_DIR: tempData(), FAKETIME_DONT_FAKE_MONOTONIC: '1', ...env };
  return offset
    ? runCommand('faketime', ['-f', offset, process.execPath, 'scripts/broadcast.ts'], full)
    : runNode(['scripts/broadcast.ts'], full);
}

describe('pruning by the database clock, never ahead of the sender', () => {
  /** 20 alerts of the last day, each sent to ntfy; and one past the keep window on every clock. */
  async function seeded(l: TestLedger): Promise<Alert[]> {
    const alerts = Array.from({ length: 20 }, (_, i) => recent(i + 1, i + 0.5));
    for (const a of [...alerts, recent(99, (KEEP_DAYS + 1) * 24)]) {
      const c = await l.ledger.claim('ntfy', a, (t) => t);
      if ('claim' in c) await l.ledger.settle(c.claim, { kind: 'sent' });
    }
    return alerts;
  }

  /** What the next run on the real clock sends of the seeded alerts (nothing, when nothing was forgotten). */
  async function nextRunSends(l: TestLedger, alerts: readonly Alert[]): Promise<number> {
    const ntfy: FixtureServer = await startServer(ntfyApi());
    opened.push(ntfy);
    const now = new Date();
    await broadcast({ alerts, ledger: l.ledger, urls: { ntfy: `${ntfy.url}/${NTFY_TOPIC}` }, http: httpDeps([], now), now });
    return ntfy.requests.length;
  }

  it.each([
    ['PostgreSQL, the sender under libfaketime +8 days', 'postgres', 'faketime'],
    ['PostgreSQL, SOURCE_DATE_EPOCH 8 days ahead', 'postgres', 'epoch'],
    ['embedded, SOURCE_DATE_EPOCH 8 days ahead', 'embedded', 'epoch'],
  ] as const)('%s: forgets only the row past the window on both clocks, and the next run resends nothing', async (_name, engine, how) => {
    const dir = engine === 'embedded' ? mkdtempSync(join(tmpdir(), 'resetcast-clock-ledger-')) : null;
    if (dir) folders.push(dir);
    const where = dir ? { RESETCAST_DB_DIR: join(dir, 'db') } : { NETLIFY_DB_URL: await server.freshDatabase(`p${++databases}`) };
    const place = dir ? { dbDir: where.RESETCAST_DB_DIR! } : { url: where.NETLIFY_DB_URL! };
    const seeding = await testLedger(place);
    const alerts = await seeded(seeding);
    await seeding.close();

    const ahead = how === 'epoch' ? { SOURCE_DATE_EPOCH: String(Math.floor((Date.now() + 8 * DAY) / 1000)) } : {};
    const r = await broadcastProcess({ ...where, ...ahead }, how === 'faketime' ? '+8d' : undefined);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('✅ ledger: forgot 1 row(s) of alerts older than the keep window');

    const l = await ledger(place);
    expect(await l.rows('ntfy')).toHaveLength(20);
    expect(await nextRunSends(l, alerts)).toBe(0);
  });

  it('a sender whose clock is behind the database (a frozen SOURCE_DATE_EPOCH) forgets nothing it could still send', async () => {
    const l = await ledger({ url: await server.freshDatabase(`p${++databases}`) });
    // The frozen history's alerts: a day old at NOW, far more than the keep window before the database's clock.
    for (const a of [reset(1, 20), reset(2, 1)]) {
      const c = await l.ledger.claim('ntfy', a, (t) => t);
      if ('claim' in c) await l.ledger.settle(c.claim, { kind: 'sent' });
    }
    expect(await l.ledger.prune(NOW)).toBe(0);
    // A sender 7 days less 10 hours after NOW (still behind the database): #1 is past the window on both clocks, #2 is not.
    expect(await l.ledger.prune(new Date(NOW.getTime() + (KEEP_DAYS * 24 - 10) * HOUR))).toBe(1);
    expect(await l.rows('ntfy')).toEqual(['#2 sent 1/0']);
  });
});

describe("the database's clock stepping forward during a send", () => {
  it.each([
    ['3 minutes (inside the lease margin): absorbed, nobody takes the claim over', '+3m', 3, 1],
    ['6 minutes (past the 5-minute lease): a second sender takes it over (accepted, documented)', '+6m', 6, 2],
  ] as const)('%s', async (_name, offset, minutes, receipts) => {
    const url = await server.freshDatabase(`c${++databases}`);
    const [first, second] = [await ledger({ url }), await ledger({ url })];
    let open = (): void => undefined;
    const held = new Promise<void>((r) => (open = r));
    // The first sender's request is held until the clock has stepped and the second sender has run.
    const answering = await startServer((u, n, req) => {
      const reply = ntfyApi()(u, n, req);
      return reply && { ...reply, after: n === 0 ? held : Promise.resolve() };
    });
    opened.push(answering);
    const urls = { ntfy: `${answering.url}/${NTFY_TOPIC}` };
    const alerts = [reset(1, 1)];
    try {
      const sending = broadcast({ alerts, ledger: first.ledger, urls, http: httpDeps(), now: NOW });
      await waitFor(() => answering.requests.length === 1, { describe: 'the first sender holding its request at ntfy' });
      await stepClock(url, offset, minutes * 60_000);
      const meanwhile = await broadcast({ alerts, ledger: second.ledger, urls, http: httpDeps(), now: NOW });
      open();
      const done = await sending;
      expect(answering.requests).toHaveLength(receipts);
      if (receipts === 1) {
        expect(meanwhile.decisions.map((d) => d.result)).toEqual(['held']);
        expect(done.decisions.map((d) => d.result)).toEqual(['sent']);
        expect(await first.rows('ntfy')).toEqual(['#1 sent 1/0']);
      } else {
        // Past the lease the row was the second sender's: it sent too, and the first learns its claim was taken over.
        expect(meanwhile.decisions.map((d) => d.result)).toEqual(['sent']);
        expect(done.decisions.map((d) => d.result)).toEqual(['lost']);
      }
    } finally {
      open();
      server.setClock('+0');
    }
  });
});
