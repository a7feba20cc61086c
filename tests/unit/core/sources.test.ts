/**
 * The SOURCES registry is the one list of pulled sources: every source has a fetcher in the pull, a
 * label in every locale's catalogue (the pages never show a raw id), and the hosts its links may use.
 */
import { describe, expect, it } from 'vitest';
import { SOURCE_IDS, SOURCES, sourceUrl } from '../../../src/core/sources.ts';
import { FETCHERS } from '../../../src/jobs/pull/fetchers.ts';
import { CATALOGUES } from '../../../src/site/i18n/catalogues.ts';
import { t } from '../../../src/site/i18n/index.ts';
import { LOCALES } from '../../../src/site/i18n/locales.ts';
import { sourceName } from '../../../src/site/i18n/words.ts';
import { SourceCheck } from '../../../src/core/schema/index.ts';

/** Each `locale: id` whose catalogue has no label for a source of `ids`, or a label for a source not in `ids`. */
function labelProblems(ids: readonly string[], catalogues: Record<string, unknown>): string[] {
  return Object.entries(catalogues).flatMap(([locale, catalogue]) => {
    const labels = (catalogue as { words: { signalSource: Record<string, unknown> } }).words.signalSource;
    const missing = ids.filter((id) => typeof labels[id] !== 'string' || labels[id] === '').map((id) => `${locale}: no label for ${id}`);
    const extra = Object.keys(labels)
      .filter((id) => !ids.includes(id))
      .map((id) => `${locale}: a label for ${id}, which is no source`);
    return [...missing, ...extra];
  });
}

describe('SOURCES: one registry every list derives from', () => {
  it('lists the four pulled sources in the order of the pull', () => {
    expect(SOURCE_IDS).toEqual(['status', 'issues', 'x', 'staff']);
  });

  it('every source has a label in every locale, and no locale labels a source that is not registered', () => {
    expect(labelProblems(SOURCE_IDS, CATALOGUES)).toEqual([]);
  });

  it('a source added to the registry without its labels is named for every locale', () => {
    expect(labelProblems([...SOURCE_IDS, 'mastodon'], CATALOGUES)).toEqual(LOCALES.map((l) => `${l}: no label for mastodon`));
    expect(labelProblems(['status', 'issues', 'x'], CATALOGUES)).toEqual(LOCALES.map((l) => `${l}: a label for staff, which is no source`));
  });

  it('the pages name every source in words, staff included; an unknown id stays as it is, marked unknown', () => {
    for (const locale of LOCALES)
      for (const id of SOURCE_IDS) {
        const name = sourceName(t(locale), id);
        expect(name.known).toBe(true);
        expect(name.text).not.toBe(id);
      }
    expect(sourceName(t('en'), 'staff').text).toBe('Comments by OpenAI staff (GitHub)');
    expect(sourceName(t('en'), 'mastodon')).toEqual({ text: 'mastodon', known: false });
  });

  it("the API's meaning of a source check's name names every source with what it is", () => {
    const meaning = SourceCheck.shape.name.description ?? '';
    for (const id of SOURCE_IDS) expect(meaning).toContain(`\`${id}\` (${SOURCES[id].meaning})`);
  });

  it('every source has a fetcher in the pull, and the pull has none for a source not registered', () => {
    expect(Object.keys(FETCHERS)).toEqual([...SOURCE_IDS]);
  });

  it('the signal sources are the two fields of signals.json; the others find posts', () => {
    expect(SOURCE_IDS.map((id) => [id, FETCHERS[id].signal ?? 'posts'])).toEqual([
      ['status', 'status'],
      ['issues', 'issues'],
      ['x', 'posts'],
      ['staff', 'posts'],
    ]);
  });

  it("a link is kept only on the source's own hosts; a source without hosts keeps none", () => {
    for (const id of SOURCE_IDS) for (const host of SOURCES[id].hosts) expect(sourceUrl(id, `https://${host}/a`)).toBe(`https://${host}/a`);
    expect(sourceUrl('issues', 'https://github.com/openai/codex/issues/1')).toBeNull();
    expect(sourceUrl('staff', 'https://status.openai.com/incidents/1')).toBeNull();
  });
});
