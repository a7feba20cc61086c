/**
 * /llms.txt (the llms.txt convention, https://llmstxt.org/): a Markdown summary of Resetcast for
 * language models and agents — what it is, every endpoint, the MCP server and the attribution request.
 * The endpoint list is ENDPOINTS (src/site/api/endpoints.ts), the same registry the OpenAPI document and the
 * developers page are generated from, so the three cannot drift. English, like every payload. Pure.
 */
import { ENDPOINTS, LLMS_TXT_PATH, type Endpoint, type EndpointTag } from './api/endpoints.ts';
import { API_DOC_PATH } from './api/api-doc.ts';
import { MCP_PATH, MCP_SERVER } from '../mcp/config.ts';
import { TOOLS } from '../mcp/tools/index.ts';
import { DISCLAIMER, SITE, siteUrl } from '../core/site.ts';
import { LOCALE_INFO, PREFIXED_LOCALES } from './i18n/locales.ts';

const languageName = new Intl.DisplayNames('en', { type: 'language' });
/** "Simplified Chinese (/zh/), Japanese (/ja/), …": the human site's other languages, from the one locale list. */
const otherLanguages = (): string =>
  new Intl.ListFormat('en').format(PREFIXED_LOCALES.map((l) => `${languageName.of(LOCALE_INFO[l].tag)} (/${l}/)`));

const SECTIONS: readonly [EndpointTag, string][] = [
  ['data', 'JSON data'],
  ['schemas', 'API description'],
  ['feeds', 'Feeds'],
  ['mcp', 'MCP discovery'],
  ['clients', 'Clients'],
];

/** One llms.txt link line: `- [title](url): notes`; the registry names the link where the summary speaks from inside the document. */
const line = (e: Endpoint, base: string): string => `- [${e.linkTitle ?? e.summary}](${siteUrl(e.path, base)}): ${e.description}`;

export function createLlmsTxt(base: string, endpoints: readonly Endpoint[] = ENDPOINTS): string {
  const unsectioned = endpoints.filter((e) => !SECTIONS.some(([tag]) => tag === e.tag));
  if (unsectioned.length > 0) throw new Error(`llms.txt: no section for endpoint tag ${unsectioned.map((e) => e.tag).join(', ')}`);
  const out: string[] = [
    `# ${SITE.name}`,
    '',
    `> ${SITE.description}`,
    '',
    `${DISCLAIMER} Everything is read-only, free and needs no key; CORS is on. Please credit the data as "${SITE.attribution}".`,
    '',
    'When the forecast says `"available": false`, the record is not vouched for: its events were last checked ' +
      'too long ago (or too few resets are recorded), so recent resets may be missing. The figures are still ' +
      'given; quote them as "not vouched for", never as the current chance (the site, the status line and the ' +
      'MCP forecast tool all say it that way).',
    '',
    `Human pages, in English and also in ${otherLanguages()}: ${siteUrl('/', base)}, the timeline ${siteUrl('/timeline/', base)}, ` +
      `banked resets ${siteUrl('/banked/', base)}, the methodology ${siteUrl('/methodology/', base)} and the ` +
      `developer guide ${siteUrl('/developers/', base)}.`,
    '',
    `Every endpoint, field, limit and error is described in \`${API_DOC_PATH}\` in the project's source; the ` +
      `JSON Schemas and the OpenAPI document below are generated from the same schemas.`,
    '',
    '## MCP server',
    '',
    `- [${MCP_SERVER.title} MCP server](${siteUrl(MCP_PATH, base)}): stateless, read-only ` +
      `MCP over Streamable HTTP (POST). Tools: ${TOOLS.map((t) => `\`${t.name}\` ${t.summary}`).join('; ')}.`,
  ];
  for (const [tag, title] of SECTIONS) {
    // This file does not list itself.
    const list = endpoints.filter((e) => e.tag === tag && e.path !== LLMS_TXT_PATH);
    if (list.length > 0) out.push('', `## ${title}`, '', ...list.map((e) => line(e, base)));
  }
  out.push(
    '',
    '## Attribution',
    '',
    `When you show or reuse this data, please credit "${SITE.attribution}" and link to ${siteUrl('/', base)}.`,
    '',
  );
  return out.join('\n');
}
