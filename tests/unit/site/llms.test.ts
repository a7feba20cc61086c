/**
 * /llms.txt, the OpenAPI document and the developers page come from one endpoint registry: every
 * endpoint appears in each (the developers page is checked on a real build in tests/build/build.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, LLMS_TXT_PATH } from '../../../src/site/api/endpoints.ts';
import { createLlmsTxt } from '../../../src/site/llms.ts';
import { createOpenApiDocument } from '../../../src/site/api/openapi.ts';
import { TOOL_NAMES } from '../../../src/mcp/tools/index.ts';

const BASE = 'https://resetcast.example';
const text = createLlmsTxt(BASE);

describe('llms.txt', () => {
  it('follows the convention: an H1 name, a blockquote summary, then H2 sections of Markdown link lists', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe('# Resetcast');
    expect(lines[2]).toMatch(/^> Forecasts and records announced usage-limit resets of OpenAI Codex/);
    expect(lines.filter((l) => l.startsWith('# '))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith('## '))).toEqual([
      '## MCP server',
      '## JSON data',
      '## API description',
      '## Feeds',
      '## MCP discovery',
      '## Clients',
      '## Attribution',
    ]);
    for (const l of lines.filter((x) => x.startsWith('- '))) expect(l).toMatch(/^- \[[^\]]+\]\(https:\/\/resetcast\.example\/[^)]*\): \S/);
  });

  it('links every endpoint of the registry (but itself) by its absolute URL, and the OpenAPI document has the same paths', () => {
    const paths = Object.keys(createOpenApiDocument(BASE)['paths'] as object);
    for (const e of ENDPOINTS) {
      expect(paths, e.path).toContain(e.path);
      if (e.path !== LLMS_TXT_PATH) expect(text, e.path).toContain(`](${BASE}${e.path}):`);
    }
    expect(text).toContain('[OpenAPI document](https://resetcast.example/api/v1/openapi.json)');
  });

  it('gives the MCP URL, every tool, the other languages and the attribution request', () => {
    expect(text).toContain('[Resetcast MCP server](https://resetcast.example/mcp)');
    for (const name of TOOL_NAMES) expect(text).toContain(`\`${name}\``);
    expect(text).toContain('Simplified Chinese (/zh/), Japanese (/ja/), Spanish (/es/), and Korean (/ko/)');
    expect(text).toContain('please credit "Data: Resetcast"');
  });

  it('refuses an endpoint whose tag has no section', () => {
    expect(() => createLlmsTxt(BASE, [{ ...ENDPOINTS[0]!, tag: 'other' as never }])).toThrow('llms.txt: no section for endpoint tag other');
  });
});
