/**
 * The frozen history plus what the clock changes within its week: a grant that expires (2026-11-24) and an
 * official promise whose window closes (2026-11-25) after the history's clock. Shared by the checks of which
 * payloads and files move with the clock (tests/unit/site/clock-payloads.test.ts, clock-files.test.ts).
 */
import { parseDataset, type Dataset, type DatasetTexts } from '../../src/core/dataset/index.ts';
import { postIdAt, xPostUrl } from '../../src/core/postid.ts';
import { HISTORY_NOW, historyTexts } from './history.ts';

/** The week's dataset; `files` replaces whole files of the history first (another signals snapshot). */
export function clockWeekData(files: Partial<DatasetTexts> = {}): Dataset {
  const texts = { ...historyTexts(), ...files };
  const banked = JSON.parse(texts.banked!);
  banked.grants.push({
    id: '2026-10-25-clock-test',
    granted_at: '2026-10-25T13:37:11Z',
    expires_at: '2026-11-24T13:37:11Z',
    scope: 'plus+pro',
    summary: 'A grant that expires within the week.',
    url: null,
    event_id: null,
    certainty: 'high',
    uncertain_fields: [],
  });
  const announcements = JSON.parse(texts.announcements!);
  const promised = '2026-11-22T09:10:11Z';
  const id = postIdAt(new Date(promised));
  announcements.announcements.push({
    id,
    ts: promised,
    source: 'thsottiaux',
    url: xPostUrl('thsottiaux', id),
    summary: 'Promised a reset within three days.',
    by: null,
    window_start: promised,
    window_end: '2026-11-25T09:10:11Z',
    fulfilled_by: null,
  });
  return parseDataset({ ...texts, banked: JSON.stringify(banked), announcements: JSON.stringify(announcements) }, HISTORY_NOW);
}
