/**
 * `npm start`'s settings as a user meets them, through the real scripts as child processes: a bad PORT or
 * HOST is one line and exit 1 (before any build: `scripts/start.ts` checks them first), and the server,
 * unless HOST says otherwise, binds loopback and prints the address it really listens on.
 */
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleMcpFunction } from '../../scripts/lib/bundle-function.ts';
import { runNode } from '../support/run-node.ts';
import { NO_TIMETABLE } from '../../src/serve/load.ts';
import { raw, REPO, serveProcess, siteFiles, siteRoot } from '../support/site.ts';

const env = (extra: Record<string, string>): NodeJS.ProcessEnv => ({ ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...extra });

describe('a bad setting: one line, exit 1', () => {
  it.each([
    ['scripts/start.ts', { PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "abc"'],
    ['scripts/start.ts', { PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "70000"'],
    [
      'scripts/start.ts',
      { HOST: 'http://example.org' },
      'HOST must be an IP address or a host name such as 127.0.0.1, 0.0.0.0, :: or localhost; got "http://example.org"',
    ],
    ['scripts/serve.ts', { PORT: '8o80' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "8o80"'],
  ])('%s with %j', async (script, settings, line) => {
    const { code, out } = await runNode([script], env(settings), REPO);
    expect(code).toBe(1);
    // Nothing else: no build output, no stack trace.
    expect(out).toBe(`${line}\n`);
  });
});

/** The first non-loopback IPv4 address of this machine, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
}

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

describe('scripts/serve.ts with HOST unset, on a build from before the timetable', () => {
  let child: ChildProcess;
  let url = '';
  let log: () => string = () => '';
  beforeAll(async () => {
    // A site folder with the /mcp function but no timetable function (.netlify/functions-bundled/timetable.mjs):
    // what `npm start -- --no-build` finds on a build made before the timetable.
    const root = siteRoot();
    await bundleMcpFunction(REPO, join(root, '.netlify/functions-bundled/mcp.mjs'), { apiDir: join(root, 'dist/api/v1') });
    const { HOST: _unset, ...rest } = process.env;
    const server = await serveProcess(root, { ...rest, PORT: '0' });
    child = server.child;
    url = server.url;
    log = server.log;
  }, 120_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('prints the loopback address it listens on, and answers there', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await raw(url, 'GET', '/robots.txt')).status).toBe(200);
  });

  it('serves that build as its files stand (pages and clock payloads as built), saying so in one line', async () => {
    expect(
      log()
        .split('\n')
        .filter((l) => l.includes('timetable')),
    ).toEqual([NO_TIMETABLE]);
    for (const [path, file] of [
      ['/', '/index.html'],
      ['/api/v1/forecast.json', '/api/v1/forecast.json'],
      ['/calendar.ics', '/calendar.ics'],
    ] as const) {
      const res = await raw(url, 'GET', path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toBe(siteFiles()[file]);
      expect(res.headers['netlify-cdn-cache-control'], path).toBeUndefined();
    }
  });

  it.skipIf(outsideAddress() === undefined)("is not reachable at the machine's other addresses", async () => {
    const port = Number(new URL(url).port);
    expect(await connects(outsideAddress()!, port)).toBe(false);
  });
});
