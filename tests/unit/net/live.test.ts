/**
 * The HTTP dependencies of a real run (src/net/live.ts), and the commands' (scripts/lib/http.ts) built
 * from them: the budget they carry is the one docs/pull.md states (read from the doc, not restated), and a
 * real request to a server on 127.0.0.1 goes out with the project's User-Agent.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandHttp } from '../../../scripts/lib/http.ts';
import { SITE } from '../../../src/core/site.ts';
import { getJson } from '../../../src/net/http.ts';
import { liveHttp } from '../../../src/net/live.ts';

/** The request budget as docs/pull.md words it: "a 10 s timeout, up to 2 retries with backoff (1 s, 2 s) … up to 20 s". */
function documentedBudget(): { timeoutMs: number; retries: number; backoffMs: number; maxRetryAfterMs: number } {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/pull.md'), 'utf8').replace(/\s+/g, ' ');
  const m = /Every request has a (\d+) s timeout, up to (\d+) retries with backoff \((\d+) s, (\d+) s\).*?up to (\d+) s/.exec(doc);
  expect(m, 'docs/pull.md states the request budget').not.toBeNull();
  const [, timeout, retries, first, second, retryAfter] = m!.map(Number);
  // The backoff doubles: the doc's second wait is twice its first.
  expect(second).toBe(2 * first!);
  return { timeoutMs: timeout! * 1000, retries: retries!, backoffMs: first! * 1000, maxRetryAfterMs: retryAfter! * 1000 };
}

describe('liveHttp', () => {
  it('is the real fetch with the budget docs/pull.md states', () => {
    const deps = liveHttp();
    expect(deps.fetch).toBe(globalThis.fetch);
    const { timeoutMs, retries, backoffMs, maxRetryAfterMs } = deps;
    expect({ timeoutMs, retries, backoffMs, maxRetryAfterMs }).toEqual(documentedBudget());
    expect(deps.deadline).toBeUndefined();
  });

  it('sends the project User-Agent (its name, and its contact URL) on a real request', async () => {
    const seen: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers['user-agent']);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await getJson(liveHttp(), `http://127.0.0.1:${port}/`, { maxBytes: 1024 });
      expect(answer.body).toEqual({ ok: true });
    } finally {
      server.close();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(new RegExp(`^${SITE.name}/\\S+ \\(\\+https://\\S+\\)$`));
    expect(seen[0]).toContain(SITE.contact);
  });

  it('takes a clock, a timeout and a deadline, and keeps the rest', () => {
    const frozen = (): Date => new Date('2026-11-20T12:00:00Z');
    const deps = liveHttp({ now: frozen, timeoutMs: 60_000, deadline: 1_795_600_000_000 });
    expect(deps.now()).toEqual(new Date('2026-11-20T12:00:00Z'));
    expect(deps.timeoutMs).toBe(60_000);
    expect(deps.deadline).toBe(1_795_600_000_000);
    expect(deps.retries).toBe(documentedBudget().retries);
  });

  it('the commands read RESETCAST_HTTP_TIMEOUT_MS, and run on whole seconds', () => {
    expect(commandHttp({}).timeoutMs).toBe(documentedBudget().timeoutMs);
    const deps = commandHttp({ RESETCAST_HTTP_TIMEOUT_MS: '250' });
    expect(deps.timeoutMs).toBe(250);
    expect(deps.now().getMilliseconds()).toBe(0);
    expect(deps.userAgent).toBe(liveHttp().userAgent);
  });
});
