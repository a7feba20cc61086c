/**
 * The sent-log's pure rules: merging two writers' logs keeps the strongest record per (outlet, alert)
 * and loses nothing in any order; which records may be attempted again; which times are from the future.
 */
import { describe, expect, it } from 'vitest';
import { attemptable, mergeSentLogs, sentLogProblems } from '../../../src/jobs/broadcast/sent-log.ts';
import type { OutletLog, SentAlert, SentLogFile } from '../../../src/core/schema/index.ts';

const rec = (n: number, state: SentAlert['state'], attempts: number, sentAt = '2026-11-20T12:00:00Z'): SentAlert => ({
  id: `tag:resetcast.netlify.app,2026:alert:reset:${n}`, at: `2026-11-20T0${n}:00:00Z`, sent_at: sentAt, state, attempts,
});
const outlet = (name: OutletLog['name'], checkedAt: string, sent: SentAlert[], lastOk: string | null = null): OutletLog => ({
  name, ok: lastOk !== null, error: null, checked_at: checkedAt, outcome: 'ok', last_ok_at: lastOk, sent,
});
const log = (...outlets: OutletLog[]): SentLogFile => ({ outlets });

describe('mergeSentLogs', () => {
  // The pull's broadcast and a watcher, each with what it saw of alerts 1–4 on ntfy.
  const pull = log(outlet('ntfy', '2026-11-20T12:00:00Z', [rec(1, 'sent', 1), rec(2, 'uncertain', 1), rec(3, 'failed', 2)], '2026-11-20T12:00:00Z'));
  const watcher = log(
    outlet('ntfy', '2026-11-20T12:01:00Z', [rec(1, 'uncertain', 1, '2026-11-20T11:59:00Z'), rec(2, 'sent', 1, '2026-11-20T12:01:00Z'), rec(3, 'failed', 1), rec(4, 'sent', 1)], '2026-11-20T11:30:00Z'),
    outlet('slack', '2026-11-20T12:01:00Z', [rec(1, 'sent', 1)], '2026-11-20T12:01:00Z'),
  );

  it('keeps per (outlet, alert) the strongest record: sent over uncertain over failed, then more attempts', () => {
    const merged = mergeSentLogs(pull, watcher);
    const ntfy = merged.outlets.find((o) => o.name === 'ntfy')!;
    expect(ntfy.sent.map((s) => [s.id.slice(-1), s.state, s.attempts])).toEqual([['1', 'sent', 1], ['2', 'sent', 1], ['3', 'failed', 2], ['4', 'sent', 1]]);
    // The later check, and the later success of the two.
    expect(ntfy).toMatchObject({ checked_at: '2026-11-20T12:01:00Z', last_ok_at: '2026-11-20T12:00:00Z' });
    expect(merged.outlets.map((o) => o.name)).toEqual(['ntfy', 'slack']);
  });

  it('is commutative, associative and idempotent', () => {
    const third = log(outlet('ntfy', '2026-11-20T12:02:00Z', [rec(4, 'uncertain', 2)]));
    expect(mergeSentLogs(pull, watcher)).toEqual(mergeSentLogs(watcher, pull));
    expect(mergeSentLogs(mergeSentLogs(pull, watcher), third)).toEqual(mergeSentLogs(pull, mergeSentLogs(watcher, third)));
    const once = mergeSentLogs(pull, watcher);
    expect(mergeSentLogs(once, once)).toEqual(once);
  });
});

describe('attemptable: what may be sent (again)', () => {
  it.each<[string, SentAlert | undefined, boolean]>([
    ['never tried', undefined, true],
    ['sent', rec(1, 'sent', 1), false],
    ['uncertain once: resent once', rec(1, 'uncertain', 1), true],
    ['uncertain twice: never again', rec(1, 'uncertain', 2), false],
    ['refused twice: a third try', rec(1, 'failed', 2), true],
    ['refused three times: given up', rec(1, 'failed', 3), false],
  ])('%s', (_name, record, expected) => expect(attemptable(record)).toBe(expected));
});

describe('sentLogProblems (what npm run validate refuses)', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('names each time later than now + 5 min, by file and field', () => {
    const bad = log(outlet('ntfy', '2026-11-20T12:05:00Z', [rec(1, 'sent', 1, '2026-11-20T12:05:01Z')], '2099-01-01T00:00:00Z'));
    expect(sentLogProblems(bad, now)).toEqual([
      "data/sent-log.json: field 'outlets.0.last_ok_at': 2099-01-01T00:00:00Z is later than 2026-11-20T12:00:00Z + 5 min (from the future)",
      "data/sent-log.json: field 'outlets.0.sent.0.sent_at': 2026-11-20T12:05:01Z is later than 2026-11-20T12:00:00Z + 5 min (from the future)",
    ]);
  });
  it('names an outlet listed twice', () => {
    expect(sentLogProblems(log(outlet('slack', '2026-11-20T11:00:00Z', []), outlet('slack', '2026-11-20T11:30:00Z', [])), now)).toEqual([
      "data/sent-log.json: field 'outlets': slack listed more than once",
    ]);
  });
});
