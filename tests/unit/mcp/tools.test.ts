import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../../src/core/json.ts';
import { getResetForecast, GetResetForecastInput, getResetForecastTool } from '../../../src/mcp/tools/get-reset-forecast.ts';
import { parsePublished } from '../../../src/mcp/published-schemas.ts';
import { getStatusSignals, GetStatusSignalsInput, getStatusSignalsTool } from '../../../src/mcp/tools/get-status-signals.ts';
import { LIST_RESETS, listResets, ListResetsInput, listResetsTool } from '../../../src/mcp/tools/list-resets.ts';
import type { McpTool } from '../../../src/mcp/tools/tool.ts';
import { miniPublished, thirtyEventPublished } from '../../support/published-payloads.ts';

// The published file is the last text block (an unvouched forecast puts a line before it).
const textOf = (r: { content: unknown[] }): string => (r.content.at(-1) as { type: 'text'; text: string }).text;

describe('tool names', () => {
  it('puts the brand word of the site config into the list tool', () => expect(LIST_RESETS).toBe('list_codex_resets'));
});

describe.each([
  ['get_reset_forecast', getResetForecast, 'forecast'],
  ['get_status_signals', getStatusSignals, 'signals'],
] as const)('%s', (_name, handler, file) => {
  it('returns the published file byte for byte as text, and its value as structured content', () => {
    const p = miniPublished();
    const result = handler(p);
    expect(textOf(result)).toBe(p[file].text);
    expect(result.structuredContent).toEqual(JSON.parse(p[file].text));
    expect(result.isError).toBeUndefined();
  });
});

describe('get_reset_forecast on a record that is not vouched for (available: false, issue 32)', () => {
  const mini = miniPublished();
  const stale = {
    ...JSON.parse(mini.forecast.text),
    available: false,
    p24: 7,
    confidence_reasons: [
      'the event record was last checked 9 days ago (limit 7 days): resets since then may be missing, so the numbers are shown but not vouched for',
    ],
  };
  const p = parsePublished({ forecast: stableStringify(stale), timeline: mini.timeline.text, signals: mini.signals.text });
  const result = getResetForecast(p);
  const texts = (result.content as { type: string; text: string }[]).map((c) => c.text);
  it('says so in the first line of its text, with the figure and the published reason', () => {
    expect(texts[0]!.split('\n')).toHaveLength(1);
    expect(texts[0]).toMatch(/^NOT VOUCHED FOR \(available: false\): p24 7 % and p48 \d+ % are computed from a record last checked at /);
    expect(texts[0]).toContain('Reasons: the event record was last checked 9 days ago');
  });
  it('still gives the published file byte for byte, after that line, and the same structured content', () => {
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(p.forecast.text);
    expect(result.structuredContent).toEqual(stale);
  });
  it('adds no line to an available forecast', () => {
    const fresh = parsePublished({
      forecast: stableStringify({ ...stale, available: true }),
      timeline: mini.timeline.text,
      signals: mini.signals.text,
    });
    expect(getResetForecast(fresh).content).toHaveLength(1);
  });
  it('says in its description what available means', () => {
    expect(getResetForecastTool.config.description).toMatch(/available is true when the record is vouched for; false when/);
    expect(getResetForecastTool.config.description).toContain('not vouched for');
  });
});

describe('list_codex_resets over 30 events (one a day in January 2026, newest first)', () => {
  const p = thirtyEventPublished();
  const ids = (from: number, to: number): string[] => Array.from({ length: from - to + 1 }, (_, i) => String(from - i));
  it.each([
    [{}, ids(30, 11)], // default limit 20
    [{ limit: 1 }, ['30']],
    [{ limit: 100 }, ids(30, 1)],
    [{ since: '2026-01-25' }, ids(30, 25)],
    [{ since: '2026-01-25', limit: 3 }, ['30', '29', '28']],
    // Inclusive UTC day: 2026-01-10T00:00:00Z is in, 2026-01-09T23:59:59Z is out.
    [{ since: '2026-01-10', limit: 100 }, ids(30, 10)],
    [{ since: '2026-01-10' }, ids(30, 11)],
    [{ since: '2026-01-09', limit: 100 }, ids(30, 9)],
    [{ since: '2026-01-30' }, ['30']],
    [{ since: '2026-01-31' }, []],
    [{ since: '2025-12-31', limit: 5 }, ids(30, 26)],
  ])('%j → %j', (args, want) => {
    const result = listResets(p, ListResetsInput.parse(args));
    const sc = result.structuredContent as { schema_version: number; source: string; events: { id: string }[] };
    expect(sc.events.map((e) => e.id)).toEqual(want);
    expect(sc.schema_version).toBe(1);
    expect(textOf(result)).toBe(stableStringify(sc));
  });
  it('returns timeline.json byte for byte when nothing is filtered out', () => {
    expect(textOf(listResets(p, ListResetsInput.parse({ limit: 30 })))).toBe(p.timeline.text);
    expect(textOf(listResets(miniPublished(), ListResetsInput.parse({})))).toBe(miniPublished().timeline.text);
  });
});

describe('tool arguments: one sentence per problem, naming the argument, the rule and what was sent', () => {
  const P = 'MCP error -32602: Input validation error: Invalid arguments for tool ';
  const refused = (tool: McpTool, args: unknown): string => {
    const result = tool.call(miniPublished(), args);
    expect(result.isError).toBe(true);
    return textOf(result);
  };
  it.each([
    [{ limit: 0 }, 'limit must be a whole number from 1 to 100 (got 0).'],
    [{ limit: -1 }, 'limit must be a whole number from 1 to 100 (got -1).'],
    [{ limit: 101 }, 'limit must be a whole number from 1 to 100 (got 101).'],
    [{ limit: 1000 }, 'limit must be a whole number from 1 to 100 (got 1000).'],
    [{ limit: 'ten' }, 'limit must be a whole number from 1 to 100 (got "ten").'],
    [{ limit: '5' }, 'limit must be a whole number from 1 to 100 (got "5").'],
    [{ limit: 1.5 }, 'limit must be a whole number from 1 to 100 (got 1.5).'],
    [{ limit: null }, 'limit must be a whole number from 1 to 100 (got null).'],
    [{ since: 'yesterday' }, 'since must be a date YYYY-MM-DD, e.g. 2026-10-01 (got "yesterday").'],
    [{ since: '2026-13-45' }, 'since must be a real calendar date (got "2026-13-45").'],
    [{ since: '2026-02-29' }, 'since must be a real calendar date (got "2026-02-29").'],
    [{ since: '2026-10-01T00:00:00Z' }, 'since must be a date YYYY-MM-DD, e.g. 2026-10-01 (got "2026-10-01T00:00:00Z").'],
    [{ since: 20261001 }, 'since must be a date YYYY-MM-DD, e.g. 2026-10-01 (got 20261001).'],
    [{ limit: 5, until: '2026-10-01' }, 'unknown argument "until": this tool takes only limit and since.'],
    [
      { limit: 0, since: 'x' },
      'limit must be a whole number from 1 to 100 (got 0). since must be a date YYYY-MM-DD, e.g. 2026-10-01 (got "x").',
    ],
    ['limit=5', 'the arguments must be an object (got "limit=5").'],
  ])('list_codex_resets refuses %j: %s', (args, sentence) => {
    expect(refused(listResetsTool, args)).toBe(`${P}list_codex_resets: ${sentence}`);
  });
  it('cuts a huge value it quotes back', () => {
    const text = refused(listResetsTool, { since: 'x'.repeat(10_000) });
    expect(text.length).toBeLessThan(250);
    expect(text).toMatch(/\(got "x{39}…\)\.$/);
  });
  it.each([
    ['get_reset_forecast', getResetForecastTool, GetResetForecastInput],
    ['get_status_signals', getStatusSignalsTool, GetStatusSignalsInput],
  ])('%s takes no arguments and names an extra one', (name, tool, schema) => {
    expect(schema.safeParse({}).success).toBe(true);
    expect(refused(tool, { verbose: true })).toBe(`${P}${name}: unknown argument "verbose": this tool takes no arguments.`);
  });
});
