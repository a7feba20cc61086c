import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checksum,
  checksumsOf,
  pinnedPayloads,
  PublishedFileError,
  type PublishedFiles,
  type PublishedName,
} from '../../../src/mcp/tools/published.ts';
import { parsePublished } from '../../../src/mcp/published-schemas.ts';
import { miniPublished } from '../../support/published-payloads.ts';
import { joinedRegExp } from '../../support/regexp.ts';

describe('parsePublished', () => {
  const good = miniPublished();
  const texts = { forecast: good.forecast.text, timeline: good.timeline.text, signals: good.signals.text };
  it('keeps each file text exactly and its parsed value', () => {
    const p = parsePublished(texts);
    expect(p.timeline.text).toBe(texts.timeline);
    expect(p.forecast.value).toEqual(JSON.parse(texts.forecast));
  });
  it.each([
    ['forecast', '{"schema_version": 1,', /api\/v1\/forecast\.json: not valid JSON/],
    [
      'timeline',
      JSON.stringify({ ...JSON.parse(texts.timeline), schema_version: 2 }),
      /api\/v1\/timeline\.json: \(top level\): field 'schema_version': /,
    ],
    [
      'signals',
      JSON.stringify({ ...JSON.parse(texts.signals), fetched_at: '2026-07-01 12:00' }),
      /api\/v1\/signals\.json: \(top level\): field 'fetched_at': expected a UTC timestamp/,
    ],
    ['forecast', JSON.stringify({ ...JSON.parse(texts.forecast), p24: 101 }), /api\/v1\/forecast\.json: \(top level\): field 'p24': /],
  ] as const)('refuses a bad %s file, naming it and the field', (name, text, message) => {
    expect(() => parsePublished({ ...texts, [name]: text })).toThrow(message);
  });
});

describe('pinnedPayloads (the bundled function)', () => {
  const good = miniPublished();
  const texts = { forecast: good.forecast.text, timeline: good.timeline.text, signals: good.signals.text };
  const pinned = checksumsOf(texts);
  /** Files as the binding reaches them, counting reads. */
  function files(over: Partial<Record<PublishedName, string | null>> = {}): PublishedFiles & { reads: PublishedName[] } {
    const reads: PublishedName[] = [];
    const text = (n: PublishedName): string | null => (n in over ? over[n]! : texts[n]);
    return {
      reads,
      size: (n) => (text(n) === null ? null : Buffer.byteLength(text(n)!)),
      read: (n) => {
        reads.push(n);
        return new TextEncoder().encode(text(n)!);
      },
    };
  }

  it('fingerprints a file by its size in bytes and its CRC-32 (the IEEE polynomial of zlib, ZIP and gzip)', () => {
    // CRC-32 of "123456789" is 0xCBF43926, the check value of the standard.
    expect(checksum('123456789')).toBe(`9:${0xcbf43926}`);
    expect(checksum('é')).toBe(`2:${crc32('é')}`); // two UTF-8 bytes
  });
  it('reads nothing at load and each file once, on first use; text and value are the file exactly', () => {
    const f = files();
    const p = pinnedPayloads(f, pinned);
    expect(f.reads).toEqual([]);
    expect(p.forecast.value).toEqual(JSON.parse(texts.forecast));
    expect(p.forecast.text).toBe(texts.forecast);
    expect(f.reads).toEqual(['forecast']);
    expect(p.timeline.text).toBe(texts.timeline);
    expect(f.reads).toEqual(['forecast', 'timeline']);
  });
  it('refuses at load every missing file and every file of another size, naming each', () => {
    expect(() => pinnedPayloads(files({ signals: null, timeline: `${texts.timeline} ` }), pinned)).toThrow(PublishedFileError);
    expect(() => pinnedPayloads(files({ signals: null, timeline: `${texts.timeline} ` }), pinned)).toThrow(
      joinedRegExp(
        /published payloads differ from the build's:\n {2}- api\/v1\/timeline\.json: size and CRC-32/,
        / \d+:… are not those .*\n {2}- api\/v1\/signals\.json: missing$/,
      ),
    );
  });
  it('refuses on first use, and every use after, a file of the same size with other bytes', () => {
    const changed = texts.forecast.replace('"schema_version": 1', '"schema_version": 2');
    expect(changed.length).toBe(texts.forecast.length);
    const f = files({ forecast: changed });
    const p = pinnedPayloads(f, pinned);
    for (let i = 0; i < 2; i++)
      expect(() => p.forecast.text).toThrow(
        /api\/v1\/forecast\.json: size and CRC-32 \d+:\d+ are not those of the file the build validated/,
      );
    expect(f.reads).toEqual(['forecast']);
    expect(p.signals.value).toEqual(JSON.parse(texts.signals));
  });
});
