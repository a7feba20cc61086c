/** The one staleness rule (src/site/freshness.ts): when and why a page says the record is not vouched for. */
import { describe, expect, it } from 'vitest';
import { unvouched } from '../../../src/site/freshness.ts';

const checked = { events_checked_at: '2026-10-11T00:00:00Z' };

describe('unvouched', () => {
  it('says nothing while the forecast is available, whatever the reasons', () => {
    expect(unvouched({ available: true, freshness: checked }, [{ kind: 'small-sample', min: 30 }])).toBeNull();
  });
  it('a stale record: when it was last checked', () => {
    expect(
      unvouched({ available: false, freshness: checked }, [
        { kind: 'record', resets: 66, since: null, model: 'm' },
        { kind: 'stale', days: 43, limitDays: 7 },
      ]),
    ).toEqual({ kind: 'stale', checkedAt: '2026-10-11T00:00:00Z' });
  });
  it('a record with no usable check time', () => {
    expect(unvouched({ available: false, freshness: checked }, [{ kind: 'stale-unknown' }])).toEqual({ kind: 'staleUnknown' });
  });
  it('too few resets, with the minimum the model published', () => {
    expect(unvouched({ available: false, freshness: checked }, [{ kind: 'too-few', min: 3 }])).toEqual({ kind: 'tooFew', min: 3 });
  });
});
