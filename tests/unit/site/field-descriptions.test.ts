/**
 * A field's meaning is written once, as its zod schema's `.describe()` (src/core/schema/): the published
 * JSON Schemas, the OpenAPI document, the MCP tools' output schemas and docs/api.md all carry those words.
 * Every field of every payload must have one, and the documents must say what the zod field says.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ForecastPayload, SignalsPayload, TimelinePayload } from '../../../src/core/schema/index.ts';
import { createMcpHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { payloadJsonSchema } from '../../../src/site/api/json-schema.ts';
import { createOpenApiDocument, payloadComponentName } from '../../../src/site/api/openapi.ts';
import { PAYLOAD_NAMES, PAYLOAD_SCHEMAS } from '../../../src/site/api/payloads.ts';
import { miniPublished } from '../../support/published-payloads.ts';
import { SITE } from '../../../src/core/site.ts';

type Json = Record<string, unknown>;
const BASE = 'https://resetcast.example';

/** Every property of a JSON Schema, as `a.b[].c`, through arrays, unions and nullable objects. */
function properties(schema: Json, prefix = ''): Array<[path: string, field: Json]> {
  const own = Object.entries((schema['properties'] ?? {}) as Record<string, Json>).flatMap(([name, field]) => [
    [`${prefix}${name}`, field] as [string, Json],
    ...properties(field, `${prefix}${name}.`),
  ]);
  const items = schema['items'] ? properties(schema['items'] as Json, `${prefix.replace(/\.$/, '')}[].`) : [];
  const members = ((schema['anyOf'] ?? schema['oneOf'] ?? []) as Json[]).flatMap((m) => properties(m, prefix));
  return [...own, ...items, ...members];
}

const undescribed = (schema: Json): string[] =>
  properties(schema)
    .filter(([, field]) => typeof field['description'] !== 'string' || field['description'].trim() === '')
    .map(([path]) => path);

/** The JSON Schema of the field at `path` (`inputs.B`, `events[].url`), as `properties` walks it. */
function jsonField(schema: Json, path: string): Json | undefined {
  return properties(schema).find(([p]) => p === path)?.[1];
}

/** The zod schema of the field at `path`, read from the shapes themselves (through arrays and nullables). */
function zodField(schema: z.ZodType, path: string): z.ZodType {
  const inner = (s: z.ZodType): z.ZodType => {
    if (s instanceof z.ZodNullable || s instanceof z.ZodOptional) return inner(s.unwrap() as z.ZodType);
    if (s instanceof z.ZodArray) return inner(s.element as z.ZodType);
    return s;
  };
  return path
    .replaceAll('[]', '')
    .split('.')
    .reduce<z.ZodType>((s, key) => {
      const object = inner(s);
      if (!(object instanceof z.ZodObject)) throw new Error(`${path}: ${key} is not inside an object`);
      const field = object.shape[key] as z.ZodType | undefined;
      if (!field) throw new Error(`${path}: no field ${key}`);
      return field;
    }, schema);
}

describe('every field of every published payload has a meaning', () => {
  it.each(PAYLOAD_NAMES)('%s: every property of its JSON Schema carries a description', (name) => {
    const schema = payloadJsonSchema(name, BASE);
    expect(undescribed(schema)).toEqual([]);
  });

  it('walks every field: the top-level ones, nested objects, list items, nullable objects and every union member', () => {
    for (const name of PAYLOAD_NAMES) {
      const paths = properties(payloadJsonSchema(name, BASE)).map(([p]) => p);
      const shape = (PAYLOAD_SCHEMAS[name] as unknown as z.ZodObject).shape;
      expect(paths, name).toEqual(expect.arrayContaining(Object.keys(shape)));
    }
    const paths = (name: (typeof PAYLOAD_NAMES)[number]): string[] => properties(payloadJsonSchema(name, BASE)).map(([p]) => p);
    expect(paths('forecast')).toContain('inputs.B');
    expect(paths('signals')).toContain('sources[].skip_reason');
    expect(paths('alerts')).toContain('alerts[].forecast.value');
    expect(paths('corrections')).toEqual(expect.arrayContaining(['corrections[].supersedes', 'corrections[].before.event.partial']));
  });

  it('finds a field without a description', () => {
    const schema = z.toJSONSchema(
      z.strictObject({ a: z.string().describe('said'), b: z.array(z.strictObject({ c: z.int() })).describe('said too') }),
    ) as Json;
    expect(undescribed(schema)).toEqual(['b[].c']);
  });
});

/** Fields of the three payloads the MCP tools return, with the tool that returns each. */
const SAMPLE = [
  { tool: 'get_reset_forecast', payload: 'forecast', schema: ForecastPayload, path: 'p24' },
  { tool: 'get_reset_forecast', payload: 'forecast', schema: ForecastPayload, path: 'inputs.B' },
  { tool: 'get_reset_forecast', payload: 'forecast', schema: ForecastPayload, path: 'available' },
  { tool: 'list_codex_resets', payload: 'timeline', schema: TimelinePayload, path: 'events[].source' },
  { tool: 'list_codex_resets', payload: 'timeline', schema: TimelinePayload, path: 'events[].partial' },
  { tool: 'get_status_signals', payload: 'signals', schema: SignalsPayload, path: 'sources[].ok' },
  { tool: 'get_status_signals', payload: 'signals', schema: SignalsPayload, path: 'status.incidents[].resolved_at' },
] as const;

/** tools/list as a real MCP client sees it, asked of the /mcp handler over HTTP. */
async function listedTools(): Promise<Array<{ name: string; outputSchema?: Json }>> {
  const handler = createMcpHandler(miniPublished(), createToolList(), SITE.url);
  const client = new Client({ name: 'field-descriptions-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), { fetch: (url, init) => handler(new Request(url, init)) }),
  );
  try {
    return (await client.listTools()).tools as Array<{ name: string; outputSchema?: Json }>;
  } finally {
    await client.close();
  }
}

describe('the OpenAPI document and the MCP output schemas say what the zod field says', () => {
  const components = (createOpenApiDocument(BASE)['components'] as Json)['schemas'] as Record<string, Json>;
  let tools: Awaited<ReturnType<typeof listedTools>> = [];
  beforeAll(async () => {
    tools = await listedTools();
  });

  it.each(SAMPLE)('$payload $path (tool $tool)', ({ tool, payload, schema, path }) => {
    const meaning = zodField(schema, path).description;
    expect(meaning, 'the zod field has a description').toMatch(/\S/);
    expect(jsonField(components[payloadComponentName(payload)]!, path)?.['description'], 'OpenAPI').toBe(meaning);
    const outputSchema = tools.find((t) => t.name === tool)?.outputSchema;
    expect(outputSchema, `${tool} lists an outputSchema`).toBeDefined();
    expect(jsonField(outputSchema!, path)?.['description'], `${tool} outputSchema`).toBe(meaning);
  });

  it('every property of every tool output schema carries a description', () => {
    expect(tools.map((t) => t.name)).toEqual(['get_reset_forecast', 'list_codex_resets', 'get_status_signals']);
    for (const t of tools) expect(undescribed(t.outputSchema!), t.name).toEqual([]);
  });
});
