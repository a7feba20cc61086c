/** `npm run pull` itself, as a child process: no network, exit codes, idempotence, invalid data/. */
import { runNode } from '../support/run-node.ts';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, startServer, FIXTURES, type FixtureServer } from '../support/fixture-server.ts';
import { DEAD, loadDir, read, readJson, tempData } from '../support/pull-env.ts';

let server: FixtureServer | undefined;
afterEach(async () => server?.close());

const EPOCH = String(Date.parse('2026-11-20T12:00:00Z') / 1000);

/** Async, so the fixture server in this process can answer the child. */
function pull(dir: string, env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return runNode(['scripts/pull.ts'], {
    PATH: process.env['PATH'] ?? '',
    RESETCAST_DATA_DIR: dir,
    SOURCE_DATE_EPOCH: EPOCH,
    RESETCAST_STATUS_BASE: DEAD,
    RESETCAST_GITHUB_API: DEAD,
    RESETCAST_X_API: DEAD,
    ...env,
  });
}

describe('npm run pull', () => {
  it('with every host unreachable: exits 1, says which sources failed, leaves data/ valid', async () => {
    const dir = tempData();
    const events = read(dir, 'events.json');
    const { code, out } = await pull(dir, {});
    expect(code).toBe(1);
    expect(out).toMatch(/^❌ status: summary\.json: fetch failed .*; widget: fetch failed/m);
    expect(out).toMatch(/^❌ issues: fetch failed/m);
    expect(out).toMatch(/^⏭️ x: skipped \(X_BEARER_TOKEN not set\)$/m);
    expect(read(dir, 'events.json')).toBe(events);
    expect(readJson(dir, 'signals.json').fetched_at).toBe('2026-11-20T12:00:00Z');
    expect(() => loadDir(dir)).not.toThrow();
    expect(read(dir, 'forecast-log.jsonl').trim().split('\n')).toHaveLength(1);
  });

  it('with every source answering: exits 0; a second run at the same instant changes nothing', async () => {
    const dir = tempData();
    cpSync(join(FIXTURES, 'x', 'pull-state.json'), join(dir, 'pull-state.json'));
    server = await startServer((u, n) => {
      if (u.pathname === '/api/v2/summary.json') return json('status/summary.json');
      if (u.pathname === '/search/issues') return json(n % 2 === 0 ? 'issues/search-recent.json' : 'issues/search-baseline.json');
      if (u.pathname.startsWith('/repos/openai/codex/issues')) return json('github/empty.json');
      if (u.pathname === '/2/users/by') return json('x/users.json');
      return u.pathname.startsWith('/2/users/') ? json('x/empty.json') : undefined;
    });
    const env = { RESETCAST_STATUS_BASE: server.url, RESETCAST_GITHUB_API: server.url, RESETCAST_X_API: server.url, X_BEARER_TOKEN: 't' };
    const first = await pull(dir, env);
    expect(first.out).toMatch(/^✅ status: /m);
    expect(first.out).toMatch(/^✅ issues: 7 new/m);
    expect(first.out).toMatch(/^✅ x: 0 new event\(s\), 0 for review$/m);
    expect(first.out).toMatch(/^✅ staff: 0 staff post\(s\) for review$/m);
    expect(first.code).toBe(0);
    const snapshot = ['events.json', 'signals.json', 'pull-state.json', 'signals-history.jsonl', 'forecast-log.jsonl'].map((f) =>
      read(dir, f),
    );
    const second = await pull(dir, env);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/^no changes$/m);
    expect(
      ['events.json', 'signals.json', 'pull-state.json', 'signals-history.jsonl', 'forecast-log.jsonl'].map((f) => read(dir, f)),
    ).toEqual(snapshot);
  });

  it('refuses to pull onto invalid data/: exits 2 and writes nothing', async () => {
    const dir = tempData();
    writeFileSync(join(dir, 'signals.json'), '{"fetched_at": ');
    const { code, out } = await pull(dir, {});
    expect(code).toBe(2);
    expect(out).toMatch(/data\/signals\.json: not valid JSON/);
    expect(read(dir, 'signals.json')).toBe('{"fetched_at": ');
    expect(() => read(dir, 'forecast-log.jsonl')).toThrow();
  });

  it('refuses a pull state that fails its schema as invalid data/, naming the record and field', async () => {
    const dir = tempData();
    const state = '{"x": {"OpenAI": {"user_id": 5, "since_id": null}}}';
    writeFileSync(join(dir, 'pull-state.json'), state);
    const { code, out } = await pull(dir, {});
    expect(code).toBe(2);
    expect(out).toMatch(/^pull refused: data\/ is invalid, nothing written$/m);
    expect(out).toMatch(/data\/pull-state\.json: \(top level\): field 'x\.OpenAI\.user_id': /);
    expect(read(dir, 'pull-state.json')).toBe(state);
  });
});
