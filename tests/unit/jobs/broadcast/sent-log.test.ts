/**
 * The pure rules around the ledger: which rows may be attempted again; what the one-time import of the
 * retired sent-log takes, and the ledger rows it stands for; which times of that log are from the future
 * (npm run validate).
 */
import { describe, expect, it } from 'vitest';
import { readSentLog, recentRecords, sentLogProblems } from '../../../../src/jobs/broadcast/sent-log.ts';
import { retiredRows } from '../../../../src/jobs/broadcast/retired-log.ts';
import { attemptable, type Delivery } from '../../../../src/jobs/broadcast/ledger.ts';
import type { OutletLog, SentAlert, SentLogFile } from '../../../../src/core/schema/index.ts';

const rec = (n: number, state: SentAlert['state'], attempts: number, sentAt = '2026-11-20T12:00:00Z'): SentAlert => ({
  id: `tag:resetcast.netlify.app,2026:alert:reset:${n}`,
  at: `2026-11-20T0${n}:00:00Z`,
  sent_at: sentAt,
  state,
  attempts,
});
const outlet = (name: OutletLog['name'], checkedAt: string, sent: SentAlert[], lastOk: string | null = null): OutletLog => ({
  name,
  ok: lastOk !== null,
  error: null,
  checked_at: checkedAt,
  outcome: 'ok',
  last_ok_at: lastOk,
  sent,
});
const log = (...outlets: OutletLog[]): SentLogFile => ({ outlets });

describe('attemptable: what the ledger may still attempt (its lease aside)', () => {
  const row = (state: Delivery['state'], u: number, r: number) => ({ state, uncertain_attempts: u, refused_attempts: r });
  it.each<[string, ReturnType<typeof row> | undefined, boolean]>([
    ['never tried', undefined, true],
    ['sent', row('sent', 1, 0), false],
    ['released (it provably did not arrive): no attempt used', row('released', 0, 0), true],
    ['uncertain once: resent once', row('uncertain', 1, 0), true],
    ['a claim whose sender died: counts as uncertain once', row('claimed', 1, 0), true],
    ['uncertain twice: never again', row('uncertain', 2, 0), false],
    ['refused twice: a third try', row('failed', 0, 2), true],
    ['refused three times: given up', row('failed', 0, 3), false],
  ])('%s', (_name, record, expected) => expect(attemptable(record)).toBe(expected));
});

describe('recentRecords: what the one-time import takes from the retired log', () => {
  it('only records inside the send window (24 h), with their outlet', () => {
    const now = new Date('2026-11-20T12:00:00Z');
    const old = { ...rec(1, 'sent', 1), at: '2026-11-19T11:59:59Z' };
    const kept = { ...rec(2, 'uncertain', 1), at: '2026-11-19T12:00:00Z' };
    expect(recentRecords(log(outlet('ntfy', '2026-11-20T12:00:00Z', [old, kept])), now)).toEqual([{ outlet: 'ntfy', record: kept }]);
  });
});

describe('retiredRows: the ledger rows the import writes', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('each record as its state, its attempts counted as uncertain or refused, dated by its last attempt', () => {
    const text = JSON.stringify(
      log(outlet('slack', '2026-11-20T11:00:00Z', [rec(1, 'sent', 1), rec(2, 'uncertain', 1), rec(3, 'failed', 2)])),
    );
    expect(
      retiredRows(text, now).map((r) => [r.alert_id.slice(-1), r.state, r.uncertain_attempts, r.refused_attempts, r.updated_at]),
    ).toEqual([
      ['1', 'sent', 0, 0, '2026-11-20T12:00:00Z'],
      ['2', 'uncertain', 1, 0, '2026-11-20T12:00:00Z'],
      ['3', 'failed', 0, 2, '2026-11-20T12:00:00Z'],
    ]);
  });

  it('a record dated after now (+ 5 min) stands for no delivery: left out; the others kept', () => {
    const text = JSON.stringify(
      log(outlet('ntfy', '2026-11-20T11:00:00Z', [rec(1, 'sent', 1), rec(2, 'sent', 1, '2026-11-20T12:05:01Z')])),
    );
    expect(readSentLog(text, now).outlets[0]!.sent.map((s) => s.id.slice(-1))).toEqual(['1']);
    expect(retiredRows(text, now).map((r) => r.alert_id.slice(-1))).toEqual(['1']);
  });

  it.each([
    ['missing', undefined],
    ['not JSON', '{"outlets": ['],
  ])('%s: nothing to import', (_name, text) => expect(retiredRows(text, now)).toEqual([]));
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
