/**
 * Bundles the /mcp function (netlify/functions/mcp.ts) and everything it imports into one minified,
 * tree-shaken ES module. Netlify ships v2 functions through its file tracer, which leaves node_modules as
 * hundreds of separate files for Node to resolve and compile at every cold start; one file starts
 * markedly faster (`npm run bench` measures both). Same input, same bytes: esbuild output is deterministic.
 *
 * Given the published payloads (`apiDir`, as `npm run build` does), it validates them against their zod
 * schemas here, at build time, and pins into the bundle their checksums and the tools/list answer, so the
 * deployed function neither validates nor converts schemas when it starts (docs/mcp.md, "Cold start").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { checksumsOf, PUBLISHED_NAMES, type PublishedTexts } from '../../src/mcp/tools/published.ts';
import { parsePublished } from '../../src/mcp/published-schemas.ts';
import { createToolList } from '../../src/mcp/tool-list.ts';
import { readDataFile } from '../../src/io/data-folder.ts';
import { readTimetableIndex, timetableProblems } from '../../src/site/timetable.ts';
import { timetableRoutes } from '../../src/core/timetable.ts';
import { readHeaderRules } from '../../src/serve/load.ts';
import { fileHeaders } from '../../src/serve/static.ts';
import { siteBase } from '../../src/io/site-address.ts';

export const FUNCTION_SOURCE = 'netlify/functions/mcp.ts';
/** The timetable function (docs/timetable.md): bundled the same way, pinned to netlify.toml's headers for its paths. */
export const TIMETABLE_SOURCE = 'netlify/functions/timetable.ts';
/** The watcher (docs/alerts.md): bundled the same way, only the retired sent-log pinned (bundleWatchFunction); it reads the deploy over HTTP. */
export const WATCH_SOURCE = 'netlify/functions/watch.ts';
/** X's webhook (docs/alerts.md, "X's webhook"): bundled the same way, nothing pinned. */
export const WEBHOOK_SOURCE = 'netlify/functions/x-webhook.ts';
/** The signal snapshot's way in, `POST /signals` (docs/pull.md, "The signal snapshot at run time"): bundled the same way, nothing pinned. */
export const SIGNALS_SOURCE = 'netlify/functions/signals.ts';
export { BUNDLED_FUNCTIONS_DIR } from '../../src/serve/functions-dir.ts';

export interface BundleOptions {
  /** The published payloads (dist/api/v1) to validate and pin: the files the bundled function will answer from. */
  apiDir: string;
  /** The site's address the function names itself under; the environment's (RESETCAST_SITE_URL, URL) when not given. */
  base?: string;
  /** Also write esbuild's metafile (bytes per input module) next to the bundle, as `<outfile>.meta.json`. */
  metafile?: boolean;
  /** Also write a source map next to the bundle (profiling only). */
  sourcemap?: boolean;
}

/** The same settings for every function bundle (the bench bundles its bare function with them too). */
export async function bundleFunction(
  root: string,
  entry: string,
  outfile: string,
  extra: { define?: Record<string, string>; metafile?: boolean; sourcemap?: boolean; plugins?: Plugin[] } = {},
): Promise<string> {
  const result = await build({
    entryPoints: [join(root, entry)],
    absWorkingDir: root,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    // CommonJS dependencies may require() Node built-ins; an ES module has no require of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    define: extra.define ?? {},
    plugins: [unusedByTheFunction, ...(extra.plugins ?? [])],
    // The embedded database is only for the local runtime (deployed, NETLIFY_DB_URL is always set): loaded
    // from node_modules there, it reads its WebAssembly files beside itself, which a bundle would break.
    external: ['@electric-sql/pglite'],
    metafile: extra.metafile ?? false,
    // Only for profiling (a source map next to the bundle); never in what ships.
    sourcemap: extra.sourcemap ?? false,
    logLevel: 'warning',
  });
  if (extra.metafile && result.metafile) writeFileSync(`${outfile}.meta.json`, JSON.stringify(result.metafile));
  return outfile;
}

/** Validates the published payloads (throws naming every bad file and field) and returns their texts. */
export function validatedPayloadTexts(apiDir: string): PublishedTexts {
  const texts = Object.fromEntries(PUBLISHED_NAMES.map((n) => [n, readFileSync(join(apiDir, `${n}.json`), 'utf8')])) as PublishedTexts;
  parsePublished(texts);
  return texts;
}

/**
 * The deployable function, pinned to the payloads in `apiDir` (validated here; a bad file throws, naming
 * it and the field). Both defines are plain literals: RESETCAST_BUNDLED `true`, so esbuild drops the
 * from-source branch of netlify/functions/mcp.ts (zod payload schemas and all) from the bundle, and
 * RESETCAST_PINNED a JSON string (an object define would make esbuild wrap every module in a lazy
 * initialiser, which breaks zod's circular imports).
 */
export async function bundleMcpFunction(root: string, outfile: string, options: BundleOptions): Promise<string> {
  const base = options.base ?? siteBase();
  const pinned = { checksums: checksumsOf(validatedPayloadTexts(options.apiDir)), toolList: createToolList(), base };
  const define = { RESETCAST_BUNDLED: 'true', RESETCAST_PINNED: JSON.stringify(JSON.stringify(pinned)) };
  return bundleFunction(root, FUNCTION_SOURCE, outfile, {
    define,
    ...(options.metafile ? { metafile: true } : {}),
    ...(options.sourcemap ? { sourcemap: true } : {}),
  });
}

/**
 * The deployable watcher, with the retired data/sent-log.json of `dataDir` pinned into it as a string
 * (RESETCAST_RETIRED_SENT_LOG; a missing file as what its absence means, an empty log): the function
 * imports its recent records into the ledger once per database (src/jobs/broadcast/retired-log.ts), and a
 * deployed function holds only what it is shipped with. Pinned rather than shipped beside it
 * (`included_files`): what the bundle holds is what runs, deployed and in the local runtime alike.
 */
export async function bundleWatchFunction(root: string, outfile: string, dataDir: string): Promise<string> {
  return bundleFunction(root, WATCH_SOURCE, outfile, pinnedRetiredLog(dataDir));
}

/** X's webhook, a sender too: the same retired sent-log pinned into it (whichever sender is first imports it). */
export async function bundleWebhookFunction(root: string, outfile: string, dataDir: string): Promise<string> {
  return bundleFunction(root, WEBHOOK_SOURCE, outfile, pinnedRetiredLog(dataDir));
}

/** The signal snapshot's way in: nothing pinned (it judges what the pull sends, and keeps it in Netlify Blobs). */
export async function bundleSignalsFunction(root: string, outfile: string): Promise<string> {
  return bundleFunction(root, SIGNALS_SOURCE, outfile);
}

/** The retired data/sent-log.json of `dataDir` as the define that pins it (src/io/retired-log-text.ts reads it). */
const pinnedRetiredLog = (dataDir: string) => ({
  define: { RESETCAST_RETIRED_SENT_LOG: JSON.stringify(readDataFile(dataDir, 'sentLog')) },
});

/**
 * The deployable timetable function: the build's timetable checked first (every state file there, a
 * payload's of its schema and published under `base`, the address /mcp is pinned to; a page's, feed's or
 * calendar's there and of its kind; a problem throws naming the file, so nothing is published), then
 * bundled with the paths it serves (the index's routes, as the literal array Netlify reads from the
 * bundle's `config`) and the headers a static file at each gets (netlify.toml read with Netlify's parser, as
 * `npm start` reads it). `base` is the environment's address when not given.
 */
export async function bundleTimetableFunction(root: string, outfile: string, dist: string, base: string = siteBase()): Promise<string> {
  const problems = timetableProblems(dist, base);
  if (problems.length > 0) throw new Error(`the timetable in ${dist} cannot be published:\n  - ${problems.join('\n  - ')}`);
  const rules = await readHeaderRules(join(root, 'netlify.toml'));
  const paths = timetableRoutes(readTimetableIndex(dist));
  const headers = Object.fromEntries(paths.map((p) => [p, fileHeaders(rules, p)]));
  const define = { RESETCAST_BUNDLED: 'true', RESETCAST_TIMETABLE_HEADERS: JSON.stringify(JSON.stringify(headers)) };
  return bundleFunction(root, TIMETABLE_SOURCE, outfile, { define, plugins: [literalPaths(paths)] });
}

/**
 * Writes the timetable function's `config.path` as the literal array of `paths`: Netlify reads a function's
 * routes from its bundle without running it, and only from literals (an array `define` would become a
 * variable behind esbuild's lazy initialiser). The source marks the spot with TIMETABLE_PATHS_SPOT; a source
 * without it stops the bundle rather than ship a function with no routes.
 */
export const TIMETABLE_PATHS_SPOT = "typeof RESETCAST_BUNDLED === 'undefined' ? sourcePaths() : RESETCAST_TIMETABLE_PATHS";
const literalPaths = (paths: readonly string[]): Plugin => ({
  name: 'resetcast-timetable-paths',
  setup(b) {
    b.onLoad({ filter: /netlify[\\/]functions[\\/]timetable\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes(TIMETABLE_PATHS_SPOT))
        throw new Error(`${TIMETABLE_SOURCE}: no \`${TIMETABLE_PATHS_SPOT}\` to write the paths into`);
      return { contents: source.replace(TIMETABLE_PATHS_SPOT, JSON.stringify(paths)), loader: 'ts' };
    });
  },
});

/**
 * Modules the function imports but never runs, replaced in the bundle by small stand-ins (half of the
 * bytes Node would otherwise parse at every cold start, and no payload schema built):
 * - src/mcp/from-source.ts: the zod validation and tools/list conversion the function does when it runs
 *   from source; the bundle is pinned to what the build validated and computed (RESETCAST_BUNDLED).
 * - zod's locale table (`z.locales`, 260 kB): zod's messages come from its English locale, which it loads
 *   itself; nothing here picks another language.
 * - the SDK's Ajv provider (ajv, ajv-formats: 150 kB): the server's only JSON Schema validator is
 *   `noElicitationValidator` (src/mcp/server.ts), passed to every server, so the SDK never builds its default.
 * - zod's ahead-of-time compiler (`zod/v4/core/compile.js`, 29 kB: `z.core.compile` and the `zod/compile`
 *   hook): reachable only through those names, which nothing here calls (the function runs zod jitless).
 * - the SDK's OAuth and OpenID metadata schemas (`@modelcontextprotocol/core`'s auth chunk: 12 zod object
 *   schemas, about 3 ms of every import): the server package refers to them only to list them in
 *   `specTypeSchemas`/`isSpecType` (as `OAuthTokens`, `OAuthMetadata`, …); this server has no authorization
 *   and looks up none of them. Each name is a stand-in that throws on any use, from the chunk's own export list.
 * Each stand-in throws if it is ever used; build and end-to-end tests call every tool through the bundle.
 */
const SDK_SHIMS = /node_modules\/@modelcontextprotocol\/server\/dist\/shimsNode\.mjs$/;
/**
 * A stand-in for every name an ES module exports (its `export { … }` list and its `export const|function|
 * class` declarations, read from the file): each an object that throws, naming `what`, on any use (property
 * read, call, `new`, `in`, `instanceof`, …); only holding one is allowed.
 */
function unusedExports(file: string, what: string): string {
  const text = readFileSync(file, 'utf8');
  const listed = [...text.matchAll(/^export \{([^}]*)\};?\s*$/gm)].flatMap((m) =>
    m[1]!.split(',').map(
      (e) =>
        e
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!,
    ),
  );
  const declared = [...text.matchAll(/^export (?:const|let|var|function|class) ([\w$]+)/gm)].map((m) => m[1]!);
  const names = [...listed, ...declared].filter((n) => n !== '');
  if (names.length === 0) throw new Error(`${file}: no exports to stand in for`);
  return [
    `const unused = () => { throw new Error(${JSON.stringify(`the /mcp bundle never uses ${what}`)}); };`,
    'const standIn = () => new Proxy({}, { get: unused, has: unused, set: unused, apply: unused, construct: ' +
      'unused, ownKeys: unused, getPrototypeOf: unused, defineProperty: unused, deleteProperty: unused, getOwnPropertyDescriptor: ' +
      'unused });',
    ...names.map((n) => `export const ${n} = standIn();`),
  ].join('\n');
}

const STAND_INS: { filter: RegExp; importer: RegExp; name: string; contents: string | ((realPath: string) => string) }[] = [
  {
    filter: /\/mcp\/from-source\.ts$/,
    importer: /netlify\/functions\/mcp\.ts$/,
    name: 'mcp-from-source',
    contents:
      "export function checkedPayloads() { throw new Error('the bundled /mcp function is pinned to its build: it never validates from source'); }",
  },
  { filter: /\/locales\/index\.js$/, importer: /node_modules\/zod\//, name: 'zod-locales', contents: 'export {};' },
  {
    filter: /^\.\/compile\.js$/,
    importer: /node_modules\/zod\/v4\/core\/index\.js$/,
    name: 'zod-compile',
    contents: (real) => unusedExports(real, "zod's ahead-of-time compiler (the function runs zod jitless)"),
  },
  {
    filter: /\/auth-[\w-]+\.mjs$/,
    importer: /node_modules\/@modelcontextprotocol\/core\/dist\/(index|internal)\.mjs$/,
    name: 'sdk-auth-schemas',
    contents: (real) => unusedExports(real, 'an OAuth/OpenID metadata schema of the SDK: the /mcp function has no authorization'),
  },
  {
    filter: /\/ajvProvider-[\w-]+\.mjs$/,
    importer: SDK_SHIMS,
    name: 'sdk-ajv-provider',
    contents: "export class n { constructor() { throw new Error('the /mcp bundle has no Ajv: pass jsonSchemaValidator'); } }",
  },
];
const unusedByTheFunction: Plugin = {
  name: 'resetcast-unused-by-the-function',
  setup(b) {
    for (const s of STAND_INS) {
      b.onResolve({ filter: s.filter }, (args) =>
        s.importer.test(args.importer)
          ? { path: s.name, namespace: 'resetcast-stand-in', pluginData: join(args.resolveDir, args.path) }
          : undefined,
      );
      b.onLoad({ filter: new RegExp(`^${s.name}$`), namespace: 'resetcast-stand-in' }, (args) => ({
        contents: typeof s.contents === 'string' ? s.contents : s.contents(args.pluginData as string),
        loader: 'js',
      }));
    }
  },
};
