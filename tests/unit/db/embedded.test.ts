/**
 * The embedded database's lock (src/db/embedded-lock.ts, through database.ts), with real processes: a
 * command that waits for its turn says so at once, in one line (the binding's and `npm run broadcast`'s);
 * a holder paused longer than the lock's stale time loses it to the next process and, resumed, refuses
 * its next statement with one clear line: no stack trace, nothing written.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/db/database.ts';
import { closedAfterEach } from '../../support/closed-after-each.ts';
import { runNode } from '../../support/run-node.ts';
import { waitFor } from '../../support/wait-for.ts';

const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});
const opened = closedAfterEach<Database>();

/** A fresh embedded database folder, removed after the test. */
function folder(): string {
  const parent = mkdtempSync(join(tmpdir(), 'resetcast-embedded-'));
  folders.push(parent);
  return join(parent, 'db');
}

const open = async (dir: string, env: Record<string, string> = {}, onWait?: (line: string) => void): Promise<Database> => {
  const db = await openDatabase({ env: { RESETCAST_DB_DIR: dir, ...env }, embeddedDir: '', ...(onWait ? { onWait } : {}) });
  opened.push(db);
  return db;
};

describe('waiting for the turn', () => {
  it('says at once, in one line, who holds the database and how long it waits; then takes its turn when the holder closes', async () => {
    const dir = folder();
    const holder = await openDatabase({ env: { RESETCAST_DB_DIR: dir }, embeddedDir: '' });
    const lines: string[] = [];
    const second = open(dir, { RESETCAST_DB_LOCK_WAIT_MS: '60000' }, (l) => lines.push(l));
    await waitFor(() => lines.length > 0, { describe: 'the waiting line' });
    expect(lines).toEqual([`embedded database ${dir} is in use by another process (pid ${process.pid}?): waiting up to 60 s`]);
    await holder.close();
    const db = await second;
    expect((await db.sql.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    expect(lines).toHaveLength(1);
  });

  it('npm run broadcast prints that line (⏳), then the one ❌ line when the wait is over; nothing sent', async () => {
    const dir = folder();
    await open(dir);
    const r = await runNode(['scripts/broadcast.ts'], {
      PATH: process.env['PATH'] ?? '',
      RESETCAST_DB_DIR: dir,
      RESETCAST_DB_LOCK_WAIT_MS: '2000',
    });
    expect(r.code).toBe(1);
    const label = `embedded database ${dir}`;
    expect(r.out.split('\n').filter((l) => l.includes(label))).toEqual([
      `⏳ ${label} is in use by another process (pid ${process.pid}?): waiting up to 2 s`,
      `❌ database: ${label}: still in use by another process after 2 s (its lock: ${dir}.lock); nothing sent`,
    ]);
  });
});

/** The holder child (tests/support/embedded-holder.ts) on `env`, its stdout and stderr gathered in `out()`. */
function holder(env: Record<string, string>): { child: ReturnType<typeof spawn>; out(): string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['tests/support/embedded-holder.ts'], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, out: () => out, exited };
}

describe('a holder that ends', () => {
  it('without closing: its process still exits (the refresher keeps nothing alive), and its lock goes with it', async () => {
    const dir = folder();
    const script = `import { openDatabase } from './src/db/database.ts';
const db = await openDatabase({ env: process.env, embeddedDir: '' });
await db.sql.query('CREATE TABLE t (n int)');
console.log('open, not closed');`;
    const r = await runNode(['--input-type=module', '-e', script], { PATH: process.env['PATH'] ?? '', RESETCAST_DB_DIR: dir });
    expect(r).toEqual({ code: 0, out: 'open, not closed\n' });
    const lines: string[] = [];
    await open(dir, {}, (l) => lines.push(l));
    expect(lines).toEqual([]);
  }, 120_000);

  it('killed (SIGKILL): the next process waits, in one line, and takes the lock over once it is stale', async () => {
    const dir = folder();
    const env = { RESETCAST_DB_DIR: dir, RESETCAST_DB_LOCK_STALE_MS: '3000', RESETCAST_DB_LOCK_WAIT_MS: '120000' };
    const h = holder(env);
    await waitFor(() => h.out().includes('holding'), { describe: 'the holder open', seen: h.out, deadlineMs: 120_000 });
    h.child.kill('SIGKILL');
    await h.exited;
    const lines: string[] = [];
    const db = await open(dir, env, (l) => lines.push(l));
    expect(lines).toEqual([`embedded database ${dir} is in use by another process (pid ${h.child.pid}?): waiting up to 120 s`]);
    expect((await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM writes')).rows).toEqual([{ n: 0 }]);
  }, 180_000);
});

describe('a holder whose main thread is busy longer than the stale time (synchronous work, as PGlite does)', () => {
  it('keeps its lock: the process waiting meanwhile does not get it, and the holder’s next statement is written', async () => {
    const dir = folder();
    // 10 s stale, a 15 s busy main thread: a refresh that needs the main thread lets the lock go stale.
    const env = { RESETCAST_DB_DIR: dir, RESETCAST_DB_LOCK_STALE_MS: '10000', RESETCAST_DB_LOCK_WAIT_MS: '120000' };
    const h = holder(env);
    try {
      h.child.stdin?.write('before\n');
      await waitFor(() => h.out().includes('wrote before'), { describe: "the holder's first write", seen: h.out, deadlineMs: 120_000 });
      h.child.stdin?.write('busy 15000\n');
      await waitFor(() => h.out().includes('busy\n'), { describe: 'the holder busy', seen: h.out });
      const lines: string[] = [];
      let nextOpened = false;
      const next = openDatabase({ env, embeddedDir: '', onWait: (l) => lines.push(l) }).then((db) => {
        nextOpened = true;
        opened.push(db);
        return db;
      });
      await waitFor(() => lines.length > 0, { describe: 'the waiting line', deadlineMs: 60_000 });
      // The holder's statement after its busy spell: written (the lock still its), or refused (lost meanwhile).
      await waitFor(() => /wrote busy|❌/.test(h.out()), {
        describe: "the holder's write after its busy spell",
        seen: h.out,
        deadlineMs: 120_000,
      });
      expect(h.out().trim().split('\n')).toEqual(['holding', 'wrote before', 'busy', 'wrote busy 15000']);
      expect(nextOpened).toBe(false);
      h.child.stdin?.end();
      expect(await h.exited).toBe(0);
      const db = await next;
      expect(lines).toEqual([`embedded database ${dir} is in use by another process (pid ${h.child.pid}?): waiting up to 120 s`]);
      expect((await db.sql.query<{ line: string }>('SELECT line FROM writes ORDER BY line')).rows.map((r) => r.line)).toEqual([
        'before',
        'busy 15000',
      ]);
    } finally {
      h.child.kill('SIGKILL');
    }
  }, 240_000);
});

describe('a holder paused longer than the stale time (SIGSTOP … SIGCONT)', () => {
  it('loses the lock to the next process; resumed, its next statement (an I/O continuation) refuses in one line, no stack trace, nothing written', async () => {
    const dir = folder();
    // 45 s stale (refreshed every 7.5 s; a stop longer than 30 s may have lost the lock). A short one is lost
    // for real on a loaded machine, where opening PGlite alone holds the event loop for many seconds.
    const env = { RESETCAST_DB_DIR: dir, RESETCAST_DB_LOCK_STALE_MS: '45000', RESETCAST_DB_LOCK_WAIT_MS: '120000' };
    const child = spawn(process.execPath, ['tests/support/embedded-holder.ts'], {
      env: { PATH: process.env['PATH'] ?? '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    try {
      child.stdin.write('before\n');
      await waitFor(() => out.includes('wrote before'), { describe: "the holder's first write", seen: () => out, deadlineMs: 120_000 });
      child.kill('SIGSTOP');
      // The next process: waits (one line), then takes the lock once the paused holder's is stale.
      const lines: string[] = [];
      const next = await openDatabase({ env, embeddedDir: '', onWait: (l) => lines.push(l) });
      expect(lines).toEqual([`embedded database ${dir} is in use by another process (pid ${child.pid}?): waiting up to 120 s`]);
      await next.sql.query("INSERT INTO writes VALUES ('next')");
      // Queued while the holder is stopped: the first thing it handles when it runs again, the lock still the next's.
      child.stdin.end('after\n');
      child.kill('SIGCONT');
      expect(await exited).toBe(1);
      await next.close();
    } finally {
      child.kill('SIGKILL');
    }
    expect(out.trim().split('\n')).toEqual([
      'holding',
      'wrote before',
      `❌ database: embedded database ${dir}: lost its lock to another process (paused or too slow); stopped before writing again`,
    ]);
    const db = await open(dir);
    expect((await db.sql.query<{ line: string }>('SELECT line FROM writes ORDER BY line')).rows.map((r) => r.line)).toEqual([
      'before',
      'next',
    ]);
  }, 180_000);
});
