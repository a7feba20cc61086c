/**
 * One sent-log for two senders, in the real local Netlify Blobs server: two broadcasts of the same
 * alerts at once send each alert to each outlet once; a sender that died after sending leaves a claim
 * that nobody resends within its lease and that is resent once after it; a store that cannot be reached
 * sends nothing. Requests are counted on the outlets' side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { broadcast } from '../../src/jobs/broadcast/broadcast.ts';
import { blobTextStore, CLAIM_LEASE_MS, sharedSentLog } from '../../src/jobs/broadcast/shared-log.ts';
import type { Alert } from '../../src/core/schema/index.ts';
import { startServer, type FixtureServer } from './support/fixture-server.ts';
import { NTFY_TOPIC, ntfyApi, SLACK_PATH, slackApi } from './support/outlet-servers.ts';
import { startBlobs, type LocalBlobs } from './support/blobs.ts';
import { httpDeps, NOW } from './support/pull-env.ts';
import { reset } from './support/alerts.ts';

let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((c) => c()));
  closers = [];
});


async function setup(): Promise<{ blobs: LocalBlobs; ntfy: FixtureServer; slack: FixtureServer; urls: { ntfy: string; slack: string } }> {
  const [blobs, ntfy, slack] = await Promise.all([startBlobs(), startServer(ntfyApi()), startServer(slackApi())]);
  closers.push(blobs.close, ntfy.close, slack.close);
  return { blobs, ntfy, slack, urls: { ntfy: `${ntfy.url}/${NTFY_TOPIC}`, slack: `${slack.url}${SLACK_PATH}` } };
}

/** One sender: reads the shared log, broadcasts with claims, folds its result back. */
async function send(blobs: LocalBlobs, alerts: Alert[], urls: Record<string, string>, now = NOW): Promise<{ lines: string[]; refused: string[]; stored: string }> {
  const shared = sharedSentLog(blobTextStore(blobs.store('resetcast')), now);
  const result = await broadcast({ alerts, sentLogText: await shared.load(), urls, http: httpDeps([], now), now, checkpoint: (view, attempt) => shared.claim(view, attempt) });
  return { lines: result.lines, refused: shared.refused, stored: await shared.finish(result.sentLog) };
}
const titles = (s: FixtureServer, field: 'title' | 'text'): string[] => s.requests.map((q) => String(JSON.parse(q.body)[field]).match(/#(\d+)/)![1]!).sort();
const states = (log: string, outlet: string): string[] =>
  (JSON.parse(log) as { outlets: { name: string; sent: { id: string; state: string; attempts: number }[] }[] }).outlets.find((o) => o.name === outlet)!.sent.map((s) => `#${Number(s.id.slice(-3))} ${s.state} ${s.attempts}`);

describe('two senders, one shared sent-log', () => {
  it('four broadcasts of the same three alerts at once: each outlet gets each alert exactly once', async () => {
    const { blobs, ntfy, slack, urls } = await setup();
    const alerts = [reset(1, 3), reset(2, 2), reset(3, 1)];
    const runs = await Promise.all([1, 2, 3, 4].map(() => send(blobs, alerts, urls)));
    expect(titles(ntfy, 'title')).toEqual(['1', '2', '3']);
    expect(titles(slack, 'text')).toEqual(['1', '2', '3']);
    // Whatever the interleaving, the alerts not sent by one sender were held by another (4 senders × 2 outlets × 3 alerts = 24 decisions, 6 sends).
    expect(runs.flatMap((r) => r.refused)).toHaveLength(18);
    const final = runs.map((r) => r.stored).at(-1)!;
    const stored = (await blobs.store('resetcast').get('sent-log.json', { type: 'text' }))!;
    expect(states(stored, 'ntfy')).toEqual(['#1 sent 1', '#2 sent 1', '#3 sent 1']);
    expect(states(stored, 'slack')).toEqual(['#1 sent 1', '#2 sent 1', '#3 sent 1']);
    expect(states(final, 'ntfy')).toHaveLength(3);
  });

  it('a sender that died after sending: its claim holds the others off for the lease, then the alert is resent once, never again', async () => {
    const { blobs, ntfy, urls } = await setup();
    const alerts = [reset(1, 1)];
    // The sender claims and sends, then dies before recording how it went: only the claim is stored.
    const dying = sharedSentLog(blobTextStore(blobs.store('resetcast')), NOW);
    await broadcast({ alerts, sentLogText: await dying.load(), urls: { ntfy: urls.ntfy }, http: httpDeps(), now: NOW, checkpoint: (v, a) => dying.claim(v, a) });
    expect(states((await blobs.store('resetcast').get('sent-log.json', { type: 'text' }))!, 'ntfy')).toEqual(['#1 uncertain 1']);
    expect(ntfy.requests).toHaveLength(1);

    // A minute later another sender finds the claim within its lease: it sends nothing.
    const soon = await send(blobs, alerts, { ntfy: urls.ntfy }, new Date(NOW.getTime() + 60_000));
    expect(ntfy.requests).toHaveLength(1);
    expect(soon.refused).toEqual(['ntfy: reset:2123700000000000001 held by another sender (its claim is under 2 minutes old) at 2026-11-20T12:01:00Z']);
    expect(soon.lines).toEqual(['✅ ntfy: nothing new to send; 1 held by another sender', '⏭️ discord: skipped (DISCORD_WEBHOOK_URL not set)', '⏭️ slack: skipped (SLACK_WEBHOOK_URL not set)', '⏭️ telegram: skipped (TELEGRAM_BOT_TOKEN not set)']);

    // Past the lease it is a send that may have arrived: resent once (ntfy: same sequence_id), then final.
    const later = new Date(NOW.getTime() + CLAIM_LEASE_MS + 1000);
    await send(blobs, alerts, { ntfy: urls.ntfy }, later);
    const again = await send(blobs, alerts, { ntfy: urls.ntfy }, new Date(later.getTime() + CLAIM_LEASE_MS));
    expect(ntfy.requests).toHaveLength(2);
    expect(JSON.parse(ntfy.requests[1]!.body).sequence_id).toBe(JSON.parse(ntfy.requests[0]!.body).sequence_id);
    expect(states(again.stored, 'ntfy')).toEqual(['#1 sent 2']);
  });

  it('the store unavailable: nothing is sent that was not claimed first, one reason per outlet, and the alerts stay pending', async () => {
    const { blobs, ntfy, slack, urls } = await setup();
    const shared = sharedSentLog(blobTextStore(blobs.store('resetcast')), NOW);
    const text = await shared.load();
    blobs.down(true);
    const result = await broadcast({ alerts: [reset(1, 1)], sentLogText: text, urls, http: httpDeps(), now: NOW, checkpoint: (v, a) => shared.claim(v, a) });
    expect(ntfy.requests.length + slack.requests.length).toBe(0);
    expect(result.lines.filter((l) => l.startsWith('❌'))).toEqual([
      expect.stringMatching(/^❌ ntfy: .*503/),
      expect.stringMatching(/^❌ slack: .*503/),
    ]);
    blobs.down(false);
    const later = await send(blobs, [reset(1, 1)], urls);
    expect(later.lines.filter((l) => l.includes('ntfy'))).toEqual(['✅ ntfy: sent 1 alert(s)']);
    expect([ntfy.requests.length, slack.requests.length]).toEqual([1, 1]);
  });
});
