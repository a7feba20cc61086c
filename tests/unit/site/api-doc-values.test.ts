/**
 * docs/api.md shows every value a field can take (issue 40): every payload built from the frozen history,
 * with a correction of each shape recorded on it by the real `npm run correct` (a link moved, a scope, a
 * boolean, a retraction), is walked field by field, and each value must be one the field's row admits (its
 * fixed values, `null`, its open type). A value the doc does not list, or a field it has no row for, fails.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDataset } from '../../../src/core/dataset/index.ts';
import { SITE } from '../../../src/core/site.ts';
import { readDataFiles } from '../../../src/io/data-folder.ts';
import { API_DOC_PATH } from '../../../src/site/api/api-doc.ts';
import { payloadPath } from '../../../src/site/api/endpoints.ts';
import { createPayloads, PAYLOAD_NAMES, type Payloads } from '../../../src/site/api/payloads.ts';
import { HISTORY_EPOCH, HISTORY_NOW, historyCopy } from '../../support/history.ts';
import { runNode } from '../../support/run-node.ts';
import { REPO } from '../../support/site.ts';

interface Row {
  values: Set<string>;
  types: Set<string>;
}

/** `one of \`a\`, \`b\` | string | null` → the fixed values and the open types. */
function parseType(cell: string): Row {
  const row: Row = { values: new Set(), types: new Set() };
  for (const part of cell.replace(/ \(optional\)$/, '').split(' | ')) {
    if (/^(one of|always) /.test(part)) for (const m of part.matchAll(/`([^`]*)`/g)) row.values.add(m[1]!);
    else row.types.add(part);
  }
  return row;
}

/** Each payload's rows in docs/api.md, by field path (`corrections[].what`). */
function documentedRows(doc: string): Map<string, Map<string, Row>> {
  const byPayload = new Map<string, Map<string, Row>>();
  let current: Map<string, Row> | undefined;
  for (const line of doc.split('\n')) {
    const heading = /^### `\/api\/v1\/([a-z-]+)\.json`$/.exec(line);
    if (heading) {
      current = new Map();
      byPayload.set(heading[1]!, current);
    } else if (line.startsWith('## ')) current = undefined;
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim());
    const path = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (current && path && cells.length >= 4) current.set(path, parseType(cells[2]!.replaceAll('\\|', '|')));
  }
  return byPayload;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** Whether `row` admits the scalar `v`. */
function admits(row: Row, v: string | number | boolean | null): boolean {
  if (row.types.has('any')) return true;
  if (v === null) return row.types.has('null') || row.values.has('null');
  if (row.values.has(String(v))) return true;
  if (typeof v === 'string') return row.types.has('string') || (row.types.has('timestamp') && TIMESTAMP.test(v));
  if (typeof v === 'number') return row.types.has('number') || (row.types.has('integer') && Number.isInteger(v));
  return row.types.has('boolean');
}

/** Every value of `payload` the doc does not admit, as `path: value`; objects the doc does not expand are `opaque`. */
function walk(rows: Map<string, Row>, value: unknown, path: string, problems: string[], opaque: Set<string>): void {
  const children = (prefix: string): string[] =>
    [...rows.keys()].filter((k) => k.startsWith(prefix) && !k.slice(prefix.length).includes('.'));
  const visitObject = (o: Record<string, unknown>, prefix: string): void => {
    if (prefix !== '' && children(prefix).length === 0) return void opaque.add(prefix.slice(0, -1));
    for (const [k, v] of Object.entries(o)) {
      const child = `${prefix}${k}`;
      if (!rows.has(child)) problems.push(`${child}: no row`);
      else walk(rows, v, child, problems, opaque);
    }
  };
  if (path === '') {
    visitObject(value as Record<string, unknown>, '');
    return;
  }
  const row = rows.get(path)!;
  if (Array.isArray(value)) {
    const array = [...row.types].find((t) => t.startsWith('array of '));
    if (!array) return void problems.push(`${path}: an array, not in ${[...row.types].join(' | ')}`);
    for (const item of value) {
      if (item !== null && typeof item === 'object') visitObject(item as Record<string, unknown>, `${path}[].`);
      else if (!admits(parseType(array.slice('array of '.length)), item as string)) problems.push(`${path}[]: ${JSON.stringify(item)}`);
    }
  } else if (value !== null && typeof value === 'object') {
    if (!row.types.has('object') && !row.types.has('any')) problems.push(`${path}: an object, not in ${[...row.types].join(' | ')}`);
    visitObject(value as Record<string, unknown>, `${path}.`);
  } else if (!admits(row, value as string | number | boolean | null)) problems.push(`${path}: ${JSON.stringify(value)}`);
}

describe('docs/api.md lists every value the payloads hold', () => {
  let payloads: Payloads;
  beforeAll(async () => {
    const dir = historyCopy('doc-values');
    const env = { ...process.env, RESETCAST_DATA_DIR: dir, SOURCE_DATE_EPOCH: String(HISTORY_EPOCH - 3600) };
    for (const args of [
      ['2018112125137846272', '--url', 'https://openai.com/index/codex-limits/', '--reason', 'the announcement page'],
      ['2106131810921136451', '--scope', 'plus+pro', '--reason', 'the post names the plans'],
      ['2106845241357824205', '--partial', '--reason', 'only the weekly limit'],
      ['2107676072871600470', '--retract', '--reason', 'not a reset'],
    ]) {
      const r = await runNode(['scripts/correct.ts', ...args], env, REPO);
      expect(r.code, r.out).toBe(0);
    }
    payloads = createPayloads(parseDataset(readDataFiles(dir), HISTORY_NOW), HISTORY_NOW, SITE.url);
  }, 120_000);

  it('holds the corrections the test recorded, of every shape', () => {
    expect(payloads.corrections.corrections.map((c) => c.what).sort()).toEqual(['partial', 'retraction', 'scope', 'url']);
  });

  it.each(PAYLOAD_NAMES)('%s: every field has a row and every value is one its row admits', (name) => {
    const rows = documentedRows(readFileSync(join(REPO, API_DOC_PATH), 'utf8')).get(payloadPath(name).replace(/^\/api\/v1\/|\.json$/g, ''));
    expect(rows, `no section for ${name}`).toBeDefined();
    const problems: string[] = [];
    const opaque = new Set<string>();
    walk(rows!, payloads[name], '', problems, opaque);
    expect(problems).toEqual([]);
    // The one field whose children the doc leaves out on purpose: a correction's whole `before` record.
    expect([...opaque]).toEqual(name === 'corrections' ? ['corrections[].before'] : []);
  });
});
