/**
 * The feed writers' last line of defence (issue 20): even text that slipped past intake and validation
 * (here put straight into an in-memory copy of the frozen history) cannot make /feed.xml, /alerts.xml or
 * any /alerts/p*.xml ill-formed. Read back by an independent strict XML parser (tests/support/xml.ts).
 * The primary defence, refusing such text at intake and in `npm run validate`, is tested in
 * tests/scripts/hostile-intake.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createMainAlertsFeed, createThresholdFeed } from '../../../../src/core/alerts/feeds.ts';
import { THRESHOLD_FEEDS } from '../../../../src/core/alerts/thresholds.ts';
import type { Dataset } from '../../../../src/core/dataset/index.ts';
import { createAtomFeed } from '../../../../src/core/feeds/atom.ts';
import { createPayloads } from '../../../../src/site/api/payloads.ts';
import { SITE } from '../../../../src/core/site.ts';
import { history, HISTORY_NOW } from '../../../support/history.ts';
import { xmlProblem } from '../../../support/xml.ts';

/** Every character XML 1.0 forbids or that breaks CDATA, with markup around it. */
const HOSTILE = 'A\u0000B\u0007C\u001b[31mD\u000bE\u000cF\ufffeG\uffffH\ud800I\udc00J ]]> <script>alert(1)</script> &amp; \u0085\u009b';

function hostileHistory(): Dataset {
  const data = history();
  const events = data.events.map((e) => ({ ...e, summary: `${e.summary} ${HOSTILE}` }));
  const last = events.at(-1)!;
  return {
    ...data,
    events,
    announcements: data.announcements.map((a) => ({
      ...a,
      summary: `${a.summary} ${HOSTILE}`,
      by: a.by === null ? null : `${a.by} ${HOSTILE}`,
    })),
    banked: { ...data.banked, grants: data.banked.grants.map((g) => ({ ...g, summary: `${g.summary} ${HOSTILE}` })) },
    corrections: [
      {
        event_id: last.id,
        at: '2026-11-22T12:00:00Z',
        what: 'summary',
        before: `old ${HOSTILE}`,
        after: last.summary,
        reason: `because ${HOSTILE}`,
      },
    ],
  };
}

describe('feeds written from hostile text', () => {
  const data = hostileHistory();
  const alerts = createPayloads(data, HISTORY_NOW, SITE.url).alerts.alerts;
  const feeds: [string, string][] = [
    ['/feed.xml', createAtomFeed(data.events, { base: SITE.url, corrections: data.corrections })],
    ['/alerts.xml', createMainAlertsFeed(alerts, SITE.url)],
    ...THRESHOLD_FEEDS.map((f): [string, string] => [`/alerts/${f.slug}.xml`, createThresholdFeed(alerts, f, SITE.url)]),
  ];

  it('carry the hostile text (the test would prove nothing otherwise)', () => {
    expect(feeds.length).toBe(2 + 6);
    for (const [, xml] of feeds) expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each(feeds)('%s is well-formed XML 1.0', (_, xml) => {
    expect(xmlProblem(xml)).toBeNull();
  });

  it('the reader is strict: the same text unescaped is refused', () => {
    expect(xmlProblem(`<a>${HOSTILE}</a>`)).toMatch(/disallowed character/);
    expect(xmlProblem('<a>]]></a>')).toMatch(/\]\]>/);
    expect(xmlProblem('<a>fine &amp; well</a>')).toBeNull();
  });
});
