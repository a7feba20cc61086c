/**
 * The OpenAPI 3.1 document, checked structurally by hand (no validator package here) against the
 * OpenAPI 3.1 rules it must satisfy, the zod schemas, the routes in src/pages and the real /mcp handler.
 */
import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/mcp/config.ts';
import { createMcpHandler, createUnavailableHandler } from '../../../src/mcp/handler.ts';
import { createToolList } from '../../../src/mcp/tool-list.ts';
import { createOpenApiDocument, payloadComponentName } from '../../../src/site/api/openapi.ts';
import { createPayloads, PAYLOAD_SCHEMAS } from '../../../src/site/api/payloads.ts';
import { parseDataset } from '../../../src/core/dataset/index.ts';
import { SITE } from '../../../src/core/site.ts';
import { GET as servedDocument } from '../../../src/pages/api/v1/openapi.json.ts';
import { MINI_NOW, miniTexts } from '../../support/mini-data.ts';
import { miniPublished } from '../../support/published-payloads.ts';
import type { LooseJson } from '../../support/json.ts';

type Json = Record<string, LooseJson>;
const BASE = 'https://resetcast.example';
const doc: Json = createOpenApiDocument(BASE);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** RFC 6901 JSON Pointer resolution of a local `#/…` reference; undefined when it points nowhere. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}
/** The JSON type of a value, as a JSON Schema `type` names it. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * The JSON types a (sub)schema of `component` allows: its `type`, the types of a `const` or an `enum`, the
 * union over `anyOf`/`oneOf`, `$ref` followed (in the component's `$defs`, or the document); null when it
 * says nothing about the type. An integer is a number too.
 */
function jsonTypesOf(component: Json, schema: Json): string[] | null {
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = ref.startsWith('#/$defs/') ? resolvePointer(component, ref) : resolvePointer(doc, ref);
    return jsonTypesOf(component, target as Json);
  }
  const union = (schema['anyOf'] ?? schema['oneOf']) as Json[] | undefined;
  if (union) {
    const parts = union.map((s) => jsonTypesOf(component, s));
    return parts.includes(null) ? null : (parts.flat() as string[]);
  }
  const widen = (types: string[]): string[] => (types.includes('number') ? [...types, 'integer'] : types);
  if (schema['type'] !== undefined) return widen([schema['type']].flat() as string[]);
  if ('const' in schema) return [jsonTypeOf(schema['const'])];
  if (Array.isArray(schema['enum'])) return [...new Set((schema['enum'] as unknown[]).map(jsonTypeOf))];
  return null;
}

/** Follows `$ref` until a concrete object. */
const deref = (node: Json): Json => (typeof node['$ref'] === 'string' ? deref(resolvePointer(doc, node['$ref']) as Json) : node);

function collectRefs(node: unknown, at: string, out: Array<[string, string]>): Array<[string, string]> {
  if (Array.isArray(node)) {
    for (const [i, v] of node.entries()) collectRefs(v, `${at}/${i}`, out);
  } else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push([at, v]);
      else collectRefs(v, `${at}/${k}`, out);
    }
  }
  return out;
}

const operations = (): Array<[string, string, Json]> =>
  Object.entries(doc['paths'] as Json).flatMap(([path, item]) =>
    Object.entries(item as Json)
      .filter(([m]) => HTTP_METHODS.includes(m))
      .map(([m, op]): [string, string, Json] => [path, m, op as Json]),
  );

describe('OpenAPI 3.1 structure', () => {
  it('declares OpenAPI 3.1.x, the JSON Schema 2020-12 dialect, info and the server', () => {
    expect(doc['openapi']).toMatch(/^3\.1\.\d+$/);
    expect(doc['jsonSchemaDialect']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc['info']).toMatchObject({ title: expect.any(String), version: '1' });
    expect(doc['servers']).toEqual([{ url: BASE }]);
  });

  it.each([
    ['https://resetcast.netlify.app', 'https://resetcast.netlify.app'],
    ['https://resetcast.netlify.app/', 'https://resetcast.netlify.app'],
    ['http://localhost:8888', 'http://localhost:8888'],
  ])('takes its server URL from the base %s', (base, url) => {
    expect(createOpenApiDocument(base)['servers']).toEqual([{ url }]);
  });

  it('has only path keys that start with "/" and hold at least one operation', () => {
    for (const [path, item] of Object.entries(doc['paths'] as Json)) {
      expect(path).toMatch(/^\//);
      expect(
        Object.keys(item as Json).filter((m) => HTTP_METHODS.includes(m)),
        path,
      ).not.toEqual([]);
    }
  });

  it.each(operations())('%s %s has a unique operationId and described responses with valid status codes', (path, method, op) => {
    expect(op['operationId'], `${method} ${path}`).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    expect(operations().filter(([, , o]) => o['operationId'] === op['operationId'])).toHaveLength(1);
    const responses = Object.entries(op['responses'] as Json);
    expect(responses.length).toBeGreaterThan(0);
    for (const [status, response] of responses) {
      expect(status).toMatch(/^[1-5]\d\d$/);
      expect(deref(response as Json)['description']).toEqual(expect.any(String));
    }
  });

  it('declares every path template parameter as a required path parameter', () => {
    for (const [path, , op] of operations()) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = ((op['parameters'] ?? []) as Json[]).filter((p) => p['in'] === 'path');
      expect(declared.map((p) => p['name']).sort()).toEqual(templated.sort());
      for (const p of declared) expect(p['required']).toBe(true);
    }
  });

  it('resolves every $ref inside the document', () => {
    const refs = collectRefs(doc, '#', []);
    expect(refs.length).toBeGreaterThan(20);
    const broken = refs.filter(([, ref]) => resolvePointer(doc, ref) === undefined);
    expect(broken).toEqual([]);
  });

  it('finds a broken $ref when there is one (the checker itself can fail)', () => {
    const bad = { a: { $ref: '#/components/schemas/Nope' }, b: { $ref: '#/paths/~1feed.xml' } };
    expect(resolvePointer(doc, bad.a.$ref)).toBeUndefined();
    expect(resolvePointer(doc, bad.b.$ref)).toBeDefined(); // "~1" is "/" in a pointer
  });

  it('is served at /api/v1/openapi.json as JSON for the site URL, every schema id on the site', async () => {
    const res = servedDocument();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const served = (await res.json()) as Json;
    expect(served['servers'][0]['url']).toBe(SITE.url);
    expect(JSON.stringify(served)).not.toContain(BASE);
    const ids = Object.values(served['components']['schemas'] as Record<string, Json>)
      .map((c) => c['$id'])
      .filter((id) => id !== undefined);
    expect(ids.length).toBe(Object.keys(PAYLOAD_SCHEMAS).length);
    for (const id of ids) expect(id).toMatch(new RegExp(`^${SITE.url.replace(/[.]/g, '\\.')}/api/v1/schema/[a-z-]+\\.json$`));
    expect(Object.keys(served['paths'])).toEqual(Object.keys(doc['paths']));
  });
});

const jsonOk = (path: string, method = 'get'): Json => doc['paths'][path][method]['responses']['200'];

describe('endpoints', () => {
  it.each([
    ['/api/v1/forecast.json', 'application/json'],
    ['/api/v1/timeline.json', 'application/json'],
    ['/api/v1/signals.json', 'application/json'],
    ['/api/v1/banked.json', 'application/json'],
    ['/api/v1/event-notes.json', 'application/json'],
    ['/api/v1/backtest.json', 'application/json'],
    ['/api/v1/schema/{name}.json', 'application/json'],
    ['/api/v1/openapi.json', 'application/json'],
    ['/feed.xml', 'application/atom+xml'],
    ['/calendar.ics', 'text/calendar'],
  ])('GET %s: 200 as %s, with CORS "*" and the 5-minute edge cache', (path, media) => {
    const ok = jsonOk(path);
    expect(Object.keys(ok['content'])).toEqual([media]);
    expect(deref(ok['headers']['Access-Control-Allow-Origin'])['schema']).toEqual({ type: 'string', const: '*' });
    expect(deref(ok['headers']['Cache-Control'])['schema']).toEqual({ type: 'string', const: 'public, max-age=300' });
  });

  it('serves the status-line client as text', () => {
    expect(Object.keys(jsonOk('/statusline.sh')['content'])).toEqual(['text/plain']);
  });

  it.each(Object.keys(PAYLOAD_SCHEMAS))('describes the %s payload: its component, named, at its own URL', (name) => {
    const schema = jsonOk(`/api/v1/${name}.json`)['content']['application/json']['schema'];
    expect(schema).toEqual({ $ref: `#/components/schemas/${payloadComponentName(name)}` });
    const component = deref(schema);
    expect(component['$id']).toBe(`${BASE}/api/v1/schema/${name}.json`);
    expect(component['title']).toBe(`Resetcast ${name} payload (v1)`);
  });

  // A payload as built (from the mini fixture), read against its component: the document must describe
  // what is published, field by field, not just whatever the schema library gives back.
  const built = createPayloads(parseDataset(miniTexts(), MINI_NOW), MINI_NOW, BASE) as unknown as Record<string, Json>;

  it('has a payload built for every component, and a component for every payload', () => {
    expect(Object.keys(built).sort()).toEqual(Object.keys(PAYLOAD_SCHEMAS).sort());
  });

  it.each(Object.keys(PAYLOAD_SCHEMAS))(
    'describes every top-level field of the built %s payload, its type and what is required',
    (name) => {
      const component = deref(jsonOk(`/api/v1/${name}.json`)['content']['application/json']['schema']);
      const payload = built[name]!;
      expect(component['type']).toBe('object');
      const properties = component['properties'] as Record<string, Json>;
      expect(Object.keys(properties).sort()).toEqual(Object.keys(payload).sort());
      for (const key of component['required'] as string[]) expect(Object.keys(payload), key).toContain(key);
      let typed = 0;
      for (const [key, value] of Object.entries(payload)) {
        const types = jsonTypesOf(component, properties[key]!);
        if (types !== null) expect(types, `${name}.${key}`).toContain(jsonTypeOf(value));
        if (types !== null) typed++;
      }
      // Every field's type is read from the document (none said nothing about its type).
      expect(typed).toBe(Object.keys(payload).length);
    },
  );

  it('offers the JSON Schema of exactly the payloads schema.ts defines', () => {
    const param = doc['paths']['/api/v1/schema/{name}.json']['get']['parameters'][0];
    expect(param['schema']['enum']).toEqual(Object.keys(PAYLOAD_SCHEMAS));
  });

  it.each([
    ['event-notes', 'EventNotesPayload'],
    ['forecast', 'ForecastPayload'],
    ['backtest', 'BacktestPayload'],
  ])('names the component of %s %s', (name, component) => expect(payloadComponentName(name)).toBe(component));

  it('documents every route in src/pages and the /mcp function', () => {
    const pages = fileURLToPath(new URL('../../../src/pages', import.meta.url));
    const routes = readdirSync(pages, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map(
        (f) =>
          `/${relative(pages, join(pages, f))
            .split(sep)
            .join('/')
            .replace(/\.ts$/, '')
            .replace(/\[(\w+)\]/g, '{$1}')}`,
      )
      // The social cards (/og/…png) are pictures of the human pages for link previews, not part of the API.
      .filter((r) => !r.startsWith('/og/'))
      // The payload route is one file for every payload: each of its pages is a documented path.
      .flatMap((r) => (r === '/api/v1/{name}.json' ? Object.keys(PAYLOAD_SCHEMAS).map((n) => `/api/v1/${n}.json`) : [r]))
      // The threshold-feed route is one file for six feeds (docs/alerts.md): each is a documented path.
      .flatMap((r) =>
        r === '/alerts/{feed}.xml' ? ['p24-25', 'p24-50', 'p24-75', 'p48-25', 'p48-50', 'p48-75'].map((f) => `/alerts/${f}.xml`) : [r],
      );
    expect(routes.length).toBeGreaterThan(5);
    expect(Object.keys(doc['paths'])).toEqual(expect.arrayContaining([...routes, '/mcp']));
  });
});

describe('/mcp', () => {
  const mcp: Json = doc['paths']['/mcp'];

  it('takes one JSON-RPC 2.0 request in an application/json body', () => {
    const body = mcp['post']['requestBody'];
    expect(body['required']).toBe(true);
    const request = deref(body['content']['application/json']['schema']);
    expect(request['required']).toEqual(['jsonrpc', 'method']);
    expect(request['properties']['jsonrpc']).toEqual({ const: '2.0' });
    for (const [, example] of Object.entries(body['content']['application/json']['examples'] as Json)) {
      expect((example as Json)['value']).toMatchObject({ jsonrpc: '2.0', method: expect.any(String) });
    }
  });

  it('answers with a JSON-RPC result or error envelope', () => {
    const response = deref(mcp['post']['responses']['200']['content']['application/json']['schema']);
    const [result, error] = (response['oneOf'] as Json[]).map(deref);
    expect(result?.['required']).toEqual(['jsonrpc', 'id', 'result']);
    expect(error?.['required']).toEqual(['jsonrpc', 'id', 'error']);
    expect(error?.['properties']['error']['required']).toEqual(['code', 'message']);
  });

  // The real handler, built from the mini fixture: each status it gives must be the one documented.
  const handler = createMcpHandler(miniPublished(), createToolList(), SITE.url);
  const post = (body: string, type = 'application/json'): Request =>
    new Request('http://localhost/mcp', { method: 'POST', headers: { 'Content-Type': type }, body });
  it.each<[string, string, () => Request, number]>([
    ['a tools/list request', 'post', () => post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}'), 200],
    ['an unknown method', 'post', () => post('{"jsonrpc":"2.0","id":1,"method":"nope"}'), 200],
    ['a notification', 'post', () => post('{"jsonrpc":"2.0","method":"notifications/initialized"}'), 202],
    ['a body that is not JSON', 'post', () => post('{'), 400],
    ['a batch', 'post', () => post('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'), 400],
    [
      'a body over 1 MiB',
      'post',
      () => post(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}}`),
      413,
    ],
    ['a text/plain body', 'post', () => post('{"jsonrpc":"2.0","id":1,"method":"ping"}', 'text/plain'), 415],
    ['GET', 'get', () => new Request('http://localhost/mcp'), 405],
    ['DELETE', 'delete', () => new Request('http://localhost/mcp', { method: 'DELETE' }), 405],
    ['a CORS preflight', 'options', () => new Request('http://localhost/mcp', { method: 'OPTIONS' }), 204],
  ])('%s: the handler answers %s with the documented %i and headers', async (_, method, request, status) => {
    const res = await handler(request());
    expect(res.status).toBe(status);
    const documented = deref(mcp[method]['responses'][String(status)]);
    for (const [name, header] of Object.entries((documented['headers'] ?? {}) as Json)) {
      const constant = deref(header as Json)['schema']['const'];
      if (constant !== undefined) expect(res.headers.get(name), name).toBe(constant);
    }
    if (documented['content']) expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('a deploy missing its payloads answers 503 with the documented headers', async () => {
    const res = await createUnavailableHandler('payloads missing')(post('{"jsonrpc":"2.0","id":1,"method":"ping"}'));
    expect(res.status).toBe(503);
    const documented = deref(mcp['post']['responses']['503']);
    const names = Object.keys(documented['headers'] as Json);
    expect(names).toEqual(['Access-Control-Allow-Origin', 'Cache-Control']);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe(deref(documented['headers']['Cache-Control'])['schema']['const']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('names every tool of the registry', () => {
    expect(mcp['post']['description']).toContain('Tools: get_reset_forecast, list_codex_resets, get_status_signals.');
  });
});
