/** Published payloads for MCP tests: built from the mini fixture with a fixed clock, or a synthetic 30-event timeline. */
import { parseDataset } from '../../src/core/dataset/index.ts';
import { stableStringify } from '../../src/core/json.ts';
import type { PublishedPayloads } from '../../src/mcp/tools/published.ts';
import { parsePublished } from '../../src/mcp/published-schemas.ts';
import { createPayloads } from '../../src/site/api/payloads.ts';
import { SITE } from '../../src/core/site.ts';
import { MINI_NOW, miniTexts } from './mini-data.ts';

export function miniPublished(): PublishedPayloads {
  const p = createPayloads(parseDataset(miniTexts(), MINI_NOW), MINI_NOW, SITE.url);
  return parsePublished({
    forecast: stableStringify(p.forecast),
    timeline: stableStringify(p.timeline),
    signals: stableStringify(p.signals),
  });
}

/** Time of event n (1…30) in January 2026: noon, except the two that straddle midnight before Jan 10. */
function tsOf(n: number): string {
  const dd = String(n).padStart(2, '0');
  if (n === 10) return '2026-01-10T00:00:00Z';
  if (n === 9) return '2026-01-09T23:59:59Z';
  return `2026-01-${dd}T12:00:00Z`;
}

/** The mini payloads with a timeline of 30 events, ids "1"…"30", one a day in January 2026, newest first. */
export function thirtyEventPublished(): PublishedPayloads {
  const mini = miniPublished();
  const events = Array.from({ length: 30 }, (_, i) => 30 - i).map((n) => ({
    id: String(n),
    date: tsOf(n).slice(0, 10),
    ts: tsOf(n),
    scope: 'all',
    kind: 'reset',
    source: 'someone',
    url: `https://x.com/someone/status/${n}`,
    summary: `Reset number ${n}.`,
    partial: false,
    global: true,
    origin: 'official_post',
    uncertain_field_codes: [],
  }));
  const timeline = stableStringify({ schema_version: 1, source: SITE.url, events });
  return parsePublished({ forecast: mini.forecast.text, timeline, signals: mini.signals.text });
}
