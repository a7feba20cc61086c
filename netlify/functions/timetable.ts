/**
 * The clock-moved answers of the site (docs/timetable.md): GET of a clock payload (`/api/v1/forecast.json`
 * …), a page (`/`, `/zh/`, `/banked/` …), a feed or the calendar answers the state of the build's timetable
 * whose interval holds the request's instant, read from dist/_timetable/ (shipped with the function through
 * netlify.toml `included_files`). The index is read once per instance; a state's file when first picked.
 *
 * As shipped (bundled by `npm run build`), the bundle carries the paths it serves (the build's timetable
 * index's routes, a literal Netlify reads from the bundle) and the headers a static file at each path gets,
 * read by the build with Netlify's parser; run from source (tests), it reads both itself.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '@netlify/functions';
import { createTimetableHandler } from '../../src/core/timetable-answer.ts';
import { TIMETABLE_DIR, TIMETABLE_INDEX, timetableFile, timetableRoutes, type TimetableIndex } from '../../src/core/timetable.ts';

type Handler = (req: Request) => Promise<Response>;
type Headers = Record<string, Record<string, string>>;

/** Set by the bundler (esbuild `define`): `true`, and the headers per path as JSON. Absent from source. */
declare const RESETCAST_BUNDLED: true | undefined;
declare const RESETCAST_TIMETABLE_HEADERS: string;
/** Never defined: the bundler writes the served paths over the expression that names it (TIMETABLE_PATHS_SPOT, scripts/lib/bundle-function.ts). */
declare const RESETCAST_TIMETABLE_PATHS: `/${string}`[];

/** Deployed, the included files sit under the task root; locally (and in tests), under the working directory. */
function timetableDir(): string {
  const dir = process.env['RESETCAST_TIMETABLE_DIR'];
  if (dir) return resolve(dir);
  return resolve(process.env['LAMBDA_TASK_ROOT'] ?? process.cwd(), 'dist', TIMETABLE_DIR);
}

/** From source: the routes of the build's timetable under the working directory (none when it has none). */
function sourcePaths(): `/${string}`[] {
  try {
    return timetableRoutes(JSON.parse(readFileSync(join(timetableDir(), TIMETABLE_INDEX), 'utf8')) as TimetableIndex) as `/${string}`[];
  } catch {
    return [];
  }
}

/** The served paths: every route of the build's timetable (`timetableRoutes`), written into the bundle by the build as a literal. */
export const config: Config = {
  path: typeof RESETCAST_BUNDLED === 'undefined' ? sourcePaths() : RESETCAST_TIMETABLE_PATHS,
};

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
    return createTimetableHandler({
      files: { index, read: (name, start) => readFileSync(join(dir, timetableFile(name, start))) },
      headers,
    });
  } catch (e) {
    return unavailable(dir, e);
  }
}

/** From source: the headers a static file at each served path gets, from netlify.toml read with Netlify's parser, as the build does. */
async function sourceHeaders(): Promise<Headers> {
  const { readHeaderRules } = await import('../../src/serve/load.ts');
  const { fileHeaders } = await import('../../src/serve/static.ts');
  const rules = await readHeaderRules(resolve(process.env['RESETCAST_ROOT'] ?? process.cwd(), 'netlify.toml'));
  return Object.fromEntries((config.path as string[]).map((p) => [p, fileHeaders(rules, p)]));
}

export default typeof RESETCAST_BUNDLED === 'undefined'
  ? load(await sourceHeaders())
  : load(JSON.parse(RESETCAST_TIMETABLE_HEADERS) as Headers);
