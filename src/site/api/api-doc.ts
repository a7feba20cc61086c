/**
 * docs/api.md, the public interface in the project's own words: every endpoint (the registry,
 * endpoints.ts), every field of every payload (the zod schemas' own descriptions, through the same
 * JSON Schema generation that publishes /api/v1/schema/), the limits and the errors; and the README's
 * short endpoint table, one line per endpoint, from the same registry. Generated so they cannot drift
 * from the registry: `npm run docs:api` writes both, a test checks both. Pure.
 */
import { ENDPOINTS, payloadPath } from './endpoints.ts';
import { THRESHOLD_FEEDS } from '../../core/alerts/thresholds.ts';
import { FEED_ENTRY_LIMIT } from '../../core/feeds/atom.ts';
import { MAX_BODY_BYTES, MCP_PATH } from '../../mcp/endpoint.ts';
import { TOOLS } from '../../mcp/tools/index.ts';
import { payloadJsonSchema } from './json-schema.ts';
import { CLOCK_PAYLOAD_NAMES, PAYLOADS } from './payloads.ts';
import { SIGNALS_PATH, SITE, X_WEBHOOK_PATH } from '../../core/site.ts';

export const API_DOC_PATH = 'docs/api.md';
export const README_PATH = 'README.md';
/** The README's endpoint table sits between these two lines; `npm run docs:api` rewrites what is between. */
export const README_ENDPOINTS_START = '<!-- endpoints: npm run docs:api -->';
export const README_ENDPOINTS_END = '<!-- /endpoints -->';

type Json = { [k: string]: unknown };

/** What a schema admits: its fixed values (enums, consts) apart from its open types ("string", "array of object"). */
interface Admits {
  values: unknown[];
  types: string[];
  /** The values are an enum's, a list that may grow: said as "one of" even when it holds one. */
  listed?: boolean;
}

function admitsOf(s: Json): Admits {
  if (Array.isArray(s['enum'])) return { values: s['enum'] as unknown[], types: [], listed: true };
  if ('const' in s) return { values: [s['const']], types: [] };
  const union = (s['anyOf'] ?? s['oneOf']) as Json[] | undefined;
  if (union) return merged(union.map(admitsOf));
  const t = s['type'];
  if (t === 'array') return { values: [], types: [`array of ${s['items'] ? typeOf(s['items'] as Json) : 'any'}`] };
  if (Array.isArray(t)) return { values: [], types: t as string[] };
  if (typeof t === 'string')
    return {
      values: [],
      types: [s['format'] === 'date-time' || s['pattern'] === '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' ? 'timestamp' : t],
    };
  return { values: [], types: ['any'] };
}

function merged(all: readonly Admits[]): Admits {
  return {
    values: [...new Set(all.flatMap((a) => a.values))],
    types: [...new Set(all.flatMap((a) => a.types))],
    listed: all.some((a) => a.listed),
  };
}

const literal = (v: unknown): string => `\`${JSON.stringify(v).replace(/^"|"$/g, '')}\``;

/**
 * "string", "integer | null", "array of object", "one of `ok`, `failed`", "always `1`": every value a field
 * can take, as the schema fixes it (a union's fixed values gathered into one list, its open types after).
 */
function typeOf(s: Json): string {
  return formatAdmits(admitsOf(s));
}

function formatAdmits({ values, types, listed }: Admits): string {
  const fixed =
    values.length === 0
      ? []
      : [values.length === 1 && !listed ? `always ${literal(values[0])}` : `one of ${values.map(literal).join(', ')}`];
  // null last: "string | null", "one of `a`, `b` | null".
  const open = [...types.filter((t) => t !== 'null'), ...types.filter((t) => t === 'null')];
  return [...fixed, ...open].join(' | ');
}

/** The object schemas inside a field (through null unions, variants and arrays): one per variant. */
function objectsIn(s: Json): Json[] {
  if (s['type'] === 'object' && s['properties']) return [s];
  if (s['type'] === 'array' && s['items']) return objectsIn(s['items'] as Json);
  const union = (s['anyOf'] ?? s['oneOf']) as Json[] | undefined;
  return union?.flatMap(objectsIn) ?? [];
}

/**
 * The variants of a field's object as one: every property of any variant, admitting what any variant
 * admits, required only when every variant requires it (a correction's `what` is a field name, `retraction`
 * or `rerecorded`, each variant with its own `after`).
 */
function mergedObject(variants: readonly Json[]): Json | undefined {
  if (variants.length <= 1) return variants[0];
  const forms = new Map<string, Json[]>();
  for (const v of variants)
    for (const [name, p] of Object.entries((v['properties'] ?? {}) as Record<string, Json>))
      forms.set(name, [...(forms.get(name) ?? []), p]);
  // The meaning is the first variant's: the variants of one payload share their words.
  const properties = Object.fromEntries(
    [...forms].map(([name, all]) => [name, all.length === 1 ? all[0]! : { description: all[0]!['description'], anyOf: all }]),
  );
  const required = [...forms.keys()].filter((name) => variants.every((v) => ((v['required'] ?? []) as string[]).includes(name)));
  return { type: 'object', properties, required };
}

/** Fields whose children are not listed: a correction's "before" holds a whole recorded event or a field value. */
const NOT_EXPANDED = new Set(['corrections:corrections[].before']);

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** One row per field, nested fields as `parent.child` / `list[].child`. */
function fieldRows(payload: string, schema: Json, prefix = ''): string[] {
  const props = (schema['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(props).flatMap(([name, s]) => {
    const path = `${prefix}${name}`;
    // The meaning is the field's own `.describe()` in src/core/schema/, the words the JSON Schemas carry too.
    const meaning = typeof s['description'] === 'string' ? s['description'] : '';
    const row = `| \`${path}\` | ${cell(typeOf(s))}${required.has(name) ? '' : ' (optional)'} | ${cell(meaning)} |`;
    const inner = NOT_EXPANDED.has(`${payload}:${path}`) ? undefined : mergedObject(objectsIn(s));
    return inner ? [row, ...fieldRows(payload, inner, `${path}${s['type'] === 'array' ? '[]' : ''}.`)] : [row];
  });
}

/** The timetable's payloads (docs/timetable.md), as the rules name them. */
const CLOCK_LIST = CLOCK_PAYLOAD_NAMES.map((n) => `\`${n}.json\``).join(', ');

const INTRO = `# The Resetcast interface

Resetcast publishes what it knows about OpenAI Codex usage-limit resets at \`${SITE.url}\`: JSON under
\`/api/v1/\`, Atom and iCalendar feeds, a read-only MCP server at \`POST ${MCP_PATH}\`, and a status-line
client. This page is the description of that interface: every endpoint, every field, the limits and the
errors. The JSON Schemas (\`/api/v1/schema/<name>.json\`) and the OpenAPI 3.1 document
(\`/api/v1/openapi.json\`) are generated from the same schemas as this page.

This file is generated from the endpoint and payload registries (\`src/site/api/endpoints.ts\`,
\`src/site/api/payloads.ts\`) and the field descriptions of the zod schemas (\`src/core/schema/\`) by
\`npm run docs:api\`; a test fails when it is out of date.

## Rules for every endpoint

- Read-only, free, no key, no account. Please credit the data as "${SITE.attribution}".
- Every JSON payload and feed is built from the recorded data at deploy time, served with
  \`Access-Control-Allow-Origin: *\` and \`Cache-Control: public, max-age=300\`: an answer can be up to
  5 minutes older than the data. The payloads' own timestamps (\`generated_at\`, \`freshness\`,
  \`fetched_at\`) tell their age. The payloads whose content moves with the clock
  (${CLOCK_LIST})
  are computed by the build for every instant until a horizon at least 7 days on, and each request gets the
  state for its instant: \`generated_at\` is the instant its numbers are for (at most 5 minutes before the
  request while they change that fast, else the moment they last changed), \`freshness.built_at\` the build
  that computed them. After the horizon, with no new deploy, the last state is served, not vouched for. So
  are the alert feeds (\`/alerts.xml\`, \`/alerts/<horizon>-<threshold>.xml\`), \`/calendar.ics\` and the pages:
  a page and a payload asked at the same instant agree.
- Timestamps are UTC, to the second, in the form \`2026-11-22T23:14:29Z\`; dates are \`YYYY-MM-DD\` (UTC).
- Percentages are whole numbers from 0 to 100 unless a field says otherwise. Unknown stays unknown: a
  field the record cannot vouch for is \`null\`, never a guess, except where the event record's format
  types a field as a boolean: an event's \`partial\` and \`global\` and the forecast's \`inputs.global\` always
  hold \`true\` or \`false\`, and when the post did not say, \`uncertain_field_codes\` lists the field (or
  \`inputs.global_known\` is \`false\`): the value is then a placeholder, not a fact.
- Every value a field can take is in its row below: the fixed values of a field (\`one of …\`, \`always …\`)
  are all it ever holds, generated from the same schemas the payloads are checked against.
- Every payload except \`timeline.json\` opens with \`schema_version\` (\`1\`), \`generated_at\` (the build
  clock, or the state's instant above) and \`source\` (\`${SITE.url}\`); \`timeline.json\` keeps the three fields of the event record's
  envelope: \`schema_version\`, \`source\`, \`events\`.
- Versioning: fields may be added to a v1 payload; none is renamed, retyped or removed. A breaking change
  is published under \`/api/v2/\`, next to v1.
- There are no query parameters. A path that does not exist answers 404 with the site's not-found page.
`;

function endpointsTable(): string {
  return [
    '## Endpoints',
    '',
    '| Method | Path | Type | What |',
    '|---|---|---|---|',
    ...ENDPOINTS.map((e) => `| GET | \`${e.path}\` | \`${e.media}\` | ${cell(e.description)} |`),
    `| GET | \`/api/v1/schema/<name>.json\` | \`application/json\` | The JSON Schema (draft 2020-12) of each payload below, by name. |`,
    `| POST | \`${MCP_PATH}\` | \`application/json\` | The MCP server (below). |`,
  ].join('\n');
}

function payloadSections(): string {
  return PAYLOADS.map((p) => {
    const schema = payloadJsonSchema(p.name, SITE.url) as Json;
    return [
      `### \`${payloadPath(p.name)}\``,
      '',
      `${p.summary}. ${p.description}`,
      '',
      '| Field | Type | Meaning |',
      '|---|---|---|',
      ...fieldRows(p.name, schema),
    ].join('\n');
  }).join('\n\n');
}

function mcpSection(): string {
  return [
    `## The MCP server: \`POST ${MCP_PATH}\``,
    '',
    'A stateless, read-only Model Context Protocol server (Streamable HTTP, JSON answers only, no sessions, no key).',
    'Every tool answers from the same files as the JSON endpoints, so a tool result and the endpoint never disagree.',
    '',
    '| Tool | What it returns |',
    '|---|---|',
    ...TOOLS.map((t) => `| \`${t.name}\` | ${cell(t.summary)} |`),
    '',
    '`list_codex_resets` takes `limit` (a whole number from 1 to 100, default 20) and `since` (a UTC date',
    '`YYYY-MM-DD`, inclusive); `since` is applied first, then `limit`. Any other argument is refused.',
  ].join('\n');
}

function limitsSection(): string {
  return [
    '## Limits',
    '',
    '| Limit | Value |',
    '|---|---|',
    '| Edge cache of the JSON payloads and feeds | 5 minutes (`max-age=300`) |',
    `| Entries in \`/feed.xml\`, \`/feed.json\`, \`/alerts.xml\` and each \`/alerts/p*.xml\` | the newest ${FEED_ENTRY_LIMIT}; the JSON payloads hold every record |`,
    '| `list_codex_resets` `limit` | 1 to 100, default 20 |',
    `| Request body of \`POST ${MCP_PATH}\` | ${MAX_BODY_BYTES.toLocaleString('en')} bytes (1 MiB) |`,
    "| Signal checks | every 30 minutes, off the hour; `fetched_at` and each source's `checked_at` tell when |",
    '| Status-line client | caches the forecast for 10 minutes (by file time), waits at most 2 seconds |',
  ].join('\n');
}

function errorsSection(): string {
  return [
    '## Errors',
    '',
    "The static endpoints answer 200 with the file and 404 (the site's not-found page) for any other path. Only the MCP " +
      'server has errors of its own; every one is a',
    'JSON-RPC 2.0 error object, with CORS, `Cache-Control: no-store` and `X-Content-Type-Options: nosniff`:',
    '',
    '| Request | HTTP | JSON-RPC error |',
    '|---|---|---|',
    '| a method other than `POST` or `OPTIONS` | 405, with `Allow: POST, OPTIONS` | `-32000` Method Not Allowed |',
    '| `OPTIONS` (CORS preflight) | 204 | none |',
    '| `Content-Type` other than `application/json` | 415 | `-32000` Unsupported Media Type |',
    `| a body over ${MAX_BODY_BYTES.toLocaleString('en')} bytes | 413 | \`-32000\` Payload Too Large |`,
    '| a body that is not JSON | 400 | `-32700` Parse error |',
    '| not a JSON-RPC 2.0 request (a batch, a response, no `method`, a bad `id` or `params`) | 400 | `-32600` Invalid Request |',
    '| an unknown method | 200 | `-32601` Method not found |',
    '| bad parameters of a method, or an unknown tool | 200 | `-32602` Invalid params |',
    '| bad tool arguments (`limit` 0 or 1000, `since` "yesterday", an extra key) | 200 | none: a tool result with ' +
      '`isError: true` and the reason, so a model can correct itself |',
    '| the deploy lacks its published payloads | 503 | `-32603`, saying what is missing |',
    '',
    'A notification (a request without `id`) is acknowledged with 202 and no body.',
  ].join('\n');
}

/** The site's paths that are not the public interface: machine-to-machine endpoints of the operation. */
function notPublicSection(): string {
  return [
    '## Not part of the public API',
    '',
    'These paths exist on the site but are not the interface above: nothing promises their shape, they may change',
    'or disappear in any deploy, and they answer nobody but the machine they are for.',
    '',
    '| Path | What |',
    '|---|---|',
    `| \`GET, POST ${X_WEBHOOK_PATH}\` | X's webhook (the X Activity API pushes each post of the watched accounts): an ` +
      "authenticated machine-to-machine endpoint for X alone. It answers X's challenge-response check (GET with `crc_token`) " +
      "and X's signed deliveries (POST, `x-twitter-webhooks-signature`); anything unsigned, forged, stale, malformed or " +
      'oversized is refused (401, 400, 413) and anything else answered 405. It records nothing itself: the scheduled pull ' +
      'records the facts, published here as usual (docs/alerts.md, "X\'s webhook"; docs/security.md). |',
    `| \`POST ${SIGNALS_PATH}\` | The scheduled pull's handover of the signal snapshot it just committed (its bearer token ` +
      'alone): kept when it is a newer check than the stored one, so the serving functions can show it ' +
      'without a deploy. Anything else is refused (401, 405, 413, 415, 422) (docs/pull.md, "The signal snapshot at run time"). |',
  ].join('\n');
}

export function createApiDoc(): string {
  const sections = [
    INTRO,
    endpointsTable(),
    '## JSON payloads\n\nThe fields of each payload, nested fields as `parent.child` and list items as `list[].field`.',
    payloadSections(),
    mcpSection(),
    limitsSection(),
    errorsSection(),
    notPublicSection(),
  ];
  return `${sections.join('\n\n')}\n`;
}

/** The threshold feeds as one README row: their first path, how many, and the pairs they cover. */
function thresholdFeedsRow(): string {
  const horizons = [...new Set(THRESHOLD_FEEDS.map((f) => `p${f.horizon}`))].join('/');
  const thresholds = [...new Set(THRESHOLD_FEEDS.map((f) => f.threshold))].join('/');
  const path = `\`${THRESHOLD_FEEDS[0]!.path}\` … (${THRESHOLD_FEEDS.length} feeds)`;
  return `| ${path} | Alerts of one threshold (${horizons} × ${thresholds} %), plus recorded resets |`;
}

/**
 * The README's endpoint table: one row per endpoint of the registry (its summary), the threshold feeds
 * folded into one row, then the schemas and the MCP server with its tools; docs/api.md has the rest.
 */
export function createReadmeEndpoints(): string {
  const thresholdPaths = new Set(THRESHOLD_FEEDS.map((f) => f.path));
  const rows = ENDPOINTS.flatMap((e) => {
    if (!thresholdPaths.has(e.path)) return [`| \`${e.path}\` | ${cell(e.linkTitle ?? e.summary)} |`];
    return e.path === THRESHOLD_FEEDS[0]!.path ? [thresholdFeedsRow()] : [];
  });
  return [
    `Every endpoint, field, limit and error: [\`${API_DOC_PATH}\`](${API_DOC_PATH}). This table and that page are generated from the`,
    'endpoint registry by `npm run docs:api`.',
    '',
    '| Path | What |',
    '|---|---|',
    ...rows,
    '| `/api/v1/schema/<name>.json` | The JSON Schema (draft 2020-12) of each payload |',
    `| \`POST ${MCP_PATH}\` | The read-only MCP server: ${TOOLS.map((t) => `\`${t.name}\``).join(', ')} |`,
  ].join('\n');
}

/** The README with its endpoint table (between the two marker lines) replaced by `table`; throws when a marker is missing. */
export function withReadmeEndpoints(readme: string, table: string = createReadmeEndpoints()): string {
  const start = readme.indexOf(`${README_ENDPOINTS_START}\n`);
  const end = readme.indexOf(README_ENDPOINTS_END, start);
  if (start < 0 || end < 0) throw new Error(`${README_PATH} lacks the lines ${README_ENDPOINTS_START} and ${README_ENDPOINTS_END}`);
  return `${readme.slice(0, start + README_ENDPOINTS_START.length + 1)}${table}\n${readme.slice(end)}`;
}
