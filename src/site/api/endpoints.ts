/**
 * Every public static endpoint, named once: the JSON payloads (from the payload registry), the
 * OpenAPI document, the feeds, the discovery documents and the status-line client. The OpenAPI
 * document, the developers page and llms.txt are all generated from this list, so they cannot drift.
 */
import { ALERTS_FEED_PATH, THRESHOLD_FEEDS } from '../../core/alerts/thresholds.ts';
import { JSON_FEED_PATH } from '../../core/feeds/atom.ts';
import { AI_CATALOG_PATH, CATALOG_PATH, SERVER_CARD_PATH } from '../../mcp/config.ts';
import { PAYLOADS, type PayloadName } from './payloads.ts';

export type EndpointTag = 'data' | 'schemas' | 'feeds' | 'mcp' | 'clients';

export interface Endpoint {
  path: string;
  operationId: string;
  tag: EndpointTag;
  summary: string;
  /** How a list of links names it when the summary speaks from inside the document ("This OpenAPI document"). */
  linkTitle?: string;
  description: string;
  media: string;
  /** The payload whose JSON Schema describes the body, when it is one of ours. */
  payload?: PayloadName;
  /** What the body is, for endpoints that are not payloads. */
  body?: string;
  /** Served with CORS `*` and the 5-minute edge cache (netlify.toml). */
  edge: boolean;
}

/** `event-notes` → `EventNotes`. */
export const pascalCase = (name: string): string => name.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase());

export const OPENAPI_PATH = '/api/v1/openapi.json';
export const LLMS_TXT_PATH = '/llms.txt';
export const payloadPath = (name: PayloadName): string => `/api/v1/${name}.json`;

export const ENDPOINTS: readonly Endpoint[] = [
  ...PAYLOADS.map(
    (p): Endpoint => ({
      path: payloadPath(p.name),
      operationId: `get${pascalCase(p.name)}`,
      tag: 'data',
      summary: p.summary,
      description: p.description,
      media: 'application/json',
      payload: p.name,
      edge: true,
    }),
  ),
  {
    path: OPENAPI_PATH,
    operationId: 'getOpenApi',
    tag: 'schemas',
    summary: 'This OpenAPI document',
    linkTitle: 'OpenAPI document',
    description: 'The OpenAPI 3.1 description of every endpoint.',
    media: 'application/json',
    body: 'An OpenAPI 3.1 document',
    edge: true,
  },
  {
    path: LLMS_TXT_PATH,
    operationId: 'getLlmsTxt',
    tag: 'schemas',
    summary: 'llms.txt',
    description:
      'Resetcast for language models and agents, in Markdown (the llms.txt convention): what it is, every endpoint, the ' +
      'MCP server and the attribution request.',
    media: 'text/plain',
    body: 'Markdown text',
    edge: false,
  },
  {
    path: '/feed.xml',
    operationId: 'getAtomFeed',
    tag: 'feeds',
    summary: 'Atom feed of recorded resets',
    description: 'Recorded resets as an Atom 1.0 feed, newest first.',
    media: 'application/atom+xml',
    body: 'Atom 1.0 XML',
    edge: true,
  },
  {
    path: JSON_FEED_PATH,
    operationId: 'getJsonFeed',
    tag: 'feeds',
    summary: 'JSON Feed of recorded resets',
    description:
      'The same entries as /feed.xml, in the same order, as JSON Feed 1.1 (each entry links its place on the timeline, and the post as external_url).',
    media: 'application/feed+json',
    body: 'JSON Feed 1.1',
    edge: true,
  },
  {
    path: ALERTS_FEED_PATH,
    operationId: 'getAlertsFeed',
    tag: 'feeds',
    summary: 'Atom feed of alerts',
    description:
      'Every alert kind as Atom 1.0, newest first (the newest 100): resets and banked resets recorded, banked resets ' +
      'expiring within 24, 5 and 1 h (one alert each), promises and whether they came, corrections, and the forecast ' +
      'crossing 25, 50 or 75 %. Entry ids never change.',
    media: 'application/atom+xml',
    body: 'Atom 1.0 XML',
    edge: true,
  },
  ...THRESHOLD_FEEDS.map(
    (f): Endpoint => ({
      path: f.path,
      operationId: `getAlertsFeedP${f.horizon}Over${f.threshold}`,
      tag: 'feeds',
      summary: `Alerts: p${f.horizon} reaches ${f.threshold} %`,
      description: `Atom 1.0: the forecast's ${f.horizon}-hour chance crossing ${f.threshold} % (again only after it fell below ${f.rearm_below} %), plus every recorded reset and banked reset.`,
      media: 'application/atom+xml',
      body: 'Atom 1.0 XML',
      edge: true,
    }),
  ),
  {
    path: '/calendar.ics',
    operationId: 'getCalendar',
    tag: 'feeds',
    summary: 'iCalendar feed',
    description: 'Past resets and expiry reminders for banked resets (alarms 24 h, 5 h and 1 h before), as iCalendar (RFC 5545).',
    media: 'text/calendar',
    body: 'iCalendar text',
    edge: true,
  },
  {
    path: SERVER_CARD_PATH,
    operationId: 'getMcpServerCard',
    tag: 'mcp',
    summary: 'MCP server card',
    description: 'Describes the MCP server (server-card draft).',
    media: 'application/json',
    body: 'MCP server card',
    edge: false,
  },
  {
    path: CATALOG_PATH,
    operationId: 'getMcpCatalog',
    tag: 'mcp',
    summary: 'MCP catalog',
    description: 'Lists the MCP server card (catalog draft).',
    media: 'application/json',
    body: 'MCP catalog',
    edge: false,
  },
  {
    path: AI_CATALOG_PATH,
    operationId: 'getAiCatalog',
    tag: 'mcp',
    summary: 'AI Catalog',
    description: 'Lists the MCP server card for cross-protocol discovery (AI Catalog; the same entry as the MCP catalog).',
    media: 'application/json',
    body: 'AI Catalog',
    edge: false,
  },
  {
    path: '/server.json',
    operationId: 'getMcpRegistryEntry',
    tag: 'mcp',
    summary: 'MCP Registry server.json',
    description: 'The server as the MCP Registry describes it.',
    media: 'application/json',
    body: 'MCP Registry server.json',
    edge: false,
  },
  {
    path: '/statusline.sh',
    operationId: 'getStatusLineClient',
    tag: 'clients',
    summary: 'Status-line client',
    description:
      'POSIX sh + curl script that prints "reset odds 24h: <p24>%" for a prompt or status line, and with Codex sessions on the ' +
      'machine "codex 5h 42% · week 89% (3d 4h) · reset before it: 35% · 24h 7%" (your limits read locally, never sent), ' +
      'caching the hourly outlook for 10 minutes and waiting at most 2 seconds.',
    media: 'text/plain',
    body: 'A POSIX shell script',
    edge: false,
  },
];

/**
 * The endpoints the developers page documents one by one (and whose words every locale's catalogue
 * carries, src/site/i18n/en.ts): the data, the feeds and the OpenAPI document. The threshold feeds are
 * listed on the alerts page (src/views/Alerts.astro); the MCP documents and clients have their own sections.
 */
export const DOCUMENTED_ENDPOINTS: readonly Endpoint[] = ENDPOINTS.filter(
  (e) => (e.tag === 'data' || e.tag === 'feeds' || e.path === OPENAPI_PATH) && !THRESHOLD_FEEDS.some((f) => f.path === e.path),
);
