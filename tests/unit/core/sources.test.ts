/**
 * The SOURCES registry is the one list of pulled sources: every source has an adapter in the pull, a
 * label in every locale's catalogue (the pages never show a raw id), and the hosts its links may use; the
 * platforms, the pull-state schema, the signal fields and the base addresses derive from it, so a fake
 * source added to it shows up in each of them.
 */
import { describe, expect, it } from 'vitest';
import {
  PLATFORMS,
  postSourceOf,
  postSourcesOf,
  SIGNAL_FIELDS,
  signalFieldsOf,
  SOURCE_APIS,
  SOURCE_IDS,
  sourceBases,
  SOURCES,
  sourceUrl,
  type SourceEntry,
} from '../../../src/core/sources.ts';
import { FETCHERS } from '../../../src/jobs/pull/fetchers.ts';
import { CATALOGUES } from '../../../src/site/i18n/catalogues.ts';
import { t } from '../../../src/site/i18n/index.ts';
import { LOCALES } from '../../../src/site/i18n/locales.ts';
import { sourceName } from '../../../src/site/i18n/words.ts';
import { Candidate, PullStateFile, pullStateSchema, SignalsFile, SourceCheck } from '../../../src/core/schema/index.ts';

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
  it('the signal fields are the fields of signals.json besides its time and its checks, in their order', () => {
    const fields = Object.keys(SignalsFile.shape).filter((k) => k !== 'fetched_at' && k !== 'sources');
    expect(SIGNAL_FIELDS).toEqual(fields);
  });

  it("every source's API is one of SOURCE_APIS, each with its own environment override", () => {
    for (const id of SOURCE_IDS) expect(Object.keys(SOURCE_APIS)).toContain(SOURCES[id].api);
    const vars = Object.values(SOURCE_APIS).map((a) => a.env);
    expect(new Set(vars).size).toBe(vars.length);
    const env = Object.fromEntries(vars.map((v, i) => [v, `http://127.0.0.1:${i + 1}`]));
    expect(Object.values(sourceBases(env))).toEqual(vars.map((_, i) => `http://127.0.0.1:${i + 1}`));
    expect(sourceBases({ RESETCAST_X_API: '' }).x).toBe('https://api.x.com');
  });

  it("the stored posts' platforms are the post sources' platforms, and the pull state has one key per platform", () => {
    expect(Candidate.shape.platform.options).toEqual([...PLATFORMS]);
    // Today's file: X's cursor required, GitHub's optional.
    expect(PullStateFile.safeParse({ x: {} }).success).toBe(true);
    expect(PullStateFile.safeParse({ github: { since: null } }).success).toBe(false);
    expect(PullStateFile.safeParse({ x: {}, github: { since: '2026-11-20T12:00:00Z' } }).success).toBe(true);
    expect(PullStateFile.safeParse({ x: {}, mastodon: { since: null } }).success).toBe(false);
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

  it('every source yields either a signal field or posts, never both nor neither', () => {
    for (const id of SOURCE_IDS) {
      const s: SourceEntry = SOURCES[id];
      expect([s.signal === undefined, s.post === undefined]).toContain(true);
      expect(s.signal !== undefined || s.post !== undefined).toBe(true);
    }
  });

  it("a link is kept only on the source's own hosts; a source without hosts keeps none", () => {
    for (const id of SOURCE_IDS) for (const host of SOURCES[id].hosts) expect(sourceUrl(id, `https://${host}/a`)).toBe(`https://${host}/a`);
    expect(sourceUrl('issues', 'https://github.com/openai/codex/issues/1')).toBeNull();
    expect(sourceUrl('staff', 'https://status.openai.com/incidents/1')).toBeNull();
  });
});

/** A fake source, as a fork would add one: its entry and its API; everything else derives from them. */
const MASTODON: SourceEntry = {
  meaning: 'posts on Mastodon',
  api: 'mastodon',
  post: { platform: 'mastodon', cursor: 'since', cursorRequired: false, timeInId: false, official: (a) => a === 'OpenAI@mastodon.social' },
  hosts: ['mastodon.social'],
  maxBytes: 1_000_000,
};
const EXTENDED = { ...SOURCES, mastodon: MASTODON };
const EXTENDED_APIS = {
  ...SOURCE_APIS,
  mastodon: { base: 'https://mastodon.social', env: 'RESETCAST_MASTODON_API', what: "Mastodon's API base" },
};

describe('a source added to the registry: everything per source derives from its entry', () => {
  it('its platform joins the platforms, after the others', () => {
    expect(postSourcesOf(EXTENDED).map((p) => p.platform)).toEqual([...PLATFORMS, 'mastodon']);
  });

  it('the pull state takes its cursor under its platform, optional as declared, and still refuses an unknown key', () => {
    const schema = pullStateSchema(EXTENDED);
    expect(schema.safeParse({ x: {}, mastodon: { since: null } }).success).toBe(true);
    expect(schema.safeParse({ x: {} }).success).toBe(true);
    expect(schema.safeParse({ x: {}, mastodon: { since: 'yesterday' } }).success).toBe(false);
    expect(schema.safeParse({ x: {}, bluesky: { since: null } }).success).toBe(false);
    expect(schema.safeParse({ mastodon: { since: null } }).success).toBe(false);
  });

  it('its base address is overridden by its own variable; the others are untouched', () => {
    const bases = sourceBases({ RESETCAST_MASTODON_API: 'http://127.0.0.1:7', RESETCAST_X_API: 'http://127.0.0.1:8' }, EXTENDED_APIS);
    expect(bases).toEqual({
      status: 'https://status.openai.com',
      github: 'https://api.github.com',
      x: 'http://127.0.0.1:8',
      mastodon: 'http://127.0.0.1:7',
    });
    expect(sourceBases({}, EXTENDED_APIS).mastodon).toBe('https://mastodon.social');
  });

  it('a signal source adds its field, in the registry order', () => {
    const withSignal = { ...SOURCES, uptime: { meaning: 'uptime', api: 'status', signal: 'uptime', hosts: [], maxBytes: 1 } };
    expect(signalFieldsOf(withSignal)).toEqual([...SIGNAL_FIELDS, 'uptime']);
  });

  it('who posts officially and whether an id tells the time are its own', () => {
    const m = postSourceOf('mastodon' as never, EXTENDED);
    expect([m.official('OpenAI@mastodon.social'), m.official('someone@mastodon.social'), m.timeInId]).toEqual([true, false, false]);
    expect(postSourceOf('x').official('openaidevs')).toBe(true);
    expect(postSourceOf('github').official('etraut-openai')).toBe(true);
    expect(postSourceOf('github').official('someone')).toBe(false);
  });

  it('its missing labels are named for every locale', () => {
    expect(labelProblems(Object.keys(EXTENDED), CATALOGUES)).toEqual(LOCALES.map((l) => `${l}: no label for mastodon`));
  });
});
