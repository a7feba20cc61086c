/**
 * Real builds into temp folders: every emitted payload against the zod schemas and the field tables of
 * the project's specification (its issue, not a file of this repository), byte-identical output for the
 * same data and clock, and a build that refuses bad data.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_NAMES, PAYLOAD_SCHEMAS, type PayloadName } from '../../src/site/api/payloads.ts';
import { SITE } from '../../src/core/site.ts';
import { ENDPOINTS, LLMS_TXT_PATH } from '../../src/site/api/endpoints.ts';
import { THRESHOLD_FEEDS } from '../../src/core/alerts/thresholds.ts';
import { astroBuild, listFiles, readJson, tempDir, type BuildResult } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';
import { historyBuild } from '../support/history-build.ts';
import type { LooseJson } from '../support/json.ts';
import { joinedRegExp } from '../support/regexp.ts';

const EPOCH = HISTORY_EPOCH; // 2026-11-23T00:00:00Z
const BUILT_AT = '2026-11-23T00:00:00Z';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

// Field tables of the specification's §2.1 and §2.2, copied from the specification (not from our code), in its order.
const SPEC_FORECAST = [
  'schema_version',
  'generated_at',
  'source',
  'available',
  'reset_today',
  'p24',
  'p48',
  'confidence',
  'confidence_reasons',
  'inputs',
  'formula_version',
  'disclaimer',
  'freshness',
];
const SPEC_INPUTS = [
  'avg_gap_hours',
  'hours_since_last',
  'B',
  'C',
  'cad24',
  'official_signal',
  'status_signal',
  'issues_signal',
  'S',
  'global',
  'rhythm_model',
];
const SPEC_FRESHNESS = ['events_checked_at', 'signals_fetched_at', 'built_at'];
const SPEC_EVENT = ['id', 'date', 'ts', 'scope', 'kind', 'source', 'url', 'summary', 'partial', 'global', 'origin'];

/** Every string in a payload that looks like a date-time must be the SPEC's exact form. */
function timestampLike(value: unknown, path = '$'): Array<[string, string]> {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}T/.test(value) ? [[path, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => timestampLike(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => timestampLike(v, `${path}.${k}`));
  return [];
}

let first: BuildResult;
let second: BuildResult;
/** src/site/data.ts appends a line here each time it reads, validates and computes data/ (RESETCAST_TRACE_FILE). */
let trace: string;

beforeAll(async () => {
  trace = join(tempDir('trace'), 'loads.txt');
  first = await astroBuild({ epoch: EPOCH, dataDir: HISTORY_DIR, env: { RESETCAST_TRACE_FILE: trace } });
  // The run's build of the frozen history (tests/support/history-build.ts): another process, the same inputs.
  second = await historyBuild().then(({ outDir }) => ({ code: 0, output: '', outDir }));
  expect(first.code, first.output).toBe(0);
  expect(second.code, second.output).toBe(0);
}, 240_000);

describe('a build from the frozen history', () => {
  it('reads, validates and computes data/ exactly once (astro.config.mjs and every page share it)', () => {
    const lines = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`loadBuild computed ${HISTORY_DIR}`);
  });

  it('emits every SPEC endpoint', () => {
    const files = listFiles(first.outDir);
    for (const f of [
      'api/v1/forecast.json',
      'api/v1/timeline.json',
      'api/v1/signals.json',
      'api/v1/banked.json',
      'index.html',
      'feed.xml',
      'calendar.ics',
    ])
      expect(files).toContain(f);
  });

  it('validates every JSON payload under /api/v1/ against its zod schema', () => {
    const payloads = listFiles(first.outDir).filter((f) => /^api\/v1\/[^/]+\.json$/.test(f) && f !== 'api/v1/openapi.json');
    expect(payloads.map((f) => f.slice('api/v1/'.length, -'.json'.length)).sort()).toEqual([...PAYLOAD_NAMES].sort());
    for (const f of payloads) {
      const name = f.slice('api/v1/'.length, -'.json'.length) as PayloadName;
      expect(PAYLOAD_SCHEMAS, `${f} has no schema in PAYLOAD_SCHEMAS`).toHaveProperty(name);
      const result = PAYLOAD_SCHEMAS[name].safeParse(readJson(first.outDir, f));
      expect(result.success, `${f}: ${result.error?.message}`).toBe(true);
    }
  });

  it('publishes a JSON Schema for exactly the published payloads, each at its own URL and naming its fields', () => {
    const schemas = listFiles(first.outDir).filter((f) => /^api\/v1\/schema\/[^/]+\.json$/.test(f));
    const published = listFiles(first.outDir).filter((f) => /^api\/v1\/[^/]+\.json$/.test(f) && f !== 'api/v1/openapi.json');
    const nameOf = (f: string): string => f.slice(f.lastIndexOf('/') + 1, -'.json'.length);
    expect(schemas.map(nameOf).sort()).toEqual(published.map(nameOf).sort());
    for (const name of schemas.map(nameOf)) {
      const schema: LooseJson = readJson(first.outDir, `api/v1/schema/${name}.json`);
      const payload = readJson(first.outDir, `api/v1/${name}.json`) as Record<string, unknown>;
      expect(schema.$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(schema.$id, name).toBe(`${SITE.url}/api/v1/schema/${name}.json`);
      expect(schema.type, name).toBe('object');
      expect(Object.keys(schema.properties).sort(), name).toEqual(Object.keys(payload).sort());
      for (const key of schema.required as string[]) expect(Object.keys(payload), `${name} requires ${key}`).toContain(key);
    }
  });

  it('forecast.json has the fields of SPEC §2.1 in order, then the ones added to v1', () => {
    const f = readJson(first.outDir, 'api/v1/forecast.json');
    expect(Object.keys(f)).toEqual(SPEC_FORECAST);
    // The SPEC's fields in its order, then the ones added to v1 (issue 40: what the booleans and timestamps cannot say).
    expect(Object.keys(f.inputs)).toEqual([...SPEC_INPUTS, 'global_known']);
    expect(Object.keys(f.freshness)).toEqual([...SPEC_FRESHNESS, 'signals_checked_at', 'signals_failed_at']);
    expect(f).toMatchObject({ schema_version: 1, formula_version: '2', source: SITE.url, generated_at: BUILT_AT });
    expect(f.freshness.built_at).toBe(BUILT_AT);
    expect(Number.isInteger(f.p24) && Number.isInteger(f.p48) && f.p24 <= f.p48).toBe(true);
    expect(f.disclaimer).toMatch(/independent/i);
  });

  it('timeline.json has SPEC §2.2 records (then the codes added to v1) for every stored event, newest first', () => {
    const t = readJson(first.outDir, 'api/v1/timeline.json');
    const stored = JSON.parse(readFileSync(join(HISTORY_DIR, 'events.json'), 'utf8')).events as Array<{ id: string }>;
    expect(Object.keys(t)).toEqual(['schema_version', 'source', 'events']);
    expect(t.events).toHaveLength(stored.length);
    for (const e of t.events) {
      expect(Object.keys(e)).toEqual([...SPEC_EVENT, 'uncertain_field_codes']);
      expect(e.id).toMatch(/^\d+$/);
      expect(e.ts.slice(0, 10)).toBe(e.date);
    }
    const ts = t.events.map((e: { ts: string }) => e.ts);
    expect(ts).toEqual([...ts].sort().reverse());
  });

  it('signals.json carries fetched_at; banked.json lists only grants unexpired at build time', () => {
    const s = readJson(first.outDir, 'api/v1/signals.json');
    expect(s.fetched_at).toMatch(TIMESTAMP);
    const b = readJson(first.outDir, 'api/v1/banked.json');
    for (const g of b.active) expect(g.expires_at > BUILT_AT && g.granted_at <= BUILT_AT).toBe(true);
  });

  it('outlook.json agrees with forecast.json at 24 h and 48 h and never decreases', () => {
    const f = readJson(first.outDir, 'api/v1/forecast.json');
    const o = readJson(first.outDir, 'api/v1/outlook.json');
    const percent = (h: number): number => o.points.find((x) => x.hours === h)!.percent;
    expect([percent(24), percent(48), o.available]).toEqual([f.p24, f.p48, f.available]);
    expect(o.points.at(-1)!.hours).toBe(168);
    for (const [i, x] of o.points.entries()) expect(x.p).toBeGreaterThanOrEqual(o.points[i - 1]?.p ?? 0);
  });

  it('hourly-outlook.json is outlook.json every hour: the same points at its horizons, the same availability, never decreasing', () => {
    const o = readJson(first.outDir, 'api/v1/outlook.json');
    const h = readJson(first.outDir, 'api/v1/hourly-outlook.json');
    expect(h.points.map((x) => x.hours)).toEqual(Array.from({ length: 168 }, (_, i) => i + 1));
    for (const x of o.points) expect(h.points[x.hours - 1]).toMatchObject({ hours: x.hours, p: x.p, percent: x.percent });
    expect([h.available, h.generated_at]).toEqual([o.available, o.generated_at]);
    for (const [i, x] of h.points.entries()) expect(x.p).toBeGreaterThanOrEqual(h.points[i - 1]?.p ?? 0);
  });

  it('the home page draws the outlook as an inline SVG with a title and a description, and says how the forecast has done', () => {
    const html = readFileSync(join(first.outDir, 'index.html'), 'utf8');
    expect(html).toMatch(/<svg class="chart outlook"[^>]*role="img"[^>]*aria-labelledby="[^"]+-t [^"]+-d"/);
    expect(html).toMatch(/<desc id="[^"]+-d">Cumulative chance of at least one announced reset within 1 day: \d+%, 2 days: \d+%/);
    expect(html).toMatch(/How it has done: replayed on the recorded history/);
    expect(html).not.toMatch(/<script/); // no client JavaScript
  });

  it('writes every timestamp as YYYY-MM-DDTHH:MM:SSZ', () => {
    for (const f of listFiles(first.outDir).filter((x) => x.startsWith('api/v1/') && x.endsWith('.json') && !x.includes('schema')))
      for (const [path, value] of timestampLike(readJson(first.outDir, f))) expect(value, `${f} ${path}`).toMatch(TIMESTAMP);
  });

  it('is byte-identical when built twice from the same data and clock', () => {
    const hash = (dir: string): Record<string, string> =>
      Object.fromEntries(
        listFiles(dir).map((f) => [
          f,
          createHash('sha256')
            .update(readFileSync(join(dir, f)))
            .digest('hex'),
        ]),
      );
    expect(hash(second.outDir)).toEqual(hash(first.outDir));
  });
});

// The human pages, without a locale prefix; every locale has each (and its own 404 page, checked below).
const PAGES = ['', 'timeline/', 'timeline/2026/', 'timeline/2025/', 'banked/', 'methodology/', 'developers/'];
// Written out here rather than read from src/site/i18n: the prefixes and BCP 47 tags the issue and hreflang ask for.
const LOCALES = [
  { prefix: '', tag: 'en' },
  { prefix: 'zh/', tag: 'zh-Hans' },
  { prefix: 'ja/', tag: 'ja' },
  { prefix: 'es/', tag: 'es' },
  { prefix: 'ko/', tag: 'ko' },
];
const html = (file: string): string => readFileSync(join(first.outDir, file), 'utf8');
const attrs = (page: string, re: RegExp): string[][] => [...page.matchAll(re)].map((m) => m.slice(1));

describe('the human site in five languages', () => {
  it('builds every page in every locale, each with its lang, its canonical URL and hreflang alternates to every locale and x-default', () => {
    for (const { prefix, tag } of LOCALES) {
      for (const page of PAGES) {
        const file = `${prefix}${page}index.html`;
        const doc = html(file);
        expect(doc, file).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${tag}">`));
        expect(attrs(doc, /<link rel="canonical" href="([^"]+)"/g), file).toEqual([[`${SITE.url}/${prefix}${page}`]]);
        expect(attrs(doc, /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g), file).toEqual([
          ...LOCALES.map((l) => [l.tag, `${SITE.url}/${l.prefix}${page}`]),
          ['x-default', `${SITE.url}/${page}`],
        ]);
      }
    }
  });

  it('every hreflang alternate is a page of the build', () => {
    const files = new Set(listFiles(first.outDir));
    for (const { prefix } of LOCALES)
      for (const page of PAGES)
        for (const [href] of attrs(html(`${prefix}${page}index.html`), /hreflang="[^"]+" href="([^"]+)"/g))
          expect(files, href).toContain(`${href!.slice(SITE.url.length + 1)}index.html`);
  });

  it('the language switcher keeps the page', () => {
    const doc = html('ja/timeline/2026/index.html');
    const links = attrs(doc, /<a href="([^"]+)" lang="([^"]+)" hreflang="[^"]+"( aria-current="page")?>/g);
    expect(links).toEqual([
      ['/timeline/2026/', 'en', undefined],
      ['/zh/timeline/2026/', 'zh-Hans', undefined],
      ['/ja/timeline/2026/', 'ja', ' aria-current="page"'],
      ['/es/timeline/2026/', 'es', undefined],
      ['/ko/timeline/2026/', 'ko', undefined],
    ]);
  });

  it('keeps recorded summaries in English, marked lang="en" and "（英文）", on translated pages', () => {
    const doc = html('zh/timeline/2026/index.html');
    const summaries = doc.match(/<p class="event-summary"[^>]*>/g) ?? [];
    const marked =
      doc.match(
        /<p class="event-summary">(?:<del>|<a [^>]*>)?<span lang="en">[^<]*(?:<time [^>]*>[^<]*<\/time>[^<]*)*<\/span><span class="muted">（英文）<\/span>/g,
      ) ?? [];
    expect(summaries.length).toBeGreaterThan(3);
    expect(marked).toHaveLength(summaries.length);
  });

  it('each locale has its own 404 page, in its language only, with its own navigation and no canonical URL', () => {
    for (const { prefix, tag } of LOCALES) {
      const doc = html(prefix === '' ? '404.html' : `${prefix}404/index.html`);
      expect(doc, prefix).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${tag}">`));
      expect(doc, prefix).not.toContain('rel="canonical"');
      expect(doc, prefix).toContain(`href="/${prefix}timeline/"`);
      // No other language's words: no section in another lang, no link into another locale's pages but the switcher's.
      expect(doc, prefix).not.toMatch(/<section lang=/);
      for (const other of LOCALES.filter((l) => l.prefix !== prefix && l.prefix !== ''))
        expect(doc, `${prefix} → ${other.prefix}`).not.toContain(`href="/${other.prefix}timeline/"`);
    }
  });

  it('the developers page (threshold feeds: the alerts page), llms.txt and OpenAPI name every endpoint of the registry', () => {
    const llms = readFileSync(join(first.outDir, 'llms.txt'), 'utf8');
    const openapi = readJson(first.outDir, 'api/v1/openapi.json') as { paths: Record<string, unknown> };
    for (const e of ENDPOINTS) {
      const on = THRESHOLD_FEEDS.some((f) => f.path === e.path) ? 'subscribe' : 'developers';
      for (const { prefix } of LOCALES)
        expect(html(`${prefix}${on}/index.html`), `${prefix}${on} → ${e.path}`).toContain(`href="${e.path}"`);
      if (e.path !== LLMS_TXT_PATH) expect(llms, e.path).toContain(`(${SITE.url}${e.path})`);
      expect(Object.keys(openapi.paths), e.path).toContain(e.path);
    }
  });

  // CJK typography (W3C clreq / jlreq): full-width marks take no space after them, and a page must not glue
  // Latin punctuation or a Latin bracket onto Chinese or Japanese text when it assembles a line from parts.
  it('Chinese and Japanese pages assemble their lines with full-width punctuation and no stray spaces', () => {
    const cjk = '\\u3040-\\u30ff\\u3400-\\u9fff\\uff00-\\uffef\\u3000-\\u303f';
    const rules: Array<[string, RegExp]> = [
      ['a space after 。', /。[ \t]+\S/g],
      ['a space after a full-width colon', /：[ \t]+\S/g],
      ['a space before full-width punctuation', /[ \t][。，：；）]/g],
      ['Latin ; . , : after CJK text', new RegExp(`[${cjk}][;.,:][ \\t]`, 'g')],
      ['a Latin bracket after CJK text', new RegExp(`[${cjk}][ \\t]?\\(`, 'g')],
    ];
    const block =
      /<\/?(p|h\d|li|ul|ol|div|section|header|footer|nav|table|thead|tbody|tr|td|th|dt|dd|dl|figure|figcaption|main|svg|title|desc|details|summary|caption|br)\b[^>]*>/g;
    const problems: string[] = [];
    for (const prefix of ['zh/', 'ja/'])
      for (const page of PAGES) {
        const text = html(`${prefix}${page}index.html`)
          .replace(/<(script|style|pre|code)[\s\S]*?<\/\1>/g, '\n')
          .replace(block, '\n')
          .replace(/<[^>]+>/g, '')
          .replaceAll('&nbsp;', ' ');
        for (const [name, re] of rules)
          for (const m of text.matchAll(re))
            problems.push(`${prefix}${page}: ${name}: …${text.slice(Math.max(0, m.index - 12), m.index + 12)}…`);
      }
    expect(problems).toEqual([]);
  });

  it('JSON payloads and feeds are the same whatever the locales (no locale folder under /api/)', () => {
    expect(listFiles(first.outDir).filter((f) => /^(zh|ja|es|ko)\/(api|feed|calendar|alerts)/.test(f))).toEqual([]);
  });
});

/** Width and height from a PNG's IHDR chunk (right after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer): { png: boolean; width: number; height: number } {
  const png =
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR';
  return { png, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the social cards', () => {
  // Every HTML page of the build, the 404 page included: each must say how a link to it looks when shared.
  const pages = (): string[] => listFiles(first.outDir).filter((f) => f.endsWith('.html'));
  const meta = (doc: string): Map<string, string[]> => {
    const head = doc.slice(0, doc.indexOf('</head>'));
    const found = new Map<string, string[]>();
    for (const [, key, content] of head.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g))
      found.set(key!, [...(found.get(key!) ?? []), content!]);
    return found;
  };

  /** A page's public path: a timetable state's (docs/timetable.md) is that of the page it is a state of. */
  const publicOf = (file: string): string => file.replace(/^_timetable\/at\/\d+\//, '');

  it('every page, and every timetable state of one, has og:title, og:description, og:locale, an absolute og:image that is a 1200×630 PNG of the build, its size and alt, and twitter:card', () => {
    expect(pages().length).toBeGreaterThan(30);
    expect(pages().filter((f) => f.startsWith('_timetable/at/')).length).toBeGreaterThan(100);
    for (const file of pages()) {
      const tags = meta(html(file));
      for (const key of [
        'og:title',
        'og:description',
        'og:locale',
        'og:image',
        'og:image:width',
        'og:image:height',
        'og:image:alt',
        'twitter:card',
      ])
        expect(tags.get(key), `${file} ${key}`).toHaveLength(1);
      expect(tags.get('twitter:card'), file).toEqual(['summary_large_image']);
      expect([tags.get('og:image:width'), tags.get('og:image:height')], file).toEqual([['1200'], ['630']]);
      const image = tags.get('og:image')![0]!;
      expect(image, file).toMatch(new RegExp(`^${SITE.url}/og/(en|zh|ja|es|ko)/[a-z0-9-]+\\.png$`));
      const { png, width, height } = pngSize(readFileSync(join(first.outDir, image.slice(SITE.url.length + 1))));
      expect({ png, width, height }, `${file} → ${image}`).toEqual({ png: true, width: 1200, height: 630 });
      expect(tags.get('og:image:alt')![0]!.length, file).toBeGreaterThan(10);
      // Every page with an address of its own says it (a 404 page, one per locale, answers for every address).
      expect(tags.get('og:url'), file).toEqual(
        /(^|\/)404(\.html|\/index\.html)$/.test(file) ? undefined : [`${SITE.url}/${publicOf(file).replace(/index\.html$/, '')}`],
      );
    }
  });

  it('each page in each locale has its own card, in that locale', () => {
    for (const { prefix } of LOCALES)
      for (const page of PAGES) {
        const locale = prefix === '' ? 'en' : prefix.slice(0, -1);
        // The home card moves with the clock: named by its content (docs/timetable.md).
        const slug = page === '' ? 'home-[0-9a-f]{16}' : page.slice(0, -1).replaceAll('/', '-');
        const images = meta(html(`${prefix}${page}index.html`)).get('og:image') ?? [];
        expect(images, `${prefix}${page}`).toHaveLength(1);
        expect(images[0], `${prefix}${page}`).toMatch(new RegExp(`^${SITE.url.replaceAll('.', '\\.')}/og/${locale}/${slug}\\.png$`));
      }
    expect(meta(html('ja/index.html')).get('og:locale')).toEqual(['ja_JP']);
    // The frozen history is not vouched for at its own clock: the home card says so instead of a figure.
    expect(meta(html('index.html')).get('og:image:alt')![0]).toContain('Not vouched for');
    expect(meta(html('index.html')).get('og:image:alt')![0]).toContain('10 October 2026');
  });
});

describe('a build from a forecast log with bad lines', () => {
  it('succeeds, leaves the log as it was and names each skipped line in track-record.json', async () => {
    const dataDir = join(tempDir('data'), 'data');
    cpSync(HISTORY_DIR, dataDir, { recursive: true });
    const good = readFileSync(join(HISTORY_DIR, 'forecast-log.jsonl'), 'utf8').trim();
    const log = [
      good,
      'not json',
      good,
      good.replace('"p48":28', '"p48":3'),
      good.replace('2026-11-22T23:14:29Z', '2026-11-01T00:00:00Z'),
      '',
    ].join('\n');
    writeFileSync(join(dataDir, 'forecast-log.jsonl'), log);
    const res = await astroBuild({ epoch: EPOCH, dataDir });
    expect(res.code, res.output).toBe(0);
    expect(readFileSync(join(dataDir, 'forecast-log.jsonl'), 'utf8')).toBe(log);
    const t = readJson(res.outDir, 'api/v1/track-record.json');
    expect(t.log).toMatchObject({
      lines: 1,
      skipped: 4,
      skipped_by_kind: { not_json: 1, invalid: 0, p48_below_p24: 1, duplicate: 1, out_of_order: 1 },
    });
    expect(t.log.warnings.map((w: string) => w.match(/line (\d+)/)?.[1])).toEqual(['2', '3', '4', '5']);
  }, 120_000);
});

describe('a build from bad data', () => {
  // Each case breaks one record of a copy of data/; the build must stop, name it, and write nothing.
  it.each<[string, (events: LooseJson[]) => void, RegExp]>([
    [
      'a duplicate id',
      (ev) => {
        ev[5].id = ev[4].id;
        ev[5].url = ev[4].url;
      },
      /events\.json: events\[5\] \(id \d+\): field 'id': duplicate of events\[4\]/,
    ],
    [
      'a bad timestamp',
      (ev) => {
        ev[2].ts = '2025-11-22T23:13:56.000Z';
      },
      /events\.json: events\[2\] \(id \d+\): field 'ts': expected a UTC timestamp/,
    ],
    [
      'an unknown kind',
      (ev) => {
        ev[3].kind = 'refund';
      },
      /events\.json: events\[3\] \(id \d+\): field 'kind': Invalid option/,
    ],
    [
      'a date that disagrees with its ts',
      (ev) => {
        ev[1].date = '2025-10-31';
      },
      /events\.json: events\[1\] \(id \d+\): field 'date': 2025-10-31 disagrees with ts/,
    ],
    [
      'a future event',
      (ev) => {
        ev.push({
          ...ev.at(-1),
          id: '9999999999999999999',
          date: '2026-12-01',
          ts: '2026-12-01T00:00:00Z',
          url: 'https://x.com/a/status/9999999999999999999',
        });
      },
      /field 'ts': 2026-12-01T00:00:00Z is in the future of the build clock/,
    ],
  ])(
    'refuses %s',
    async (_name, breakIt, message) => {
      const dataDir = join(tempDir('data'), 'data');
      cpSync(HISTORY_DIR, dataDir, { recursive: true });
      const doc = JSON.parse(readFileSync(join(dataDir, 'events.json'), 'utf8'));
      breakIt(doc.events);
      writeFileSync(join(dataDir, 'events.json'), JSON.stringify(doc, null, 2));
      const res = await astroBuild({ epoch: EPOCH, dataDir });
      expect(res.code).not.toBe(0);
      expect(res.output).toMatch(message);
      expect(existsSync(res.outDir) ? listFiles(res.outDir) : []).toEqual([]);
    },
    120_000,
  );

  it('stops at the event limit with a message naming it, and writes nothing', async () => {
    // The frozen history holds 69 events; a limit of 68 (RESETCAST_MAX_EVENTS) stands in for MAX_EVENTS.
    const res = await astroBuild({ epoch: EPOCH, dataDir: HISTORY_DIR, env: { RESETCAST_MAX_EVENTS: '68' } });
    expect(res.code).not.toBe(0);
    expect(res.output).toMatch(
      joinedRegExp(
        /data\/events\.json: 69 events, more than the build's limit of 68 \(MAX_EVENTS in src\/core\/dataset\/index\.ts,/,
        / or RESETCAST_MAX_EVENTS\): the build stops here rather than run out of memory/,
      ),
    );
    expect(existsSync(res.outDir) ? listFiles(res.outDir) : []).toEqual([]);
  }, 120_000);
});
