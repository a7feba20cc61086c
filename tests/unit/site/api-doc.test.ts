/**
 * docs/api.md and the README's endpoint table held to the registries: every endpoint and payload named,
 * every field of every payload listed with a meaning, the limits as the code sets them; and no public
 * text cites a file outside the repository.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_DOC_PATH, createApiDoc, createReadmeEndpoints, withReadmeEndpoints } from '../../../src/site/api/api-doc.ts';
import { ENDPOINTS, payloadPath } from '../../../src/site/api/endpoints.ts';
import { THRESHOLD_FEEDS } from '../../../src/core/alerts/thresholds.ts';
import { createLlmsTxt } from '../../../src/site/llms.ts';
import { TOOLS } from '../../../src/mcp/tools/index.ts';
import { PAYLOAD_NAMES, PAYLOAD_SCHEMAS } from '../../../src/site/api/payloads.ts';
import { SITE } from '../../../src/core/site.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(ROOT, API_DOC_PATH), 'utf8');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The lines of the section that starts at `heading` and ends at the next heading of the same or higher level. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  expect(start, `no "${heading}"`).toBeGreaterThanOrEqual(0);
  const level = heading.match(/^#+/)![0].length;
  const rest = text.slice(start + heading.length + 1);
  const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
  return end < 0 ? rest : rest.slice(0, end);
}

describe('docs/api.md', () => {
  it('is up to date with the registries (npm run docs:api)', () => {
    expect(doc).toBe(createApiDoc());
  });

  it('names every endpoint of the registry, the MCP endpoint and every tool', () => {
    const table = section(doc, '## Endpoints');
    for (const e of ENDPOINTS) expect(table, e.path).toContain(`| \`${e.path}\` |`);
    expect(table).toContain('| POST | `/mcp` |');
    const mcp = section(doc, '## The MCP server: `POST /mcp`');
    for (const t of TOOLS) expect(mcp, t.name).toContain(`\`${t.name}\``);
  });

  it('lists every top-level field of every payload, each with a meaning', () => {
    for (const name of PAYLOAD_NAMES) {
      const part = section(doc, `### \`${payloadPath(name)}\``);
      const shape = (PAYLOAD_SCHEMAS[name] as unknown as { shape: Record<string, unknown> }).shape;
      for (const field of Object.keys(shape)) expect(part, `${name}.${field}`).toMatch(new RegExp(`^\\| \`${field}\` \\|`, 'm'));
      const rows = part.split('\n').filter((l) => l.startsWith('| `'));
      for (const row of rows) expect(row.endsWith('|  |'), `${name}: ${row}`).toBe(false);
    }
  });

  it('lists nested fields too: the check of each source, with the new skip reason', () => {
    const signals = section(doc, '### `/api/v1/signals.json`');
    expect(signals).toMatch(/^\| `sources\[\]\.skip_reason` \| one of `no_token` \(optional\) \| why a skipped source was not asked/m);
    expect(signals).toMatch(/^\| `fetched_at` \| timestamp \| time of the last signal check \|$/m);
  });

  it('states the limits the code enforces', () => {
    const limits = section(doc, '## Limits');
    expect(limits).toContain('| `list_codex_resets` `limit` | 1 to 100, default 20 |');
    expect(limits).toContain('1,048,576 bytes (1 MiB)'); // MAX_BODY_BYTES, src/mcp/endpoint.ts
    expect(limits).toContain('the newest 100'); // FEED_ENTRY_LIMIT, src/core/feeds/atom.ts
    expect(limits).toContain('5 minutes (`max-age=300`)'); // netlify.toml
  });
});

describe('README endpoint table', () => {
  const table = section(readme, '## Endpoints');
  it('is up to date with the registry (npm run docs:api writes it between its two marker lines)', () => {
    expect(readme).toBe(withReadmeEndpoints(readme));
  });
  it('lists every payload, by path', () => {
    for (const name of PAYLOAD_NAMES) expect(table, name).toContain(`| \`${payloadPath(name)}\` |`);
  });
  it('names every other endpoint (the threshold feeds in one row, with their number), the schemas and every MCP tool', () => {
    for (const e of ENDPOINTS) {
      if (THRESHOLD_FEEDS.some((f) => f.path === e.path)) expect(table).toContain('| `/alerts/p24-25.xml` … (6 feeds) |');
      else expect(table, e.path).toContain(`| \`${e.path}\` |`);
    }
    expect(table).toContain('| `/api/v1/schema/<name>.json` |');
    for (const t of TOOLS) expect(table, t.name).toMatch(new RegExp(`^\\| \`POST /mcp\` \\|.*\`${t.name}\``, 'm'));
  });
  it('points to docs/api.md', () => {
    expect(table).toContain('[`docs/api.md`](docs/api.md)');
  });
  it('is replaced between the markers only, and refused without them', () => {
    const text = 'a\n<!-- endpoints: npm run docs:api -->\nold\n<!-- /endpoints -->\nb\n';
    expect(withReadmeEndpoints(text, 'new')).toBe('a\n<!-- endpoints: npm run docs:api -->\nnew\n<!-- /endpoints -->\nb\n');
    expect(() => withReadmeEndpoints('a\nb\n', 'new')).toThrow(/lacks the lines/);
    expect(
      createReadmeEndpoints()
        .split('\n')
        .filter((l) => l.startsWith('| `')).length,
    ).toBe(ENDPOINTS.length - 6 + 1 + 2);
  });
});

describe('no public text cites a file outside the repository', () => {
  const files = [
    'README.md',
    ...readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
    'scripts/statusline.sh',
  ];
  it.each(files)('%s', (file) => {
    expect(readFileSync(join(ROOT, file), 'utf8')).not.toMatch(/SPEC(\.md)?\b/);
  });
  it('llms.txt points to docs/api.md instead', () => {
    const llms = createLlmsTxt(SITE.url);
    expect(llms).not.toMatch(/SPEC/);
    expect(llms).toContain("`docs/api.md` in the project's source");
  });
});
