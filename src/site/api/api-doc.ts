/**
 * docs/api.md, the public interface in the project's own words: every endpoint (the registry,
 * endpoints.ts), every field of every payload (the zod schemas' own descriptions, through the same
 * JSON Schema generation that publishes /api/v1/schema/), the limits and the errors. Generated so it
 * cannot drift from the registry: `npm run docs:api` writes it, a test checks it. Pure.
 */
import { ENDPOINTS, payloadPath } from './endpoints.ts';
import { FEED_ENTRY_LIMIT } from '../../core/feeds/atom.ts';
import { MAX_BODY_BYTES, MCP_PATH } from '../../mcp/endpoint.ts';
import { TOOLS } from '../../mcp/tools/index.ts';
import { payloadJsonSchema } from './json-schema.ts';
import { PAYLOADS } from './payloads.ts';
import { SITE } from '../../core/site.ts';

export const API_DOC_PATH = 'docs/api.md';

type Json = { [k: string]: unknown };

/** "string", "integer | null", "array of object", "one of `ok`, `failed`". */
function typeOf(s: Json): string {
  if (Array.isArray(s['enum']))
    return `one of ${(s['enum'] as unknown[]).map((v) => `\`${JSON.stringify(v).replace(/^"|"$/g, '')}\``).join(', ')}`;
  if ('const' in s) return `always \`${JSON.stringify(s['const']).replace(/^"|"$/g, '')}\``;
  const union = (s['anyOf'] ?? s['oneOf']) as Json[] | undefined;
  if (union) return [...new Set(union.map(typeOf))].join(' | ');
  const t = s['type'];
  if (t === 'array') return `array of ${s['items'] ? typeOf(s['items'] as Json) : 'any'}`;
  if (Array.isArray(t)) return t.join(' | ');
  if (typeof t === 'string')
    return s['format'] === 'date-time' || s['pattern'] === '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' ? 'timestamp' : t;
  return 'any';
}

/** The object schema inside a field, if any (through null unions and arrays). */
function objectIn(s: Json): Json | undefined {
  if (s['type'] === 'object' && s['properties']) return s;
  if (s['type'] === 'array' && s['items']) return objectIn(s['items'] as Json);
  const union = (s['anyOf'] ?? s['oneOf']) as Json[] | undefined;
  return union?.map(objectIn).find((o) => o !== undefined);
}

/**
 * Meanings of the fields whose schema carries no description, in our words: by full path (`payload:path`)
 * first, then by the field's own name wherever it appears. A test holds every row of the doc to a meaning.
 */
const BY_PATH: Readonly<Record<string, string>> = {
  'forecast:available':
    'false with too few recorded resets, or when the event record was last checked too long ago (resets may be missing); the numbers are still published, not vouched for',
  'forecast:reset_today': "a reset is recorded on today's UTC date",
  'forecast:inputs': 'the numbers the formula used (docs/forecast.md)',
  'forecast:inputs.avg_gap_hours': 'mean hours between consecutive recorded resets',
  'forecast:inputs.hours_since_last': 'hours from the last recorded reset to generated_at',
  'forecast:inputs.B': 'base chance of a reset within 24 h from the long-run average rate alone (0 to 1)',
  'forecast:inputs.C': 'chance of a reset within 24 h from the rhythm model, or null when there is no rhythm model',
  'forecast:inputs.cad24': 'the 24 h cadence chance the formula uses: C when there is one, else B',
  'forecast:inputs.official_signal': '1 while an official promise of a reset is open, else 0',
  'forecast:inputs.status_signal':
    'degraded Codex component or open incident on the status page (0 to 1; 0 when the check is missing or old)',
  'forecast:inputs.issues_signal': 'excess of new usage-limit issues over their baseline (0 to 1; 0 when the check is missing or old)',
  'forecast:inputs.S': 'the combined signal from the three signals above (0 to 1)',
  'forecast:inputs.global': 'the last recorded reset applied to every account',
  'forecast:inputs.rhythm_model': 'which rhythm model was used (`memoryless` when none)',
  'forecast:freshness': 'how old the inputs are',
  'timeline:events': 'every recorded event, newest first',
  'signals:status': 'the OpenAI status page as last checked',
  'signals:status.indicator': "the page's overall indicator; `unknown` until a check has succeeded",
  'signals:status.components': 'the Codex components and their status',
  'signals:status.incidents': 'incidents that concern Codex',
  'signals:issues': 'new usage-limit issues in the Codex issue tracker',
  'signals:issues.baseline_days': 'days of history the baseline is averaged over',
  'signals:sources':
    'one entry per source of the last pull: whether it answered. Empty before the first scheduled pull: no check has succeeded yet',
  'signals:sources[].name': 'the source: `status`, `issues`, `x` (posts on X) or `staff` (staff posts on GitHub)',
  'signals:sources[].ok': 'the source answered in the last pull',
  'signals:sources[].error': "why it did not, in the pull's words (English, capped), or null",
  'banked:active': 'the banked resets still redeemable, soonest expiry first',
  'banked:active[].hours_left': 'hours from generated_at to expires_at',
  'promises:promises': 'every promise, newest first',
  'corrections:corrections': 'every correction, newest first',
  'corrections:corrections[].what': 'the field that changed, or `retraction`',
  'corrections:corrections[].before': 'the value before; for a retraction, the event and its banked grant as they were recorded',
  'corrections:corrections[].after': 'the value after; null for a retraction',
  'alerts:alerts[].title': 'one line, English',
  'alerts:alerts[].summary': 'a sentence or two, English',
  'event-notes:notes': 'one entry per recorded event, newest first',
  'event-notes:notes[].id': "the event's id, as in timeline.json",
  'alerts:alerts[].forecast.value': 'the as-issued chance that crossed the threshold, whole percent',
  'backtest:targets[].value': 'the measured value, or null when it cannot be measured yet',
};

const BY_NAME: Readonly<Record<string, string>> = {
  schema_version: "version of the payload's shape; 1 for everything under /api/v1/",
  source: "who published it: the site's URL (in an event or promise: the account or site that said it)",
  formula_version: 'version of the forecast formula (docs/forecast.md)',
  disclaimer: 'the estimate is not a schedule; Resetcast is not affiliated with OpenAI',
  p24: 'chance of an announced reset within 24 hours, whole percent',
  p48: 'chance of an announced reset within 48 hours, whole percent (never below p24)',
  confidence: 'how far the numbers can be trusted today',
  confidence_reasons: 'why, one English sentence each',
  step_hours: 'hours between consecutive points',
  hours: 'hours from generated_at',
  id: 'stable identifier',
  url: 'the post or page it comes from',
  summary: 'what was said, paraphrased in English',
  partial: 'only some limits or some accounts were reset',
  global: 'applied to every account on the scope',
  certainty: '`high`, `medium` or `low`: how sure the record is of this fact',
  uncertain_fields: 'fields of the record that are not certain',
  scope_note: 'a note on who was covered, or null',
  event_id: 'the recorded event it belongs to',
  name: 'its name, as the source gives it',
  status: 'its state, as the source gives it',
  impact: 'the impact the status page gives',
  resolved_at: 'when it was resolved, or null while open',
  horizon_hours: 'the forecast horizon, 24 or 48 hours',
  horizons: 'one entry per horizon',
  horizons_hours: 'the horizons that alert (24 and 48 hours)',
  threshold: 'the threshold in whole percent',
  rearm_below: 'the chance must fall below this (whole percent) before the threshold alerts again',
  previous: 'the as-issued chance before the crossing',
  value: 'the value',
  text: 'the rule in words',
  rules: 'the rules alerts follow',
  thresholds: 'the thresholds that alert',
  scores: 'one entry per model and horizon',
  model: 'the model scored',
  n: 'how many forecasts (or issues) were scored',
  brier: 'Brier score: mean squared error of the probabilities (lower is better)',
  log_loss: 'mean logarithmic loss (lower is better)',
  base_rate: 'share of windows in which a reset came',
  skill_vs_memoryless: 'skill against the memoryless forecast from the average rate: 1 − Brier / Brier of memoryless (above 0 is better)',
  skill_vs_memoryless_90: '90 % bootstrap interval of that skill',
  skill_vs_climatology: 'skill against always forecasting the base rate',
  lower: 'lower end',
  upper: 'upper end',
  interval: '90 % interval',
  mean_p: 'mean forecast probability in the bin',
  observed: 'share of those windows in which a reset came',
  bins: 'reliability bins of the forecast probability',
  reliability: 'forecast probability against what happened, per bin',
  reliability_after_warmup: 'the same, without the warm-up issues',
  metric: 'the measure a target is set on',
  min: 'lowest value that meets it, or null',
  max: 'highest value that meets it, or null',
  met: 'the target is met',
  targets: 'what the formula is expected to reach',
  method: 'how the backtest was run',
  warmup_days: 'days at the start that are scored as warm-up',
  reset_kinds: 'the event kinds counted as a reset',
  first_issue: 'the first forecast issued in the replay',
  last_issue: 'the last forecast issued in the replay',
  no_information_p: 'the probability used while fewer than two resets were known',
  bootstrap: 'how the intervals are computed',
  seed: 'random seed (the result is reproducible)',
  replicates: 'bootstrap resamples',
  level: 'interval level',
  block_days: 'length of a resampled block, in days',
  block_issues: 'forecasts in a resampled block',
  parameters: "the formula's fixed parameters",
  half_lives_days: 'half-lives of the rhythm models, in days',
  weekday_prior_resets: 'prior weight of the weekday model, in resets',
  min_rhythm_events: 'resets needed before a rhythm model is used',
  status_weight: 'weight of the status signal',
  issues_weight: 'weight of the issues signal',
  promise_prior: 'prior counts of kept and missed promises',
  kept: 'promises kept',
  missed: 'promises missed',
  settled: 'promises settled',
  weight: 'weight given to an open official promise',
  official_weights: 'weight of an open promise per horizon, from the promises settled so far',
  provisional: 'too few forecasts scored yet to judge',
  provisional_rule: 'when the track record stops being provisional',
  mean_forecast: 'mean forecast probability',
  first_issued_at: 'first scored forecast',
  last_issued_at: 'last scored forecast',
  log: 'the forecast log as read',
  skipped_by_kind: 'log lines skipped, by reason',
  not_json: 'lines that are not JSON',
  invalid: "lines that fail the log's schema",
  p48_below_p24: 'lines with p48 below p24',
  duplicate: 'repeated lines',
  out_of_order: 'lines older than the one before',
  formula_versions: 'lines per formula version',
  lines: 'log lines',
  expiry_rule: "how a grant's expiry is decided when the post gives none",
  window_rule: 'how time words in a post become a UTC window',
  events: 'recorded events',
  inputs: 'the numbers the formula used',
  freshness: 'how old the inputs are',
  available: 'as in forecast.json: false when the record is stale or too short',
  reset_today: "a reset is recorded on today's UTC date",
  notes: 'curation notes per event',
  active: 'banked resets still redeemable',
  promises: 'promises of a reset',
  corrections: 'corrections',
  issues: 'issue signal',
};

/** Fields whose children are not listed: a correction's "before" holds a whole recorded event or a field value. */
const NOT_EXPANDED = new Set(['corrections:corrections[].before']);

const meaning = (payload: string, path: string, name: string, described: string): string =>
  described || BY_PATH[`${payload}:${path}`] || BY_NAME[name] || '';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** One row per field, nested fields as `parent.child` / `list[].child`. */
function fieldRows(payload: string, schema: Json, prefix = ''): string[] {
  const props = (schema['properties'] ?? {}) as Record<string, Json>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(props).flatMap(([name, s]) => {
    const path = `${prefix}${name}`;
    const described = typeof s['description'] === 'string' ? s['description'] : '';
    const row = `| \`${path}\` | ${cell(typeOf(s))}${required.has(name) ? '' : ' (optional)'} | ${cell(meaning(payload, path, name, described))} |`;
    const inner = NOT_EXPANDED.has(`${payload}:${path}`) ? undefined : objectIn(s);
    return inner ? [row, ...fieldRows(payload, inner, `${path}${s['type'] === 'array' ? '[]' : ''}.`)] : [row];
  });
}

const INTRO = `# The Resetcast interface

Resetcast publishes what it knows about OpenAI Codex usage-limit resets at \`${SITE.url}\`: JSON under
\`/api/v1/\`, Atom and iCalendar feeds, a read-only MCP server at \`POST ${MCP_PATH}\`, and a status-line
client. This page is the description of that interface: every endpoint, every field, the limits and the
errors. The JSON Schemas (\`/api/v1/schema/<name>.json\`) and the OpenAPI 3.1 document
(\`/api/v1/openapi.json\`) are generated from the same schemas as this page.

This file is generated from the endpoint and payload registries (\`src/site/api/endpoints.ts\`,
\`src/site/api/payloads.ts\`) by \`npm run docs:api\`; a test fails when it is out of date.

## Rules for every endpoint

- Read-only, free, no key, no account. Please credit the data as "${SITE.attribution}".
- Every JSON payload and feed is a static file built from the recorded data at deploy time, served with
  \`Access-Control-Allow-Origin: *\` and \`Cache-Control: public, max-age=300\`: an answer can be up to
  5 minutes older than the data. The payloads' own timestamps (\`generated_at\`, \`freshness\`,
  \`fetched_at\`) tell their age.
- Timestamps are UTC, to the second, in the form \`2026-11-22T23:14:29Z\`; dates are \`YYYY-MM-DD\` (UTC).
- Percentages are whole numbers from 0 to 100 unless a field says otherwise. Unknown stays unknown: a
  field the record cannot vouch for is \`null\`, never a guess.
- Every payload except \`timeline.json\` opens with \`schema_version\` (\`1\`), \`generated_at\` (the build
  clock) and \`source\` (\`${SITE.url}\`); \`timeline.json\` keeps the three fields of the event record's
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
    "The static endpoints answer 200 with the file and 404 (the site's not-found page) for any other path. Only the MCP server has errors of its own; every one is a",
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
    '| bad tool arguments (`limit` 0 or 1000, `since` "yesterday", an extra key) | 200 | none: a tool result with `isError: true` and the reason, so a model can correct itself |',
    '| the deploy lacks its published payloads | 503 | `-32603`, saying what is missing |',
    '',
    'A notification (a request without `id`) is acknowledged with 202 and no body.',
  ].join('\n');
}

export function createApiDoc(): string {
  return (
    [
      INTRO,
      endpointsTable(),
      '## JSON payloads\n\nThe fields of each payload, nested fields as `parent.child` and list items as `list[].field`.',
      payloadSections(),
      mcpSection(),
      limitsSection(),
      errorsSection(),
    ].join('\n\n') + '\n'
  );
}
