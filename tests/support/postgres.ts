/**
 * A real PostgreSQL server for a test (Debian's `postgresql` package: `.ci/run` installs it when
 * missing): its own cluster in a temp folder the postgres user owns, on a loopback port, its unix socket
 * in that folder, a role with a password (scram over TCP, as a hosted database asks), stopped and
 * removed by `stop()`. Postgres must be told its port up front, so one is picked and tried again when
 * another process took it meanwhile. Debian's own cluster (if the package created one) is not used.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/lib/free-port.ts';

const BIN = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? join(root, versions[0], 'bin') : null;
})();

/** Whether this machine can run the server (the tests say so and fail when it cannot). */
export const POSTGRES_BIN = BIN;

export const PG_USER = 'resetcast';
/** The role's password: a test asserts it never reaches a line. */
export const PG_PASSWORD = 'pgPassw0rd-ZZ9-plural-Z-alpha';

export interface LocalPostgres {
  port: number;
  /**
   * Connections the server authorised to `database` so far, from its own log (`log_connections`, on when
   * started with `{ logConnections: true }`; else always 0): how a test sees that a process opened none.
   */
  connectionsTo(database: string): number;
  /** A URL for a new, empty database on this server (CREATE DATABASE; names are short on purpose: see docs/security.md). */
  freshDatabase(name: string): Promise<string>;
  /** The URL of an existing database of this server (a second session on it). */
  urlOf(name: string): string;
  /**
   * Restarts the server (`pg_ctl restart`, fast mode: every session is ended, then the server is up again on
   * the same port). Asynchronous, so this process reads what its own connections hear meanwhile.
   */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const { uid, gid } = (() => {
  const out = execFileSync('id', ['postgres']).toString();
  return { uid: Number(/uid=(\d+)/.exec(out)![1]), gid: Number(/gid=(\d+)/.exec(out)![1]) };
})();

/** `env`: `NAME=value` settings for the command (through env(1), since runuser passes the caller's environment on). */
const asPostgres = (cmd: string, args: string[], env: readonly string[] = []): ReturnType<typeof spawnSync> =>
  spawnSync('runuser', ['-u', 'postgres', '--', ...(env.length > 0 ? ['env', ...env] : []), join(BIN!, cmd), ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });

/** libfaketime's library (Debian's `faketime` package), which `startPostgres({ movableClock: true })` preloads into the server. */
const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

/** A server whose clock the test can step (`setClock`): libfaketime reads the offset from a file at every call. */
export interface ClockedPostgres extends LocalPostgres {
  /** The server's clock from now on: libfaketime's offset (`+0`, `+3m`, `-10m`), for every session at once. */
  setClock(offset: string): void;
}

export async function startPostgres(options?: { logConnections?: boolean }): Promise<LocalPostgres>;
export async function startPostgres(options: { movableClock: true }): Promise<ClockedPostgres>;
export async function startPostgres(
  options: { movableClock?: boolean; logConnections?: boolean } = {},
): Promise<LocalPostgres | ClockedPostgres> {
  if (!BIN) throw new Error('PostgreSQL is not installed (apt-get install -y postgresql; .ci/run does it)');
  const folder = mkdtempSync(join(tmpdir(), 'resetcast-pg-'));
  chmodSync(folder, 0o755);
  chownSync(folder, uid, gid);
  const data = join(folder, 'data');
  const pwfile = join(folder, 'pw');
  writeFileSync(pwfile, PG_PASSWORD);
  chownSync(pwfile, uid, gid);
  const init = asPostgres('initdb', [
    '-D',
    data,
    '-U',
    PG_USER,
    `--pwfile=${pwfile}`,
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${String(init.stderr)}`);
  const clockFile = join(folder, 'clock');
  writeFileSync(clockFile, '+0');
  chmodSync(clockFile, 0o644);
  // Only the wall clock moves: the server's timers (statement_timeout, the deadlines) run on the monotonic one.
  const clockEnv = options.movableClock
    ? [`LD_PRELOAD=${LIBFAKETIME}`, `FAKETIME_TIMESTAMP_FILE=${clockFile}`, 'FAKETIME_NO_CACHE=1', 'FAKETIME_DONT_FAKE_MONOTONIC=1']
    : [];
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    const started = asPostgres(
      'pg_ctl',
      [
        '-D',
        data,
        '-l',
        join(folder, 'log'),
        '-w',
        '-t',
        '30',
        '-o',
        `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60` +
          (options.logConnections ? ' -c log_connections=on' : ''),
        'start',
      ],
      clockEnv,
    );
    if (started.status === 0) break;
    const log = existsSync(join(folder, 'log')) ? execFileSync('cat', [join(folder, 'log')]).toString() : '';
    if (attempt < 5 && /already in use|could not bind/i.test(log)) continue;
    throw new Error(`postgres did not start: ${String(started.stderr)} ${log.slice(-500)}`);
  }
  const url = (db: string): string => `postgres://${PG_USER}:${encodeURIComponent(PG_PASSWORD)}@127.0.0.1:${port}/${db}`;
  const logFile = join(folder, 'log');
  return {
    port,
    connectionsTo: (database) =>
      existsSync(logFile)
        ? readFileSync(logFile, 'utf8')
            .split('\n')
            .filter((l) => /connection authorized: /.test(l) && new RegExp(`\\bdatabase=${database}(\\s|$)`).test(l)).length
        : 0,
    urlOf: url,
    setClock: (offset: string) => writeFileSync(clockFile, offset),
    async freshDatabase(name) {
      const admin = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 10_000, query_timeout: 10_000 });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    async restart() {
      await new Promise<void>((resolve, reject) =>
        execFile(
          'runuser',
          ['-u', 'postgres', '--', join(BIN!, 'pg_ctl'), '-D', data, '-l', join(folder, 'log'), '-m', 'fast', '-w', '-t', '30', 'restart'],
          { timeout: 60_000 },
          (e, _out, err) => (e ? reject(new Error(`pg_ctl restart failed: ${err}`)) : resolve()),
        ),
      );
    },
    async stop() {
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
