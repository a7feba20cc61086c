/**
 * `npm run broadcast` on the embedded database, its lock lost while it waits for an outlet: the sender is
 * paused (SIGSTOP) with its request at ntfy, a second broadcast waits (one ⏳ line) and takes the lock
 * once it is stale, ntfy answers, the first is resumed (SIGCONT). The first says, in its own line, that
 * it lost the lock and stops without writing (no stack trace: proper-lockfile's ECOMPROMISED used to kill
 * it); its alert stays claimed, so the lease rule resends it at most once, and nothing was sent twice.
 * Real processes, a real stand-in for ntfy that holds the request until the test lets it answer.
 */
import { spawn } from 'node:child_process';
import { createServer, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { MINI_DATA_DIR } from '../support/mini-data.ts';
import { NTFY_TOPIC, ntfyApi } from '../support/outlet-servers.ts';
import { testLedger } from '../support/ledger.ts';
import { runNode } from '../support/run-node.ts';
import { waitFor } from '../support/wait-for.ts';

/** A clock 19 minutes after the mini data's first grant-expiry reminder (24 h before 2026-07-12T00:11:11Z): one alert owed. */
const EPOCH = String(Date.parse('2026-07-11T00:30:00Z') / 1000);
const closers: (() => void)[] = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

/** ntfy that records each request and answers only when told (as the stand-in answers). */
async function heldNtfy(): Promise<{ url: string; bodies: string[]; answer(): void }> {
  const held: { res: ServerResponse; reply: ReturnType<ReturnType<typeof ntfyApi>> }[] = [];
  const bodies: string[] = [];
  const route = ntfyApi();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += String(c)));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      held.push({ res, reply: route(url, bodies.length, { url, method: req.method ?? 'GET', headers: req.headers, body, sent: 0 }) });
      bodies.push(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/${NTFY_TOPIC}`,
    bodies,
    answer() {
      for (const { res, reply } of held.splice(0))
        res.writeHead(reply?.status ?? 200, { 'Content-Type': 'application/json', ...reply?.headers }).end(reply?.body ?? '');
    },
  };
}

it('the paused sender loses its lock: one line, no stack trace, nothing written after; the alert is sent once', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'resetcast-lost-lock-'));
  closers.push(() => rmSync(parent, { recursive: true, force: true }));
  const ntfy = await heldNtfy();
  const env = {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: MINI_DATA_DIR,
    SOURCE_DATE_EPOCH: EPOCH,
    RESETCAST_DB_DIR: join(parent, 'db'),
    // 45 s stale: the second broadcast takes the lock 45 s after the first's last refresh. A short one is lost
    // for real on a loaded machine (opening PGlite alone holds the event loop for many seconds).
    RESETCAST_DB_LOCK_STALE_MS: '45000',
    RESETCAST_HTTP_TIMEOUT_MS: '90000',
    NTFY_TOPIC_URL: ntfy.url,
  };
  const first = spawn(process.execPath, ['scripts/broadcast.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  closers.push(() => first.kill('SIGKILL'));
  let out = '';
  first.stdout.on('data', (d) => (out += String(d)));
  first.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => first.on('close', (code) => r(code)));
  await waitFor(() => ntfy.bodies.length === 1, {
    describe: "the first broadcast's request at ntfy",
    seen: () => out,
    deadlineMs: 120_000,
  });
  first.kill('SIGSTOP');
  const second = await runNode(['scripts/broadcast.ts'], env);
  ntfy.answer();
  first.kill('SIGCONT');
  const code = await exited;

  const label = `embedded database ${env.RESETCAST_DB_DIR}`;
  expect(second.out).toContain(`⏳ ${label} is in use by another process (pid ${first.pid}?): waiting up to 180 s`);
  expect(second.out).toMatch(/^✅ ntfy: .*1 held by another sender/m);
  expect(code, out).toBe(1);
  expect(out).toContain(`${label}: lost its lock to another process (paused or too slow); stopped before writing again`);
  expect(out).not.toMatch(/ECOMPROMISED|^\s+at /m);
  expect(ntfy.bodies).toHaveLength(1);
  const ledger = await testLedger({ dbDir: env.RESETCAST_DB_DIR });
  try {
    expect(await ledger.rows('ntfy')).toHaveLength(1);
    expect((await ledger.db.sql.query<{ state: string }>('SELECT state FROM alert_deliveries')).rows).toEqual([{ state: 'claimed' }]);
  } finally {
    await ledger.close();
  }
  console.info(`[lost lock] the first broadcast said:\n${out}\n[lost lock] the second said:\n${second.out}`);
}, 180_000);
