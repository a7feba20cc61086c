/**
 * POST /mcp: Resetcast's stateless, read-only MCP server. It answers from the payload files the build
 * published under dist/api/v1/ (shipped with the function through netlify.toml `included_files`), read
 * once per function instance, never per request; the forecast from the build's timetable, the state for
 * the call's instant (docs/timetable.md), each state read once when first picked.
 *
 * As shipped (bundled by `npm run build`, scripts/lib/bundle-function.ts), the bundle carries what the build
 * already did: the checksum of each payload file it validated against its zod schema, and the tools/list
 * answer, and the site's address it was built for (the server's name and website, the allowed browser
 * origin). Loading is then checking the three files are there with the sizes the build saw; each is read,
 * checked against its CRC-32 and parsed when a tool first needs it (src/mcp/tools/published.ts).
 * Run from source (tests, `npm run bench`'s source variant), it validates the files with zod itself and reads
 * the site's address from the environment (RESETCAST_SITE_URL, URL, else SITE.url: src/core/site.ts).
 */
// First: zod without JIT before any module builds a schema (src/mcp/zod-jitless.ts says why).
import '../../src/mcp/zod-jitless.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '@netlify/functions';
import type { ListToolsResult } from '@modelcontextprotocol/server';
import { checkedPayloads } from '../../src/mcp/from-source.ts';
import { createMcpHandler, createUnavailableHandler } from '../../src/mcp/handler.ts';
import { siteAddress } from '../../src/core/site.ts';
import {
  pinnedPayloads,
  publicReason,
  PUBLISHED_NAMES,
  type PublishedChecksums,
  type PublishedFiles,
  type PublishedTexts,
  type PublishedPayloads,
} from '../../src/mcp/tools/published.ts';
import { withTimetableForecast } from '../../src/mcp/tools/timetable.ts';
import { stateFile, TIMETABLE_DIR, TIMETABLE_INDEX, TIMETABLE_SITE, type TimetableIndex } from '../../src/core/timetable.ts';
import { platformSnapshotSource, type Snapshot } from '../../src/db/signal-snapshot-source.ts';
import type { LiveEngine } from '../../src/site/live/answers.ts';
import type { DeployedSiteFile } from '../../src/site/timetable.ts';

type Handler = (req: Request) => Promise<Response>;

/** Set by the bundler (esbuild `define`): `true`, and what `npm run build` validated and computed, as JSON. Absent from source. */
declare const RESETCAST_BUNDLED: true | undefined;
declare const RESETCAST_PINNED: string;
interface Pinned {
  checksums: PublishedChecksums;
  toolList: ListToolsResult;
  /** The site's address the build used (scripts/lib/bundle-function.ts). */
  base: string;
}

/** Deployed, the included files sit under the task root; locally (and in tests), under the working directory. */
function apiDir(): string {
  const root = process.env['RESETCAST_API_DIR'];
  if (root) return resolve(root);
  return resolve(process.env['LAMBDA_TASK_ROOT'] ?? process.cwd(), 'dist/api/v1');
}

/** The build's timetable (docs/timetable.md), beside the payloads: dist/_timetable. */
function timetableDir(): string {
  const dir = process.env['RESETCAST_TIMETABLE_DIR'];
  return dir ? resolve(dir) : resolve(apiDir(), '../..', TIMETABLE_DIR);
}

/**
 * The forecast as the timetable has it at each call (the state for now), when the deploy has a timetable;
 * without one (an older build, a test's bare folder of payloads), the build's own forecast.json.
 */
function onTimetable(payloads: PublishedPayloads): PublishedPayloads {
  const dir = timetableDir();
  const indexFile = join(dir, TIMETABLE_INDEX);
  if (!existsSync(indexFile)) return payloads;
  const index = JSON.parse(readFileSync(indexFile, 'utf8')) as TimetableIndex;
  return withTimetableForecast(payloads, { index, read: (name, start) => readFileSync(join(dir, stateFile(name, start))) });
}

/** One read of the signals store may take this long (ms); a read this recent (ms) is reused: a burst of tool calls reads the store once. */
const SNAPSHOT_TIMEOUT_MS = 1000;
const SNAPSHOT_REUSE_MS = 5_000;
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The forecast and the signals under a newer snapshot than the deploy's (docs/timetable.md, "Signals at run
 * time"), as GET /api/v1/forecast.json and signals.json answer them: the snapshot is read before each request
 * (`refresh`), the deploy's dataset when a snapshot first applies. Without the deploy's run-time file (a test's
 * bare folder of payloads), the payloads as they are.
 */
function onLiveSignals(payloads: PublishedPayloads): { payloads: PublishedPayloads; refresh: () => Promise<void> } {
  const dir = timetableDir();
  const siteFile = join(dir, TIMETABLE_SITE);
  if (!existsSync(siteFile)) return { payloads, refresh: async () => {} };
  const snapshots = platformSnapshotSource({ timeoutMs: SNAPSHOT_TIMEOUT_MS, reuseMs: SNAPSHOT_REUSE_MS });
  let snapshot: Snapshot | null = null;
  let engine: LiveEngine | undefined;
  const live = <N extends 'forecast' | 'signals'>(name: N): PublishedPayloads[N] => {
    const own = payloads[name];
    if (snapshot === null || engine === undefined) return own;
    let answer: ReturnType<LiveEngine>;
    try {
      answer = engine(name, Math.floor(Date.now() / 1000), snapshot);
    } catch (e) {
      console.error(`[mcp] ${name} under the stored snapshot failed (${(e as Error).message}): the deploy's answer stands`);
      return own;
    }
    if (answer === undefined) return own;
    const text = decoder.decode(answer.bytes);
    return { text, value: JSON.parse(text) } as PublishedPayloads[N];
  };
  const withLive = Object.defineProperties({}, Object.getOwnPropertyDescriptors(payloads)) as PublishedPayloads;
  for (const name of ['forecast', 'signals'] as const) Object.defineProperty(withLive, name, { get: () => live(name), enumerable: true });
  return {
    payloads: withLive,
    refresh: async () => {
      snapshot = await snapshots.current();
      // The payload code loads only once a snapshot applies: a cold start without one builds no schema.
      if (snapshot !== null && engine === undefined) {
        try {
          const { liveEngine } = await import('../../src/site/live/answers.ts');
          engine = liveEngine(
            JSON.parse(readFileSync(siteFile, 'utf8')) as DeployedSiteFile,
            JSON.parse(readFileSync(join(dir, TIMETABLE_INDEX), 'utf8')) as TimetableIndex,
          );
        } catch (e) {
          console.error(`[mcp] the deploy's run-time files cannot be read (${(e as Error).message}): its own answers stand`);
        }
      }
    },
  };
}

/** The handler of `payloads`, the signals snapshot read before each request. */
function serving(payloads: PublishedPayloads, make: (p: PublishedPayloads) => Handler): Handler {
  const { payloads: live, refresh } = onLiveSignals(payloads);
  const handler = make(live);
  return async (req) => {
    await refresh();
    return handler(req);
  };
}

function files(dir: string): PublishedFiles {
  return {
    size: (n) => statSync(join(dir, `${n}.json`), { throwIfNoEntry: false })?.size ?? null,
    read: (n) => readFileSync(join(dir, `${n}.json`)),
  };
}

function readTexts(dir: string): PublishedTexts {
  return Object.fromEntries(PUBLISHED_NAMES.map((n) => [n, readFileSync(join(dir, `${n}.json`), 'utf8')])) as PublishedTexts;
}

/**
 * A broken deploy answers every request with a clear JSON-RPC error instead of crashing the instance:
 * what is missing, by its published path (api/v1/…), never a filesystem path; the log has the folder.
 */
function unavailable(dir: string, e: unknown): Handler {
  const reason = `published payloads unavailable: ${publicReason(e, dir)}`;
  console.error(`[mcp] ${reason} (looked in ${dir})`);
  return createUnavailableHandler(reason);
}

function loadPinned(json: string): Handler {
  const dir = apiDir();
  try {
    const pinned = JSON.parse(json) as Pinned;
    return serving(onTimetable(pinnedPayloads(files(dir), pinned.checksums)), (p) => createMcpHandler(p, pinned.toolList, pinned.base));
  } catch (e) {
    return unavailable(dir, e);
  }
}

/** From source: validate with zod and build tools/list here (the bundle has a stand-in for this module). */
function loadChecked(): Handler {
  const dir = apiDir();
  try {
    const address = siteAddress(process.env);
    if ('problem' in address) throw new Error(address.problem);
    const { payloads, toolList } = checkedPayloads(readTexts(dir));
    return serving(onTimetable(payloads), (p) => createMcpHandler(p, toolList, address.url));
  } catch (e) {
    return unavailable(dir, e);
  }
}

export default typeof RESETCAST_BUNDLED === 'undefined' ? loadChecked() : loadPinned(RESETCAST_PINNED);

export const config: Config = { path: '/mcp' };
