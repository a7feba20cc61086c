/**
 * The local runtime's settings (src/serve/settings.ts): PORT and HOST with their defaults (8888, loopback),
 * every bad value refused with one sentence naming the variable, the range and the value; and the URL
 * printed for the address the server really bound. `npm start` and `node scripts/serve.ts` with bad
 * values, as processes, are in tests/scripts/serve-settings.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { listeningUrl, readServeSettings } from '../../../src/serve/settings.ts';

describe('readServeSettings', () => {
  it('defaults to port 8888 on loopback, not every interface', () => {
    expect(readServeSettings({})).toEqual({ ok: true, settings: { port: 8888, host: '127.0.0.1' } });
    expect(readServeSettings({ PORT: '', HOST: ' ' })).toEqual({ ok: true, settings: { port: 8888, host: '127.0.0.1' } });
  });

  it.each([
    [{ PORT: '0' }, { port: 0, host: '127.0.0.1' }],
    [
      { PORT: '65535', HOST: '0.0.0.0' },
      { port: 65535, host: '0.0.0.0' },
    ],
    [
      { PORT: ' 9000 ', HOST: '::' },
      { port: 9000, host: '::' },
    ],
    [{ HOST: '[::1]' }, { port: 8888, host: '::1' }],
    [{ HOST: 'localhost' }, { port: 8888, host: 'localhost' }],
    [{ HOST: 'resetcast.internal' }, { port: 8888, host: 'resetcast.internal' }],
  ])('takes %j', (env, settings) => {
    expect(readServeSettings(env)).toEqual({ ok: true, settings });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "abc"'],
    [{ PORT: '65536' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "65536"'],
    [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "-1"'],
    [{ PORT: '80.5' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "80.5"'],
    [{ PORT: '0x50' }, 'PORT must be a whole number from 0 to 65535 (0 picks any free port); got "0x50"'],
    [
      { HOST: 'http://localhost' },
      'HOST must be an IP address or a host name such as 127.0.0.1, 0.0.0.0, :: or localhost; got "http://localhost"',
    ],
    [{ HOST: 'local host' }, 'HOST must be an IP address or a host name such as 127.0.0.1, 0.0.0.0, :: or localhost; got "local host"'],
    [
      { HOST: '127.0.0.1:8888' },
      'HOST must be an IP address or a host name such as 127.0.0.1, 0.0.0.0, :: or localhost; got "127.0.0.1:8888"',
    ],
  ])('refuses %j in one sentence', (env, problem) => {
    expect(readServeSettings(env)).toEqual({ ok: false, problem });
  });

  it('cuts a long value in its message', () => {
    const read = readServeSettings({ PORT: 'x'.repeat(5000) });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problem.length).toBeLessThan(150);
  });
});

describe('listeningUrl', () => {
  it.each([
    [{ address: '127.0.0.1', port: 8888 }, 'http://127.0.0.1:8888', null],
    [{ address: '::1', port: 41234 }, 'http://[::1]:41234', null],
    [{ address: '0.0.0.0', port: 8888 }, 'http://0.0.0.0:8888', 'every interface: reachable from other machines'],
    [{ address: '::', port: 80 }, 'http://[::]:80', 'every interface: reachable from other machines'],
  ])('%j → %s', (address, url, note) => {
    expect(listeningUrl(address)).toEqual({ url, note });
  });
});
