/**
 * GET /api/v1/<clock payload>.json: the state of the build's timetable whose interval holds the request's
 * instant (docs/timetable.md), read from dist/_timetable/ (shipped with the function through netlify.toml
 * `included_files`). The index is read once per instance; a state's file when first picked.
 *
 * As shipped (bundled by `npm run build`), the bundle carries the headers netlify.toml gives each path,
 * read by the build with Netlify's parser; run from source (tests), it reads them itself.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '@netlify/functions';
import { createTimetableHandler } from '../../src/core/timetable-answer.ts';
import { stateFile, TIMETABLE_DIR, TIMETABLE_INDEX, type TimetableIndex } from '../../src/core/timetable.ts';

type Handler = (req: Request) => Promise<Response>;
type Headers = Record<string, Record<string, string>>;

/** Set by the bundler (esbuild `define`): `true`, and the headers per path as JSON. Absent from source. */
declare const RESETCAST_BUNDLED: true | undefined;
declare const RESETCAST_TIMETABLE_HEADERS: string;

/** The served paths: one per clock payload of src/site/api/payloads.ts (a build test checks they agree). */
export const config: Config = {
  path: [
    '/api/v1/forecast.json',
    '/api/v1/outlook.json',
    '/api/v1/hourly-outlook.json',
    '/api/v1/badge.json',
    '/api/v1/banked.json',
    '/api/v1/promises.json',
    '/api/v1/alerts.json',
    '/api/v1/backtest.json',
    '/api/v1/track-record.json',
  ],
};

/** Deployed, the included files sit under the task root; locally (and in tests), under the working directory. */
function timetableDir(): string {
  const dir = process.env['RESETCAST_TIMETABLE_DIR'];
  if (dir) return resolve(dir);
  return resolve(process.env['LAMBDA_TASK_ROOT'] ?? process.cwd(), 'dist', TIMETABLE_DIR);
}

/** A deploy without a readable timetable answers every request 503, naming the file, never a filesystem path. */
function unavailable(dir: string, e: unknown): Handler {
  console.error(`[timetable] cannot read ${join(dir, TIMETABLE_INDEX)}: ${(e as Error).message}`);
  return async () =>
    new Response(`timetable unavailable: ${TIMETABLE_DIR}/${TIMETABLE_INDEX}\n`, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' },
    });
}

function load(headers: Headers): Handler {
  const dir = timetableDir();
  try {
    const index = JSON.parse(readFileSync(join(dir, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
    return createTimetableHandler({ files: { index, read: (name, start) => readFileSync(join(dir, stateFile(name, start))) }, headers });
  } catch (e) {
    return unavailable(dir, e);
  }
}

/** From source: netlify.toml's headers for each served path, read with Netlify's parser as the build does. */
async function sourceHeaders(): Promise<Headers> {
  const { readHeaderRules } = await import('../../src/serve/load.ts');
  const { headersFor } = await import('../../src/serve/static.ts');
  const rules = await readHeaderRules(resolve(process.env['RESETCAST_ROOT'] ?? process.cwd(), 'netlify.toml'));
  return Object.fromEntries((config.path as string[]).map((p) => [p, headersFor(rules, p)]));
}

export default typeof RESETCAST_BUNDLED === 'undefined'
  ? load(await sourceHeaders())
  : load(JSON.parse(RESETCAST_TIMETABLE_HEADERS) as Headers);
