/**
 * Expiry reminders through the real broadcast and ledger: a sent-log written when a grant had one
 * reminder (24 h before expiry, id `grant-expiring:<grant id>`, already sent), imported into the ledger
 * as the senders import it (once per database), keeps it sent; the 5 h and 1 h reminders added later go out
 * once each, at their time, to a local server that answers as ntfy does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deriveAlerts } from '../../../../src/core/alerts/derive.ts';
import { parseDataset } from '../../../../src/core/dataset/index.ts';
import { broadcast } from '../../../../src/jobs/broadcast/broadcast.ts';
import { importRetired, retiredRows } from '../../../../src/jobs/broadcast/retired-log.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import { miniTexts } from '../../../support/mini-data.ts';
import { startServer, type FixtureServer } from '../../../support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi } from '../../../support/outlet-servers.ts';
import { httpDeps } from '../../../support/pull-env.ts';

const BASE = 'https://resetcast.netlify.app';
const TAG = 'tag:resetcast.netlify.app,2026:alert:';
/** ntfy's record of the 24 h reminder of the launch grant (expiring 2026-07-12T00:11:11Z), sent at 00:37:40 the day before. */
const SENT_24H = readFileSync(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'sent-log', 'expiry-24h-sent.json'), 'utf8');

let server: FixtureServer | undefined;
let l: TestLedger | undefined;
afterEach(async () => {
  await Promise.all([server?.close(), l?.close()]);
  server = undefined;
  l = undefined;
});

const alertsAt = (now: Date) => deriveAlerts(parseDataset(miniTexts(), now), now, BASE);

describe('expiry reminders and the ledger', () => {
  it('never resends the 24 h reminder already sent; sends the 5 h one at 3 h before expiry and the 1 h one at 30 min, once each', async () => {
    [server, l] = await Promise.all([startServer(ntfyApi()), testLedger()]);
    const ledger = l.ledger;
    const urls = { ntfy: `${server.url}/${NTFY_TOPIC}` };
    const titles = (): string[] => server!.requests.map((q) => String(JSON.parse(q.body).title));

    // 3 h before expiry (2026-07-11T21:11:11Z): the 24 h and 5 h reminders exist; only the 5 h one is new.
    const threeHours = new Date('2026-07-11T21:11:11Z');
    expect(await importRetired(l.db.sql, retiredRows(SENT_24H, threeHours))).toEqual({ imported: true, written: 1 });
    await broadcast({ alerts: alertsAt(threeHours), ledger, urls, http: httpDeps([], threeHours), now: threeHours });
    expect(titles()).toEqual(['Banked Codex reset expires within 5 hours (Go + Plus + Pro + Business)']);
    const rows = await ledger.deliveries('ntfy', [`${TAG}grant-expiring:2026-06-12-launch`, `${TAG}grant-expiring:2026-06-12-launch:5h`]);
    expect([...rows.values()].map((r) => [r.alert_id, r.state, r.uncertain_attempts]).sort()).toEqual([
      [`${TAG}grant-expiring:2026-06-12-launch`, 'sent', 0],
      [`${TAG}grant-expiring:2026-06-12-launch:5h`, 'sent', 1],
    ]);

    // 30 min before expiry: the 1 h reminder is new; the other two were sent.
    const halfHour = new Date('2026-07-11T23:41:11Z');
    await broadcast({ alerts: alertsAt(halfHour), ledger, urls, http: httpDeps([], halfHour), now: halfHour });
    expect(titles().slice(1)).toEqual(['Banked Codex reset expires within 1 hour (Go + Plus + Pro + Business)']);

    // Again at the same clock, and after expiry: nothing more.
    await broadcast({ alerts: alertsAt(halfHour), ledger, urls, http: httpDeps([], halfHour), now: halfHour });
    const after = new Date('2026-07-12T00:41:11Z');
    await broadcast({ alerts: alertsAt(after), ledger, urls, http: httpDeps([], after), now: after });
    expect(server.requests).toHaveLength(2);
  });
});
