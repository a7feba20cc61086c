/**
 * pendingAlerts, the send rule every sender applies before it claims anything in the ledger: attemptable,
 * issued by now, no older than 24 hours, oldest first, at most 5 per outlet and run. A fixed clock; the
 * window and the cap are written here as numbers, not read from SEND_RULES.
 */
import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../../src/core/schema/index.ts';
import { pendingAlerts } from '../../../../src/jobs/broadcast/send-rules.ts';

const NOW = new Date('2026-11-20T12:00:00Z');

const alert = (name: string, at: string, kind: Alert['kind'] = 'reset'): Alert => ({
  id: `tag:resetcast.netlify.app,2026:alert:${kind}:${name}`,
  kind,
  at,
  title: name,
  summary: name,
  url: null,
  page: 'https://resetcast.netlify.app/',
  event_id: null,
  window: null,
  expires_at: null,
  forecast: null,
});
const names = (alerts: Alert[]): string[] => alerts.map((a) => a.title);
const always = (): boolean => true;

describe('pendingAlerts: what one outlet is sent this run', () => {
  it.each<[string, Alert, boolean]>([
    ['issued an hour ago: sent', alert('hour', '2026-11-20T11:00:00Z'), true],
    ['issued exactly now: sent', alert('now', '2026-11-20T12:00:00Z'), true],
    ['exactly 24 h old: still sent', alert('edge', '2026-11-19T12:00:00Z'), true],
    ['a second past 24 h: history, never sent', alert('old', '2026-11-19T11:59:59Z'), false],
    ['a second in the future: not yet', alert('future', '2026-11-20T12:00:01Z'), false],
  ])('%s', (_name, a, sent) => {
    expect(names(pendingAlerts([a], always, NOW))).toEqual(sent ? [a.title] : []);
  });

  it('leaves out what the ledger says may not be attempted again', () => {
    const alerts = [alert('done', '2026-11-20T10:00:00Z'), alert('open', '2026-11-20T11:00:00Z')];
    expect(names(pendingAlerts(alerts, (id) => !id.endsWith(':done'), NOW))).toEqual(['open']);
  });

  it('sends the oldest first, and at one instant by kind (a reset before a grant), then by id', () => {
    const alerts = [
      alert('b', '2026-11-20T11:00:00Z'),
      alert('grant', '2026-11-20T10:00:00Z', 'grant'),
      alert('a', '2026-11-20T11:00:00Z'),
      alert('reset', '2026-11-20T10:00:00Z'),
    ];
    expect(names(pendingAlerts(alerts, always, NOW))).toEqual(['reset', 'grant', 'a', 'b']);
  });

  it('caps a run at the 5 oldest; the rest wait for the next run', () => {
    const alerts = [7, 6, 5, 4, 3, 2, 1].map((h) => alert(`h${h}`, `2026-11-20T0${h}:00:00Z`));
    expect(names(pendingAlerts(alerts, always, NOW))).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
  });
});
