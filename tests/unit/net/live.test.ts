/** The HTTP dependencies of a real run (src/net/live.ts), and the commands' (scripts/lib/http.ts) built from them. */
import { describe, expect, it } from 'vitest';
import { commandHttp } from '../../../scripts/lib/http.ts';
import { liveHttp } from '../../../src/net/live.ts';

describe('liveHttp', () => {
  it('is the real fetch with the shared budget (docs/pull.md) and the project User-Agent', () => {
    const deps = liveHttp();
    expect(deps.fetch).toBe(globalThis.fetch);
    expect({ timeoutMs: deps.timeoutMs, retries: deps.retries, backoffMs: deps.backoffMs, maxRetryAfterMs: deps.maxRetryAfterMs }).toEqual({
      timeoutMs: 10_000,
      retries: 2,
      backoffMs: 1_000,
      maxRetryAfterMs: 20_000,
    });
    expect(deps.userAgent).toMatch(/^Resetcast\/\S+ \(\+https:\/\/\S+\)$/);
    expect(deps.deadline).toBeUndefined();
  });

  it('takes a clock, a timeout and a deadline, and keeps the rest', () => {
    const frozen = (): Date => new Date('2026-11-20T12:00:00Z');
    const deps = liveHttp({ now: frozen, timeoutMs: 60_000, deadline: 1_795_600_000_000 });
    expect(deps.now()).toEqual(new Date('2026-11-20T12:00:00Z'));
    expect(deps.timeoutMs).toBe(60_000);
    expect(deps.deadline).toBe(1_795_600_000_000);
    expect(deps.retries).toBe(2);
  });

  it('the commands read RESETCAST_HTTP_TIMEOUT_MS, and run on whole seconds', () => {
    expect(commandHttp({}).timeoutMs).toBe(10_000);
    const deps = commandHttp({ RESETCAST_HTTP_TIMEOUT_MS: '250' });
    expect(deps.timeoutMs).toBe(250);
    expect(deps.now().getMilliseconds()).toBe(0);
    expect(deps.userAgent).toBe(liveHttp().userAgent);
  });
});
