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
import { createTimetableHandler, type LiveState } from '../../src/core/timetable-answer.ts';
import {
  changesAtRunTime,
  pathTemplateFile,
  TIMETABLE_DIR,
  TIMETABLE_INDEX,
  TIMETABLE_SITE,
  timetableFile,
  timetableRoutes,
  type TimetableIndex,
} from '../../src/core/timetable.ts';
import { platformSnapshotSource } from '../../src/db/signal-snapshot-source.ts';
import type { DeployedSiteFile } from '../../src/site/timetable.ts';
import type { LiveEngine } from '../../src/site/live/answers.ts';

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

/** One read of the snapshot store may take this long (ms): past it, the last snapshot read stands. */
const SNAPSHOT_TIMEOUT_MS = 1500;

/**
 * The signal-dependent answers under a newer snapshot than the deploy's (docs/timetable.md, "Signals at run
 * time"): the snapshot read from Netlify Blobs at each request (the edge keeps each answer at most 5 minutes,
 * so a new snapshot is seen within them), the deploy's dataset read once, when a snapshot first applies.
 */
function liveAnswers(dir: string, index: TimetableIndex): (name: string, t: number) => Promise<LiveState | undefined> {
  const snapshots = platformSnapshotSource({ timeoutMs: SNAPSHOT_TIMEOUT_MS, reuseMs: 0 });
  let engine: Promise<LiveEngine> | undefined;
  const load = async (): Promise<LiveEngine> => {
    const { liveEngine } = await import('../../src/site/live/answers.ts');
    const site = JSON.parse(readFileSync(join(dir, TIMETABLE_SITE), 'utf8')) as DeployedSiteFile;
    return liveEngine(site, index, (path, start) => JSON.parse(readFileSync(join(dir, pathTemplateFile(path, start)), 'utf8')));
  };
  const runTime = changesAtRunTime(index);
  return async (name, t) => {
    // An answer no snapshot changes reads no snapshot: one Blobs read less for each of them.
    if (!runTime(name)) return undefined;
    const snapshot = await snapshots.current();
    if (snapshot === null) return undefined;
    try {
      engine ??= load();
      return (await engine)(name, t, snapshot);
    } catch (e) {
      // A deploy whose run-time files cannot be read still answers: its own state, and one line.
      console.error(`[timetable] answering ${name} under the stored snapshot failed (${(e as Error).message}): the deploy's state stands`);
      return undefined;
    }
  };
}

function load(headers: Headers): Handler {
  const dir = timetableDir();
  try {
    const index = JSON.parse(readFileSync(join(dir, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
    return createTimetableHandler({
      files: { index, read: (name, start) => readFileSync(join(dir, timetableFile(name, start))) },
      headers,
      live: liveAnswers(dir, index),
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
