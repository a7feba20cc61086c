/**
 * What the local runtime serves, read once at start: dist/ as an in-memory snapshot (about 2 MB, so
 * every static answer is a memory copy, never a file descriptor) with the gzip form of each text file
 * beside it, netlify.toml's [[headers]] as Netlify's own parser reads them, and the bundled /mcp
 * function, imported in-process exactly as Netlify ships it. A later build is read the same way (reload.ts).
 */
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { parseAllHeaders, type Header } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import {
  compressible,
  contentType,
  fromPattern,
  headersFor,
  type GzipVariants,
  type HeaderRule,
  type NotFoundRule,
  type SiteFiles,
} from './static.ts';

export type Handler = (req: Request) => Promise<Response>;

/**
 * Every file under `dir` (dot-folders such as .well-known included), keyed by its URL path; but those under
 * a `hidden` path (netlify.toml's forced 404s, `readHiddenPaths`), which are never served and not read.
 */
export function readSiteFiles(dir: string, hidden: readonly string[] = []): SiteFiles {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${dir} does not exist: run \`npm run build\` first`);
  const patterns = hidden.map(fromPattern);
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const path = `/${relative(dir, full).split(sep).join('/')}`;
    if (!patterns.some((p) => p.test(path))) files.set(path, readFileSync(full));
  }
  return files;
}

/**
 * The gzip form of every file whose type is compressible (netlify.toml's Content-Type for its path, else
 * its extension's), computed once so no request ever compresses; at the highest level, since it is paid
 * once. A file gzip does not make smaller (a tiny one) has no variant and is always sent as it is.
 */
export function gzipVariants(files: SiteFiles, rules: readonly HeaderRule[]): GzipVariants {
  const variants = new Map<string, Uint8Array>();
  for (const [path, bytes] of files) {
    const ruled = Object.entries(headersFor(rules, path)).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    if (!compressible(ruled ?? contentType(path))) continue;
    const gzipped = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
    // A copy of exactly its length: zlib's result can be a view of a larger output chunk (16 KiB and up),
    // which would keep that whole chunk alive for every small file.
    if (gzipped.byteLength < bytes.byteLength) variants.set(path, new Uint8Array(gzipped));
  }
  return variants;
}

/** netlify.toml's [[headers]], parsed by @netlify/headers-parser (what Netlify itself uses); errors stop the start. */
export async function readHeaderRules(netlifyToml: string): Promise<HeaderRule[]> {
  const { headers, errors } = await parseAllHeaders({
    netlifyConfigPath: netlifyToml,
    headersFiles: [],
    configHeaders: undefined,
    minimal: false,
  });
  if (errors.length > 0) throw new Error(`${netlifyToml}: invalid [[headers]]:\n${errors.map((e) => `  - ${e.message}`).join('\n')}`);
  return (headers as Header[]).map((h) => ({ forRegExp: h.forRegExp, values: h.values }));
}

/**
 * netlify.toml's [[redirects]] with status 404 (the per-locale 404 pages), parsed by
 * @netlify/redirect-parser (what Netlify itself uses); errors stop the start. The site has one other kind of
 * redirect, a forced 404 to /404.html hiding a folder (`readHiddenPaths`); any other (conditional, another
 * status) stops the start too, rather than being served differently from Netlify.
 */
/** The fields of a parsed redirect this runtime reads (the parser types its answer as unknown[]). */
interface ParsedRedirect {
  from: string;
  path?: string;
  to?: string;
  status?: number;
  force?: boolean;
  conditions?: Record<string, unknown>;
  query?: Record<string, unknown>;
}

async function readRedirects(netlifyToml: string): Promise<ParsedRedirect[]> {
  const { redirects, errors } = await parseAllRedirects({
    netlifyConfigPath: netlifyToml,
    redirectsFiles: [],
    configRedirects: [],
    minimal: false,
  });
  if (errors.length > 0) throw new Error(`${netlifyToml}: invalid [[redirects]]:\n${errors.map((e) => `  - ${e.message}`).join('\n')}`);
  return redirects as ParsedRedirect[];
}

/** A forced 404 to /404.html: a folder of dist/ that is never served (the timetable's, docs/timetable.md). */
const hiding = (r: ParsedRedirect): boolean => r.status === 404 && r.force === true && r.to === '/404.html' && r.path !== undefined;

export async function readNotFoundRules(netlifyToml: string): Promise<NotFoundRule[]> {
  return (await readRedirects(netlifyToml))
    .filter((r) => !hiding(r))
    .map((r) => {
      const plain =
        r.status === 404 &&
        !r.force &&
        Object.keys(r.conditions ?? {}).length === 0 &&
        Object.keys(r.query ?? {}).length === 0 &&
        r.path !== undefined &&
        r.to?.startsWith('/');
      if (!plain)
        throw new Error(
          `${netlifyToml}: [[redirects]] from ${r.from}: the local runtime serves only unforced 404 pages (status 404, a local target, ` +
            'no conditions) and forced 404s to /404.html that hide a folder',
        );
      return { from: r.path!, to: r.to! };
    });
}

/** The paths netlify.toml hides (forced 404s to /404.html): their files are left out of the snapshot, so they answer 404. */
export async function readHiddenPaths(netlifyToml: string): Promise<string[]> {
  return (await readRedirects(netlifyToml)).filter(hiding).map((r) => r.path!);
}

/** A rebuilt bundle at the same path is a new module only under a new URL: the import cache keys on it. */
const bundleHref = (bundle: string, tag?: string): string =>
  pathToFileURL(resolve(bundle)).href + (tag === undefined ? '' : `?build=${encodeURIComponent(tag)}`);

/**
 * Imports the bundled function (`.netlify/functions-bundled/mcp.mjs`): its default export is the handler,
 * `config.path` its route. The function reads its payloads once, at import, from RESETCAST_API_DIR, which is
 * set here to the served dist/api/v1: a tool's answer and the JSON file beside it cannot disagree.
 */
export async function loadBundledFunction(bundle: string, apiDir: string, tag?: string): Promise<{ handler: Handler; path: string }> {
  if (!statSync(bundle, { throwIfNoEntry: false })?.isFile()) throw new Error(`${bundle} does not exist: run \`npm run build\` first`);
  process.env['RESETCAST_API_DIR'] = resolve(apiDir);
  const mod = (await import(bundleHref(bundle, tag))) as { default: Handler; config: { path: string } };
  if (typeof mod.default !== 'function' || typeof mod.config?.path !== 'string')
    throw new Error(`${bundle} is not a Netlify function (no default handler or config.path)`);
  return { handler: mod.default, path: mod.config.path };
}

/**
 * The timetable's folder as one build left it, for the functions to read their states from while that build
 * is served: every file hard-linked (copied where a link cannot be made) into `into`. The functions read a
 * state's file when first asked for it, and a new `npm run build` empties dist/ as it starts; the served
 * build's states stay readable here until it is replaced (docs/serve.md, "A new build"). Undefined when the
 * build has no timetable. A folder left at `into` is replaced.
 */
export function timetableSnapshot(source: string, into: string): string | undefined {
  if (!existsSync(source)) return undefined;
  rmSync(into, { recursive: true, force: true });
  const made = new Set<string>();
  for (const entry of readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const from = join(entry.parentPath, entry.name);
    const to = join(into, relative(source, from));
    if (!made.has(dirname(to))) {
      mkdirSync(dirname(to), { recursive: true });
      made.add(dirname(to));
    }
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
  return into;
}

/** Said once when a build has no timetable function: what `npm start -- --no-build` on a build older than the timetable serves. */
export const NO_TIMETABLE =
  '[serve] this build has no timetable (no .netlify/functions-bundled/timetable.mjs, a build from before it): ' +
  'its pages, feeds and clock payloads are served as built, at the build’s instant';

/**
 * Imports the bundled timetable function (`.netlify/functions-bundled/timetable.mjs`, docs/timetable.md):
 * its default export is the handler, `config.path` its routes. It reads the timetable's index once, at
 * import, from RESETCAST_TIMETABLE_DIR, set here to the served dist/_timetable: a new build's `tag` imports
 * it anew, so it reads that build's index, not the last one's. A build without the bundle (one made before
 * the timetable) has none: undefined, and every file of it is served as it was built.
 */
export async function loadTimetableFunction(
  bundle: string,
  dir: string,
  tag?: string,
): Promise<{ handler: Handler; paths: string[] } | undefined> {
  // A build made before the timetable has no such bundle: its files are all there is (`NO_TIMETABLE`).
  if (!statSync(bundle, { throwIfNoEntry: false })?.isFile()) return undefined;
  process.env['RESETCAST_TIMETABLE_DIR'] = resolve(dir);
  const mod = (await import(bundleHref(bundle, tag))) as { default: Handler; config: { path: string[] } };
  if (typeof mod.default !== 'function' || !Array.isArray(mod.config?.path))
    throw new Error(`${bundle} is not the timetable function (no default handler or config.path list)`);
  return { handler: mod.default, paths: mod.config.path };
}
