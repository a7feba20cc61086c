/**
 * The published payloads the MCP tools answer from: the exact text of each generated file in /api/v1/
 * and its value. Two ways to get them, once per function instance:
 *
 * - `pinnedPayloads` (the shipped function): `npm run build` validated these very files against their zod
 *   schemas when it bundled the function, and pinned each file's size and CRC-32 into the bundle. At load
 *   the function checks each file is there with that size; a file is read, checked against its CRC-32,
 *   decoded and parsed on first use (a tools/call needs one file). So a cold start costs the same at any
 *   length of history, and a file from another build, truncated or missing is refused with a 503. CRC-32 is
 *   the checksum ZIP and gzip use for the same purpose, detecting accidental change; it is not a defence
 *   against tampering, which nobody can do to a deployed file without redeploying the function with it.
 * - `parsePublished` (published-schemas.ts: the function run from source, and tests): validates with zod.
 *
 * This module imports no schema (types only), so the shipped function never builds the payload schemas.
 */
import { crc32 } from 'node:zlib';
import type { ForecastPayload, SignalsPayload, TimelinePayload } from '../../core/schema/index.ts';

/** The published payloads, by name (each is /api/v1/<name>.json): the one list every record here is built from. */
export const PUBLISHED_NAMES = ['forecast', 'timeline', 'signals'] as const;
export type PublishedName = (typeof PUBLISHED_NAMES)[number];

type Names = typeof PUBLISHED_NAMES;
/** One item per published name, in the order of PUBLISHED_NAMES. */
type PerName = { readonly [I in keyof Names]: unknown };
/** A tuple in the order of PUBLISHED_NAMES as a record by name: `ByName<[A, B, C]>` is `{ forecast: A; timeline: B; signals: C }`. */
export type ByName<T extends PerName> = { [I in Exclude<keyof Names, keyof (readonly unknown[])> as Names[I]]: T[I] };

/** A record with one entry per published name, `make(name)` each, in list order. */
export function byName<R extends Record<PublishedName, unknown>>(make: (name: PublishedName) => R[PublishedName]): R {
  return Object.fromEntries(PUBLISHED_NAMES.map((n) => [n, make(n)])) as R;
}

/** What each file holds, in the order of PUBLISHED_NAMES. */
type PublishedValues = ByName<[ForecastPayload, TimelinePayload, SignalsPayload]>;

export interface Published<T> {
  /** The file's bytes as published (what a tool returns as its text block). */
  readonly text: string;
  readonly value: T;
}
export type PublishedPayloads = { [K in PublishedName]: Published<PublishedValues[K]> };
export type PublishedTexts = Record<PublishedName, string>;
/** Each published file's fingerprint, as the build validated it: `<size in bytes>:<CRC-32>`. */
export type PublishedChecksums = Record<PublishedName, string>;

/** A file's size and CRC-32 (of its UTF-8 bytes, for a string). */
export const checksum = (data: Uint8Array | string): string =>
  `${typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength}:${crc32(data)}`;

export function checksumsOf(texts: PublishedTexts): PublishedChecksums {
  return byName<PublishedChecksums>((n) => checksum(texts[n]));
}

/** A published file that is missing or not the one the build validated: the deploy is broken (503). */
export class PublishedFileError extends Error {
  override name = 'PublishedFileError';
}

/** How the binding reaches the files: their sizes now, their bytes when first needed. */
export interface PublishedFiles {
  /** Size in bytes, or null when the file is missing. */
  size: (name: PublishedName) => number | null;
  read: (name: PublishedName) => Uint8Array;
}

const decoder = new TextDecoder('utf-8', { fatal: true });
const mismatch = (name: PublishedName, got: string, want: string): string =>
  `api/v1/${name}.json: size and CRC-32 ${got} are not those of the file the build validated (${want}): ` +
  `the function and the payloads must come from one \`npm run build\``;

/** A file read, checked and decoded on first use of its text, and parsed on first use of its value; all kept (a failure too). */
function lazily<T>(name: PublishedName, files: PublishedFiles, pinned: string): Published<T> {
  let text: string | undefined;
  let failure: PublishedFileError | undefined;
  let value: T | undefined;
  const published: Published<T> = {
    get text(): string {
      if (text !== undefined) return text;
      if (failure) throw failure;
      const bytes = files.read(name);
      const got = checksum(bytes);
      if (got !== pinned) {
        failure = new PublishedFileError(mismatch(name, got, pinned));
        throw failure;
      }
      text = decoder.decode(bytes);
      return text;
    },
    get value(): T {
      value ??= JSON.parse(published.text) as T;
      return value;
    },
  };
  return published;
}

/**
 * The files the build validated. Throws a PublishedFileError naming every file that is missing or has
 * another size than the build's now; a file whose CRC-32 differs fails on first use.
 */
export function pinnedPayloads(files: PublishedFiles, pinned: PublishedChecksums): PublishedPayloads {
  const problems = PUBLISHED_NAMES.flatMap((n) => {
    const size = files.size(n);
    const want = Number(pinned[n].split(':')[0]);
    if (size === null) return [`api/v1/${n}.json: missing`];
    return size === want ? [] : [mismatch(n, `${size}:…`, pinned[n])];
  });
  if (problems.length > 0) throw new PublishedFileError(`published payloads differ from the build's:\n  - ${problems.join('\n  - ')}`);
  return byName<PublishedPayloads>((n) => lazily<unknown>(n, files, pinned[n]) as PublishedPayloads[PublishedName]);
}

/**
 * Why the payloads could not be loaded, in words fit for a public answer: a missing file by its published
 * path (`api/v1/forecast.json: missing`), and no filesystem path anywhere (the folder `dir`, or any other
 * absolute path a message carries, is cut to the file's name).
 */
export function publicReason(e: unknown, dir?: string): string {
  const err = e as { code?: unknown; path?: unknown; message?: unknown };
  if (err.code === 'ENOENT' && typeof err.path === 'string') return `api/v1/${err.path.split(/[\\/]/).at(-1)}: missing`;
  const message = String(err.message ?? e);
  return (dir ? message.split(dir).join('api/v1') : message).replace(
    /(?<![^\s'"(])(?:[A-Za-z]:)?(?:[\\/][^\\/\s'"`]+)+[\\/]([^\\/\s'"`]+)/g,
    '$1',
  );
}
