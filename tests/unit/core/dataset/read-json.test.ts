/** The one "JSON text → zod → value or problems" reader (src/core/dataset/read-json.ts) and its one wording. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkDoc, readJson, readJsonLine } from '../../../../src/core/dataset/read-json.ts';

const Item = z.strictObject({ id: z.string(), n: z.number().int() });
const File = z.strictObject({ checked_at: z.string(), items: z.array(Item) });

describe('readJson', () => {
  it('returns the value of a file that passes its schema', () => {
    expect(readJson('{"checked_at": "t", "items": [{"id": "a", "n": 1}]}', File, 'data/x.json')).toEqual({
      ok: true,
      value: { checked_at: 't', items: [{ id: 'a', n: 1 }] },
    });
  });

  it('names a file that is not JSON, with the parser’s reason', () => {
    const r = readJson('{"items": [', File, 'data/x.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems).toHaveLength(1);
    expect(!r.ok && r.problems[0]).toMatch(/^data\/x\.json: not valid JSON: \S/);
  });

  it('names every schema problem by record (list, index and id) and field, or (top level)', () => {
    const text = JSON.stringify({ checked_at: 5, items: [{ id: 'a', n: 1 }, { id: 'b', n: 1.5 }, { n: 2 }], extra: true });
    expect(readJson(text, File, 'data/x.json')).toEqual({
      ok: false,
      problems: [
        "data/x.json: (top level): field 'checked_at': Invalid input: expected string, received number",
        "data/x.json: items[1] (id b): field 'n': Invalid input: expected int, received number",
        "data/x.json: items[2]: field 'id': Invalid input: expected string, received undefined",
        'data/x.json: (top level): field \'(whole file)\': Unrecognized key: "extra"',
      ],
    });
  });

  it('names a problem with a whole record', () => {
    const r = checkDoc(File, { checked_at: 't', items: [{ id: 'a', n: 1, colour: 'red' }] }, 'data/x.json');
    expect(r).toEqual({ ok: false, problems: ['data/x.json: items[0] (id a): field \'(whole record)\': Unrecognized key: "colour"'] });
  });
});

describe('readJsonLine', () => {
  it('makes the line the record of every problem', () => {
    expect(readJsonLine('{"id": "a", "n": "2"}', Item, 'data/x.jsonl', 4)).toEqual({
      ok: false,
      problems: ["data/x.jsonl: line 4: field 'n': Invalid input: expected number, received string"],
    });
    const r = readJsonLine('{"id":', Item, 'data/x.jsonl', 2);
    expect(!r.ok && r.problems[0]).toMatch(/^data\/x\.jsonl: line 2: not valid JSON: \S/);
    expect(readJsonLine('{"id": "a", "n": 2}', Item, 'data/x.jsonl', 1)).toEqual({ ok: true, value: { id: 'a', n: 2 } });
  });
});
