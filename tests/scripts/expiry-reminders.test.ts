/**
 * Expiry reminders through the real broadcast: a sent-log written when a grant had one reminder (24 h
 * before expiry, id `grant-expiring:<grant id>`, already sent) keeps it sent; the 5 h and 1 h reminders
 * added later go out once each, at their time, to a local server that answers as ntfy does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveAlerts } from '../../src/core/alerts/derive.ts';
import { parseDataset } from '../../src/core/dataset/index.ts';
import { broadcast } from '../../src/jobs/broadcast/broadcast.ts';
import { miniTexts } from '../support/mini-data.ts';
import { startServer, type FixtureServer } from './support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi } from './support/outlet-servers.ts';
import { httpDeps } from './support/pull-env.ts';

const BASE = 'https://resetcast.netlify.app';
const TAG = 'tag:resetcast.netlify.app,2026:alert:';
/** ntfy's record of the 24 h reminder of the launch grant (expiring 2026-07-12T00:11:11Z), sent at 00:37:40 the day before. */
const SENT_24H = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'sent-log', 'expiry-24h-sent.json'), 'utf8');

let server: FixtureServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const alertsAt = (now: Date) => deriveAlerts(parseDataset(miniTexts(), now), now, BASE);
const records = (log: string): { id: string; state: string; attempts: number }[] => JSON.parse(log).outlets.find((o: { name: string }) => o.name === 'ntfy').sent;

describe('expiry reminders and the sent-log', () => {
  it('never resends the 24 h reminder already sent; sends the 5 h one at 3 h before expiry and the 1 h one at 30 min, once each', async () => {
    server = await startServer(ntfyApi());
    const urls = { ntfy: `${server.url}/${NTFY_TOPIC}` };
    const titles = (): string[] => server!.requests.map((q) => String(JSON.parse(q.body).title));

    // 3 h before expiry (2026-07-11T21:11:11Z): the 24 h and 5 h reminders exist; only the 5 h one is new.
    const threeHours = new Date('2026-07-11T21:11:11Z');
    const first = await broadcast({ alerts: alertsAt(threeHours), sentLogText: SENT_24H, urls, http: httpDeps([], threeHours), now: threeHours });
    expect(titles()).toEqual(['Banked Codex reset expires within 5 hours (Go + Plus + Pro + Business)']);
    expect(records(first.sentLog).map((s) => [s.id, s.state, s.attempts])).toEqual([
      [`${TAG}grant-expiring:2026-06-12-launch`, 'sent', 1],
      [`${TAG}grant-expiring:2026-06-12-launch:5h`, 'sent', 1],
    ]);

    // 30 min before expiry: the 1 h reminder is new; the other two were sent.
    const halfHour = new Date('2026-07-11T23:41:11Z');
    const second = await broadcast({ alerts: alertsAt(halfHour), sentLogText: first.sentLog, urls, http: httpDeps([], halfHour), now: halfHour });
    expect(titles().slice(1)).toEqual(['Banked Codex reset expires within 1 hour (Go + Plus + Pro + Business)']);

    // Again at the same clock, and after expiry: nothing more.
    await broadcast({ alerts: alertsAt(halfHour), sentLogText: second.sentLog, urls, http: httpDeps([], halfHour), now: halfHour });
    const after = new Date('2026-07-12T00:41:11Z');
    await broadcast({ alerts: alertsAt(after), sentLogText: second.sentLog, urls, http: httpDeps([], after), now: after });
    expect(server.requests).toHaveLength(2);
  });
});
