/**
 * The reference status-line client (the specification's §4.2, issue 39), run for real with each POSIX shell present
 * against HTTP servers on 127.0.0.1 that record the requests they receive, with Codex homes written from
 * the rollout fixtures (tests/fixtures/rollouts/README.md), and wired into a real tmux, zsh and the way
 * Claude Code runs a statusLine command.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { computeForecast } from '../../src/core/forecast/index.ts';
import { liveModel } from '../../src/core/forecast/live.ts';
import { createHourlyOutlookPayload } from '../../src/core/forecast/outlook.ts';
import { HourlyOutlookPayload } from '../../src/core/schema/index.ts';
import { DISCLAIMER, SITE } from '../../src/core/site.ts';
import { toTimestamp } from '../../src/core/time.ts';
import { GET as servedScript } from '../../src/pages/statusline.sh.ts';
import { STATUSLINE_BIN, statuslineSnippets } from '../../src/site/statusline-snippets.ts';
import { HISTORY_NOW, history } from '../support/history.ts';
import { waitFor } from '../support/wait-for.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/statusline.sh', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../fixtures/rollouts/', import.meta.url));
const PATH = process.env['PATH'] ?? '/usr/bin:/bin';
const MINUTE = 60_000;
const OUTLOOK_PATH = '/api/v1/hourly-outlook.json';

/** The hourly outlook's percent before hour h in these tests: ⌊100·h/168⌋, so every hour has its own figure. */
const synthetic = (h: number): number => Math.floor((100 * h) / 168);

/**
 * An hourly outlook (checked against its schema) generated `ageHours` before now. With the synthetic
 * curve, p24 is 14 %, and a weekly reset 3 d 4 h 30 min from now, 78.5 h after a 2-hour-old outlook,
 * reads hour 79 by the published rule: 47 %.
 */
function outlook(o: { available?: boolean; ageHours?: number; percent?: (h: number) => number } = {}): Record<string, unknown> {
  const gen = Math.floor(Date.now() / 1000 - (o.ageHours ?? 2) * 3600) * 1000;
  const percent = o.percent ?? synthetic;
  return HourlyOutlookPayload.parse({
    schema_version: 1,
    generated_at: toTimestamp(new Date(gen)),
    source: SITE.url,
    formula_version: '2',
    available: o.available ?? true,
    step_hours: 1,
    rule: 'first-point-at-or-after',
    points: Array.from({ length: 168 }, (_, i) => ({
      hours: i + 1,
      until: toTimestamp(new Date(gen + (i + 1) * 3_600_000)),
      p: percent(i + 1) / 100,
      percent: percent(i + 1),
    })),
    disclaimer: DISCLAIMER,
  });
}
/** The published file is 2-space pretty JSON, like src/core/json.ts writes it. */
const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A rollout fixture with its clock placeholders (@NOW±s@, @ISO±s@) made instants relative to now. */
function rollout(name: string): string {
  const now = Math.floor(Date.now() / 1000);
  return readFileSync(join(FIXTURES, name), 'utf8')
    .replace(/@NOW([-+]\d+)@/g, (_, d: string) => String(now + Number(d)))
    .replace(/@ISO([-+]\d+)@/g, (_, d: string) => new Date((now + Number(d)) * 1000).toISOString());
}

interface Reply {
  status: number;
  body: string;
}
interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Server {
  url: string;
  paths: string[];
  requests: Recorded[];
  reply: Reply | null;
  close(): Promise<void>;
}

/** A local server that records each request whole and answers with `reply`, or never answers when it is null. */
async function startServer(reply: Reply | null): Promise<Server> {
  const paths: string[] = [];
  const requests: Recorded[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (b: Buffer) => (body += b.toString()));
    req.on('end', () => {
      paths.push(req.url ?? '');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (!state.reply) return; // hold the connection open: a server that never answers
      res.writeHead(state.reply.status, { 'Content-Type': 'application/json' }).end(state.reply.body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const state: Server = {
    url: `http://127.0.0.1:${port}`,
    paths,
    requests,
    reply,
    close: () => {
      server.closeAllConnections();
      return new Promise((done) => server.close(() => done()));
    },
  };
  return state;
}

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs `command` with a clean environment (no proxies, no user curlrc) plus `env`, with `input` on stdin. */
function runCommand(command: string[], env: Record<string, string>, input?: string): Promise<Run> {
  return new Promise((done, fail) => {
    const [file, ...args] = command;
    const child = spawn(file!, args, { env: { PATH, ...env }, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ stdout, stderr, code }));
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Every distinct POSIX shell installed here (sh is often dash or bash; each runs once). */
function shells(): string[] {
  const seen = new Map<string, string>();
  for (const name of ['sh', 'dash', 'bash']) {
    const found = which(name);
    if (found && !seen.has(realpathSync(found))) seen.set(realpathSync(found), found);
  }
  return [...seen.values()];
}
const which = (name: string): string | undefined =>
  PATH.split(delimiter)
    .map((d) => join(d, name))
    .find((p) => existsSync(p));

const setBack = (file: string, ms: number): void => {
  const t = new Date(Date.now() - ms);
  utimesSync(file, t, t);
};

/** A folder of links to the tools the script uses, without zstd: a machine where Codex never compressed. */
function pathWithoutZstd(root: string): string {
  const bin = join(root, 'bin-no-zstd');
  mkdirSync(bin, { recursive: true });
  for (const tool of ['sh', 'curl', 'awk', 'tr', 'sed', 'find', 'tail', 'date', 'mkdir', 'rm', 'mv', 'expr', 'cat']) {
    const at = which(tool);
    if (at) symlinkSync(at, join(bin, tool));
  }
  return bin;
}

const DAY = '2026/11/28';
const NAME = 'rollout-2026-11-28T10-00-00-0199a0b1-2c3d-7e4f-8a9b-0c1d2e3f4a5b.jsonl';
const OLDER_NAME = 'rollout-2026-11-28T08-00-00-0199a0b1-2c3d-7e4f-8a9b-0c1d2e3f4a50.jsonl';
const ME = 'codex 5h 42% · week 89% (3d 4h)';
const PUBLIC = 'reset before it: 47% · 24h 14%';

describe.each(shells())('statusline.sh under %s', (shell) => {
  let home: string;
  let cacheHome: string;
  let cacheFile: string;
  let server: Server | undefined;
  const serve = async (reply: Reply | null): Promise<Server> => (server = await startServer(reply));
  const run = (url: string, extra: Record<string, string> = {}): Promise<Run> =>
    runCommand([shell, SCRIPT], { HOME: home, XDG_CACHE_HOME: cacheHome, RESETCAST_URL: url, ...extra });
  const good = (o?: Parameters<typeof outlook>[0]): Promise<Server> => serve({ status: 200, body: pretty(outlook(o)) });
  /** Writes `text` as a rollout of day folder `day` in ~/.codex/sessions; returns its path. */
  const session = (text: string | Buffer, name = NAME, day = DAY): string => {
    const folder = join(home, '.codex', 'sessions', day);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, name), text);
    return join(folder, name);
  };

  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), 'resetcast-statusline-'));
    cacheHome = join(home, 'xdg-cache');
    cacheFile = join(cacheHome, 'resetcast', 'hourly-outlook.json');
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(home, { recursive: true, force: true });
  });

  describe('without Codex sessions: exactly the line it printed before issue 39', () => {
    it.each([
      ['pretty-printed (as published)', pretty(outlook())],
      ['compact', JSON.stringify(outlook())],
      ['pretty with CRLF line ends', pretty(outlook()).replaceAll('\n', '\r\n')],
    ])('prints the 24-hour figure from a %s outlook and caches the body', async (_, body) => {
      const { url, paths } = await serve({ status: 200, body });
      const r = await run(url);
      expect(r).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
      expect(paths).toEqual([OUTLOOK_PATH]);
      expect(readFileSync(cacheFile, 'utf8')).toBe(body);
      expect(existsSync(join(cacheHome, 'resetcast', 'last-failure'))).toBe(false);
    });

    it("prints forecast.json's p24 from the outlook the build publishes", async () => {
      const model = liveModel(history(), HISTORY_NOW);
      const f = computeForecast(history(), HISTORY_NOW, SITE.url);
      const body = createHourlyOutlookPayload(model, f.available, toTimestamp(HISTORY_NOW), SITE.url);
      const { url } = await serve({ status: 200, body: pretty(body) });
      const mark = f.available ? '' : ' (not vouched for)';
      expect((await run(url)).stdout).toBe(`reset odds 24h: ${f.p24}%${mark}\n`);
    });

    it.each([0, 100])('prints the boundary figure p24 = %i', async (p24) => {
      const { url } = await good({ percent: (h) => (h < 24 ? 0 : p24) });
      expect((await run(url)).stdout).toBe(`reset odds 24h: ${p24}%\n`);
    });

    it('marks the figure "not vouched for" when the outlook says available: false, as the pages do (issue 32)', async () => {
      const { url } = await good({ available: false });
      expect(await run(url)).toMatchObject({ stdout: 'reset odds 24h: 14% (not vouched for)\n', stderr: '', code: 0 });
    });

    it.each([
      ['no Codex home', () => undefined],
      ['an empty sessions folder', (h: string) => mkdirSync(join(h, '.codex', 'sessions'), { recursive: true })],
      ['day folders without rollouts', (h: string) => mkdirSync(join(h, '.codex', 'sessions', DAY), { recursive: true })],
      ['a sessions file instead of a folder', (h: string) => writeFileSync(join(mkdirs(h, '.codex'), 'sessions'), 'x')],
    ])('%s', async (_, make) => {
      make(home);
      const { url } = await good();
      expect(await run(url)).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
    });
  });

  describe('with Codex sessions: your two windows beside the public odds', () => {
    it('reads the newest rollout and prints both windows, the chance before the weekly refill by the published rule, and the 24 h odds', async () => {
      session(rollout('current.jsonl'));
      const { url } = await good();
      expect(await run(url)).toMatchObject({ stdout: `${ME} · ${PUBLIC}\n`, stderr: '', code: 0 });
    });

    it('reads CODEX_HOME when it is set', async () => {
      const codexHome = join(home, 'elsewhere');
      mkdirSync(join(codexHome, 'sessions', DAY), { recursive: true });
      writeFileSync(join(codexHome, 'sessions', DAY, NAME), rollout('current.jsonl'));
      const { url } = await good();
      expect((await run(url, { CODEX_HOME: codexHome })).stdout).toBe(`${ME} · ${PUBLIC}\n`);
    });

    it('marks every public figure "not vouched for" when the outlook is not, and never the personal ones', async () => {
      session(rollout('current.jsonl'));
      const { url } = await good({ available: false });
      expect((await run(url)).stdout).toBe(`${ME} · reset before it: 47% (not vouched for) · 24h 14% (not vouched for)\n`);
    });

    it('says nothing of a reset before a weekly refill beyond the outlook (an outlook 100 hours old: the refill is 176.5 h after it)', async () => {
      session(rollout('current.jsonl'));
      const { url } = await good({ ageHours: 100 });
      expect((await run(url)).stdout).toBe(`${ME} · 24h 14%\n`);
    });

    it('prints the personal part alone when the request fails, and never stale public figures', async () => {
      session(rollout('current.jsonl'));
      const s = await good();
      await run(s.url);
      setBack(cacheFile, 30 * MINUTE);
      s.reply = { status: 503, body: '' };
      expect(await run(s.url)).toMatchObject({ stdout: `${ME}\n`, stderr: '', code: 0 });
    });

    it('reads the rollout while a server that never answers holds the request: the personal part alone, exit 0', async () => {
      session(rollout('current.jsonl'));
      const s = await serve(null);
      expect(await run(s.url)).toMatchObject({ stdout: `${ME}\n`, stderr: '', code: 0 });
      await waitFor(() => s.paths.length > 0, { describe: 'the request at the server' });
    });

    it('answers a second call within 10 minutes from the cache, without a request, reading the rollout again', async () => {
      const file = session(rollout('current.jsonl'));
      const s = await good();
      await run(s.url);
      writeFileSync(file, rollout('older.jsonl'));
      expect((await run(s.url)).stdout).toBe(`codex 5h 12% · week 56% (2d 7h) · reset before it: 34% · 24h 14%\n`);
      expect(s.paths).toHaveLength(1);
    });

    it('the newest rollout wins: newest year, month and day folder, then the newest file name', async () => {
      session(rollout('older.jsonl'), NAME, '2026/11/27');
      session(rollout('older.jsonl'), OLDER_NAME);
      session(rollout('current.jsonl'), NAME, '2026/12/01'); // a new month
      session(rollout('older.jsonl'), NAME, '2025/12/31');
      const { url } = await good();
      expect((await run(url)).stdout).toBe(`${ME} · ${PUBLIC}\n`);
    });

    it('walks back over a few empty day folders, across a month, and no further (the walk is bounded)', async () => {
      session(rollout('current.jsonl'), NAME, '2026/11/30');
      mkdirSync(join(home, '.codex', 'sessions', '2026/12/01'), { recursive: true });
      mkdirSync(join(home, '.codex', 'sessions', '2026/12/02'), { recursive: true });
      const { url } = await good();
      expect((await run(url)).stdout).toBe(`${ME} · ${PUBLIC}\n`);
      mkdirSync(join(home, '.codex', 'sessions', '2026/12/03'), { recursive: true }); // now four day folders back
      expect((await run(url)).stdout).toBe('reset odds 24h: 14%\n');
    });
  });

  describe('nothing personal leaves the machine', () => {
    it('the only request is a GET of the public outlook, the same bytes with or without a Codex home', async () => {
      const s = await good();
      await run(s.url);
      session(rollout('current.jsonl'));
      rmSync(cacheHome, { recursive: true });
      expect((await run(s.url)).stdout).toBe(`${ME} · ${PUBLIC}\n`);
      expect(s.requests).toHaveLength(2);
      const [without, withSessions] = s.requests;
      expect(withSessions).toEqual(without);
      const host = new URL(s.url).host;
      expect(withSessions).toEqual({
        method: 'GET',
        url: OUTLOOK_PATH,
        headers: { host, 'user-agent': 'resetcast-statusline/1', accept: 'application/json' },
        body: '',
      });
    });
  });

  describe('bad input: the public part alone, or the personal part without what it cannot trust; never an error', () => {
    it.each([
      [
        'an older shape (resets_in_seconds, no limit_id)',
        'older.jsonl',
        'codex 5h 12% · week 56% (2d 7h) · reset before it: 34% · 24h 14%',
      ],
      [
        'a newer shape (weekly window as primary, a 1440-minute window, extra fields)',
        'newer.jsonl',
        'codex week 64% (1d 3h) · reset before it: 17% · 24h 14%',
      ],
      ['a half-written last line', 'half-written.jsonl', `${ME} · ${PUBLIC}`],
      ['used_percent above 100 in one window', 'out-of-range.jsonl', `codex week 89% (3d 4h) · ${PUBLIC}`],
      ['used_percent outside 0–100 in both windows', 'out-of-range-both.jsonl', 'reset odds 24h: 14%'],
      ['a 5-hour reset in the past and a weekly reset three years ahead', 'resets-past-and-far.jsonl', 'codex week 89% · 24h 14%'],
      ['null percent and window length', 'fields-null.jsonl', 'reset odds 24h: 14%'],
      ['no reset instant, no weekly window', 'fields-missing.jsonl', 'codex 5h 42% · 24h 14%'],
    ])('%s', async (_, fixture, line) => {
      session(rollout(fixture));
      const { url } = await good();
      expect(await run(url)).toMatchObject({ stdout: `${line}\n`, stderr: '', code: 0 });
    });

    it('a rollout last written more than a week ago: both windows have refilled since, no personal part', async () => {
      session(
        rollout('current.jsonl').replace(
          /"timestamp":"[^"]+"/g,
          `"timestamp":"${new Date(Date.now() - 8 * 24 * 3_600_000).toISOString()}"`,
        ),
      );
      const { url } = await good();
      expect((await run(url)).stdout).toBe('reset odds 24h: 14%\n');
    });

    it('a huge rollout: only its tail is read', async () => {
      const content = [{ type: 'output_text', text: 'x'.repeat(1000) }];
      const item = { timestamp: new Date().toISOString(), type: 'response_item', payload: { type: 'message', role: 'assistant', content } };
      const filler = `${JSON.stringify(item)}\n`;
      const body = filler.repeat(16 * 1024); // about 16 MiB
      const [first, ...rest] = rollout('current.jsonl').split('\n');
      const file = session(`${first}\n${body}${rest.join('\n')}`);
      const { url } = await good();
      expect((await run(url)).stdout).toBe(`${ME} · ${PUBLIC}\n`);
      // The same usage written only at its start, 16 MiB before its end: beyond the tail, so not read.
      writeFileSync(file, `${rollout('current.jsonl')}${body}`);
      expect((await run(url)).stdout).toBe('reset odds 24h: 14%\n');
    });

    it('a compressed rollout is read with zstd when it is the newest', async () => {
      session(rollout('older.jsonl'), OLDER_NAME);
      const plain = session(rollout('current.jsonl'));
      expect(spawnSync('zstd', ['-q', '--rm', plain]).status).toBe(0);
      const { url } = await good();
      expect((await run(url)).stdout).toBe(`${ME} · ${PUBLIC}\n`);
    });

    it('without zstd a compressed rollout is skipped for the newest plain one, or for none', async () => {
      session(rollout('older.jsonl'), OLDER_NAME);
      const plain = session(rollout('current.jsonl'));
      expect(spawnSync('zstd', ['-q', '--rm', plain]).status).toBe(0);
      const { url } = await good();
      const bin = pathWithoutZstd(home);
      expect((await run(url, { PATH: bin })).stdout).toBe('codex 5h 12% · week 56% (2d 7h) · reset before it: 34% · 24h 14%\n');
      rmSync(join(home, '.codex', 'sessions', DAY, OLDER_NAME));
      expect(await run(url, { PATH: bin })).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
    });

    it('a file that is not zstd, named .jsonl.zst: no personal part, no error', async () => {
      session(rollout('current.jsonl'), `${NAME}.zst`);
      const { url } = await good();
      expect(await run(url)).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
    });

    it('symlink loops: a looping day folder and a rollout linked to itself are passed over', async () => {
      const dayDir = dirname(session(rollout('current.jsonl'), OLDER_NAME));
      symlinkSync('.', join(home, '.codex', 'sessions', '2026/11/29')); // 29 → the month folder itself
      symlinkSync(NAME, join(dayDir, NAME)); // the newest name, pointing at itself
      const { url } = await good();
      expect(await run(url)).toMatchObject({ stdout: `${ME} · ${PUBLIC}\n`, stderr: '', code: 0 });
      rmSync(join(dayDir, OLDER_NAME));
      expect(await run(url)).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
    });

    it('unreadable permissions (run as nobody): a rollout or a sessions folder it may not read is passed over', async () => {
      const file = session(rollout('current.jsonl'));
      // Let nobody through the temporary home and write its cache; the rollout itself stays root's alone.
      for (const d of [
        home,
        join(home, '.codex'),
        join(home, '.codex', 'sessions'),
        ...['2026', '2026/11', DAY].map((x) => join(home, '.codex', 'sessions', x)),
      ])
        chmodSync(d, 0o755);
      mkdirSync(cacheHome, { mode: 0o777 });
      chmodSync(cacheHome, 0o777);
      chmodSync(file, 0o600);
      const { url } = await good();
      const asNobody = (): Promise<Run> =>
        runCommand(
          [
            'runuser',
            '-u',
            'nobody',
            '--',
            'env',
            `PATH=${PATH}`,
            `HOME=${home}`,
            `XDG_CACHE_HOME=${cacheHome}`,
            `RESETCAST_URL=${url}`,
            shell,
            SCRIPT,
          ],
          {},
        );
      expect(await asNobody()).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
      chmodSync(file, 0o644);
      expect((await asNobody()).stdout).toBe(`${ME} · ${PUBLIC}\n`); // the same home, now readable: it was the permission
      chmodSync(join(home, '.codex', 'sessions'), 0o700);
      expect(await asNobody()).toMatchObject({ stdout: 'reset odds 24h: 14%\n', stderr: '', code: 0 });
    });
  });

  describe('the public part', () => {
    it('refreshes a cache older than 10 minutes, atomically replacing it', async () => {
      const s = await good();
      await run(s.url);
      s.reply = { status: 200, body: pretty(outlook({ percent: (h) => Math.min(100, h) })) };
      setBack(cacheFile, 10 * MINUTE + 30_000);
      const stale = statSync(cacheFile).mtimeMs;
      expect((await run(s.url)).stdout).toBe('reset odds 24h: 24%\n');
      expect(s.paths).toHaveLength(2);
      expect(statSync(cacheFile).mtimeMs).toBeGreaterThan(stale); // written by this run (the old one was set back 10.5 minutes)
    });

    it('answers from a cache younger than 10 minutes without a request', async () => {
      const s = await good();
      await run(s.url);
      s.reply = { status: 200, body: pretty(outlook({ percent: (h) => Math.min(100, h) })) };
      setBack(cacheFile, 9 * MINUTE + 30_000); // 9.5 minutes old: still fresh
      expect((await run(s.url)).stdout).toBe('reset odds 24h: 14%\n');
      expect(s.paths).toHaveLength(1);
    });

    it('refetches when a fresh cache file is not a usable outlook', async () => {
      const s = await good();
      mkdirSync(join(cacheHome, 'resetcast'), { recursive: true });
      writeFileSync(cacheFile, '{"available": true, "points": [{"hours": 24'); // truncated by a crash or an editor
      expect((await run(s.url)).stdout).toBe('reset odds 24h: 14%\n');
      expect(s.paths).toHaveLength(1);
    });

    it('gives up on a server that never answers: no figure, exit 0', async () => {
      const s = await serve(null);
      // The server holds the request open for good: the script ends only because its own timeout gives up.
      expect(await run(s.url)).toMatchObject({ stdout: '', stderr: '', code: 0 });
      await waitFor(() => s.paths.length > 0, { describe: 'the request at the server' });
      expect(s.paths).toHaveLength(1);
      expect(existsSync(cacheFile)).toBe(false);
    });

    it('prints nothing when nothing listens on the port', async () => {
      const s = await serve(null);
      await s.close();
      expect(await run(s.url)).toMatchObject({ stdout: '', stderr: '', code: 0 });
    });

    const body = outlook();
    const points = body['points'] as Array<Record<string, unknown>>;
    const withPoint24 = (change: Record<string, unknown>): string =>
      pretty({ ...body, points: points.map((x) => (x['hours'] === 24 ? { ...x, ...change } : x)) });
    it.each<[string, Reply]>([
      ['a 500 (even with an outlook body)', { status: 500, body: pretty(outlook()) }],
      ['a 404', { status: 404, body: 'Not Found' }],
      ['an HTML page', { status: 200, body: '<!doctype html><p>"available":true,"percent": 80,</p>' }],
      ['an empty body', { status: 200, body: '' }],
      ['a truncated body', { status: 200, body: pretty(outlook()).slice(0, 2000) }],
      ['a body without available', { status: 200, body: pretty({ ...body, available: undefined }) }],
      ['available as a string', { status: 200, body: pretty({ ...body, available: 'true' }) }],
      ['another rule', { status: 200, body: pretty({ ...body, rule: 'linear' }) }],
      ['no points', { status: 200, body: pretty({ ...body, points: [] }) }],
      ['no 24-hour point', { status: 200, body: pretty({ ...body, points: points.filter((x) => x['hours'] !== 24) }) }],
      ['a percent as a string', { status: 200, body: withPoint24({ percent: '80' }) }],
      ['a percent above 100', { status: 200, body: withPoint24({ percent: 101 }) }],
      ['a negative percent', { status: 200, body: withPoint24({ percent: -1 }) }],
      ['a fractional percent', { status: 200, body: withPoint24({ percent: 15.5 }) }],
      ['a percent null', { status: 200, body: withPoint24({ percent: null }) }],
      ['an until that is not a timestamp', { status: 200, body: withPoint24({ until: 'tomorrow' }) }],
      ['a JSON array', { status: 200, body: `[${JSON.stringify(body)}]` }],
    ])('%s: no figure, and the old cache is left untouched', async (_, reply) => {
      const stale = pretty(outlook({ percent: () => 5 }));
      mkdirSync(join(cacheHome, 'resetcast'), { recursive: true });
      writeFileSync(cacheFile, stale);
      setBack(cacheFile, 30 * MINUTE);
      const mtimeBefore = statSync(cacheFile).mtimeMs;
      const s = await serve(reply);
      expect(await run(s.url)).toMatchObject({ stdout: '', stderr: '', code: 0 });
      expect(s.paths).toHaveLength(1);
      expect(readFileSync(cacheFile, 'utf8')).toBe(stale);
      expect(statSync(cacheFile).mtimeMs).toBe(mtimeBefore);
    });

    it('after a failure waits a minute before asking again, then recovers', async () => {
      const s = await serve({ status: 503, body: '' });
      await run(s.url);
      s.reply = { status: 200, body: pretty(outlook()) };
      expect((await run(s.url)).stdout).toBe(''); // within the minute: no request
      expect(s.paths).toHaveLength(1);
      setBack(join(cacheHome, 'resetcast', 'last-failure'), MINUTE + 5_000);
      expect((await run(s.url)).stdout).toBe('reset odds 24h: 14%\n');
      expect(s.paths).toHaveLength(2);
      expect(existsSync(join(cacheHome, 'resetcast', 'last-failure'))).toBe(false);
    });

    it.each([
      ['XDG_CACHE_HOME when it is absolute', (h: string) => join(h, 'xdg-cache'), (h: string) => join(h, 'xdg-cache')],
      ['~/.cache when XDG_CACHE_HOME is empty', () => '', (h: string) => join(h, '.cache')],
      ['~/.cache when XDG_CACHE_HOME is relative (the XDG spec says ignore it)', () => 'rel/cache', (h: string) => join(h, '.cache')],
    ])('caches under %s', async (_, xdg, root) => {
      const reply = pretty(outlook());
      const { url } = await serve({ status: 200, body: reply });
      await run(url, { XDG_CACHE_HOME: xdg(home) });
      expect(readFileSync(join(root(home), 'resetcast', 'hourly-outlook.json'), 'utf8')).toBe(reply);
    });

    it('reads RESETCAST_URL, including a path prefix and a trailing slash', async () => {
      const { url, paths } = await good();
      expect((await run(`${url}/mirror/`)).stdout).toBe('reset odds 24h: 14%\n');
      expect(paths).toEqual([`/mirror${OUTLOOK_PATH}`]);
    });
  });
});

/** `mkdir -p` of `parts` under `root`, returning the folder. */
function mkdirs(root: string, ...parts: string[]): string {
  const d = join(root, ...parts);
  mkdirSync(d, { recursive: true });
  return d;
}

/**
 * The wiring of docs/statusline.md, run for real: the snippets as the developers page shows them, with
 * the script installed where the install snippet puts it, in a temporary home with a Codex session.
 */
describe('where people work: the documented wiring shows the line', () => {
  const snippets = statuslineSnippets(SITE.url);
  let home: string;
  let server: Server;
  let env: Record<string, string>;
  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'resetcast-wiring-'));
    const bin = mkdirs(home, '.local', 'bin');
    writeFileSync(join(bin, 'resetcast-statusline'), readFileSync(SCRIPT));
    chmodSync(join(bin, 'resetcast-statusline'), 0o755);
    writeFileSync(join(mkdirs(home, '.codex', 'sessions', DAY), NAME), rollout('current.jsonl'));
    server = await startServer({ status: 200, body: pretty(outlook()) });
    env = { HOME: home, RESETCAST_URL: server.url, LANG: 'C.UTF-8' };
  });
  afterEach(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });
  const line = `${ME} · ${PUBLIC}`;

  it("Claude Code's statusLine: the command, given session JSON on stdin, prints the line first", async () => {
    const settings = JSON.parse(snippets.claude.code) as { statusLine: { command: string } };
    const session = JSON.stringify({ session_id: 'abc', model: { display_name: 'Opus' }, workspace: { current_dir: home } });
    const r = await runCommand(['sh', '-c', settings.statusLine.command], env, session);
    expect(r).toMatchObject({ stdout: `${line}\n`, stderr: '', code: 0 });
  });

  it.skipIf(!which('zsh'))('zsh: the precmd hook puts it in RPROMPT, "%" doubled, and the prompt shows it', async () => {
    const zshrc = join(home, '.zshrc');
    writeFileSync(zshrc, `${snippets.zsh.code}\n`);
    // An interactive zsh reads ~/.zshrc; precmd runs before the prompt, as it does at every prompt.
    const r = await runCommand(['zsh', '-f', '-c', `source ${zshrc}; resetcast_precmd; print -rP -- "$RPROMPT"`], env);
    expect(r).toMatchObject({ stdout: `${line}\n`, code: 0 });
  });

  it.skipIf(!which('tmux') || !which('script'))('tmux: the status bar of a real client shows it', async () => {
    const conf = join(home, '.tmux.conf');
    writeFileSync(conf, `${snippets.tmux.code.replace('set -g status-interval 60', 'set -g status-interval 1')}\n`);
    const socket = `resetcast-${process.pid}-${Date.now()}`;
    const tmux = (...args: string[]): Promise<Run> => runCommand(['tmux', '-L', socket, '-f', conf, ...args], { ...env, TERM: 'xterm' });
    const screen = join(home, 'screen.out');
    await tmux('new-session', '-d', '-x', '160', '-y', '10');
    // A client in a pseudo-terminal (script(1)) draws the status bar, as a terminal would. Its stdin stays
    // open: at end of input script(1) types ^D, which would end the pane's shell and with it the session.
    const client = spawn('script', ['-qfc', `tmux -L ${socket} attach`, screen], {
      env: { PATH, ...env, TERM: 'xterm' },
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    const exited = new Promise<void>((done) => client.on('close', () => done()));
    try {
      await waitFor(() => existsSync(screen) && readFileSync(screen, 'utf8').includes(line), {
        describe: 'the status line on the tmux client',
        seen: () => (existsSync(screen) ? readFileSync(screen, 'utf8').slice(-400) : ''),
      });
    } finally {
      await tmux('kill-server');
      client.stdin?.end();
      client.kill();
      await exited; // nothing of the test left running
    }
  });

  it('starship: the custom module runs the script under sh and waits long enough for it', () => {
    // starship is not packaged for Debian, so this checks the module against the script instead of running it.
    expect(snippets.starship.code).toContain(`command = "${STATUSLINE_BIN}"`);
    expect(snippets.starship.code).toContain('shell = ["sh"]');
  });
});

describe('statusline.sh source', () => {
  it('defaults to the site URL of src/core/site.ts', () => {
    const match = /^RESETCAST_DEFAULT_URL='([^']+)'$/m.exec(readFileSync(SCRIPT, 'utf8'));
    expect(match?.[1]).toBe(SITE.url);
  });
  it('is served verbatim at /statusline.sh as text', async () => {
    const res = servedScript();
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(readFileSync(SCRIPT, 'utf8'));
  });
});
