/**
 * The static half of the local runtime, answering as Netlify does from a snapshot of dist/: the same
 * file lookup as Netlify's local runtime (`/x/` and `/x` find `x/index.html` or `x.html`), the site's
 * 404 page with status 404 (the page netlify.toml's first matching 404 rule names, `/zh/*` → `/zh/404/`,
 * else the site's 404.html), and netlify.toml's [[headers]] rules applied by request path (every matching
 * rule in file order, a later one winning a shared name) over Netlify's defaults, and gzip when the client
 * accepts it, as Netlify's CDN compresses text. Pure: the caller reads the files, parses the rules (with
 * Netlify's own parsers), so there is one source of truth for headers and 404 pages, and compresses the
 * files once.
 */

/** dist/ as served: `/index.html`, `/api/v1/forecast.json`, … → bytes. */
export type SiteFiles = ReadonlyMap<string, Uint8Array>;

/** The gzip form of each file worth compressing (load.ts `gzipVariants`), by the same paths as SiteFiles. */
export type GzipVariants = ReadonlyMap<string, Uint8Array>;

/** What a request says about encodings, and the compressed files to answer it from. */
export interface Encoding {
  /** The request's Accept-Encoding header, if any. */
  accept: string | undefined;
  gzipped: GzipVariants;
}

/** One parsed [[headers]] rule (the shape @netlify/headers-parser returns). */
export interface HeaderRule {
  forRegExp: RegExp;
  values: Readonly<Record<string, string>>;
}

/**
 * One [[redirects]] rule with status 404 (the shape @netlify/redirect-parser returns, reduced): a missing
 * address matching `from` answers the page at `to`. Not forced, as ours are: a file that exists is served.
 */
export interface NotFoundRule {
  from: string;
  to: string;
}

/**
 * The request paths a redirect's `from` matches, as Netlify matches them: literal segments, a `:name`
 * placeholder for one segment, and a trailing `*` splat for the rest (`/zh/*` matches `/zh/x/y` and `/zh`).
 */
export function fromPattern(from: string): RegExp {
  const escapeRegExp = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const splat = from.endsWith('/*');
  const stem = splat ? from.slice(0, -2) : from;
  const body = stem
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegExp(seg)))
    .join('/');
  return new RegExp(`^${body}${splat ? '(?:/.*)?' : '/?'}$`);
}

/** The file of the 404 page for `path`: the first matching rule's target that exists, else /404.html. */
export function notFoundFile(files: SiteFiles, notFound: readonly NotFoundRule[], path: string): string {
  for (const rule of notFound) {
    if (!fromPattern(rule.from).test(path)) continue;
    const page = candidates(rule.to).find((c) => files.has(c));
    if (page) return page;
  }
  return '/404.html';
}

export interface StaticAnswer {
  status: number;
  headers: Record<string, string>;
  /** What GET sends; HEAD sends only the headers (with this body's length). Empty for OPTIONS and 405. */
  body: Uint8Array;
}

/** Netlify's CDN default for static files: cache, but ask again every time (netlify.toml rules override). */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const STATIC_ALLOW = 'GET, HEAD, OPTIONS';

const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  sh: 'application/x-sh',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  webp: 'image/webp',
  woff2: 'font/woff2',
  webmanifest: 'application/manifest+json',
};

/** The media type of a file by its extension; netlify.toml sets the ones that matter (JSON, feeds, the card). */
export function contentType(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

/**
 * Whether a body of this media type is worth compressing: text and the structured text formats (JSON,
 * XML, SVG, JavaScript, the manifest); never images, fonts or unknown bytes, which are compressed
 * already or may be anything.
 */
export function compressible(type: string): boolean {
  const essence = type.split(';')[0]!.trim().toLowerCase();
  return (
    essence.startsWith('text/') ||
    /^application\/(json|xml|javascript|manifest\+json|[\w.+-]+\+(json|xml))$/.test(essence) ||
    essence === 'image/svg+xml'
  );
}

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3): named as `gzip` (or its alias
 * `x-gzip`) with a weight above 0, or not named and covered by `*` with a weight above 0. A request with
 * no header gets the bytes as they are: RFC 9110 would allow any coding, but a client that says nothing
 * may not decode one, and CDNs (Netlify's included) compress only when asked.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim());
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isNaN(weight) ? 0 : weight);
  }
  const gzip = weights.get('gzip') ?? weights.get('*');
  return gzip !== undefined && gzip > 0;
}

// Netlify's local runtime looks up these alternatives (netlify-cli utils/proxy.js alternativePathsFor).
const ASSET = /\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/;

/** The files a decoded request path may name, in the order they are tried. */
export function candidates(path: string): string[] {
  if (path.endsWith('/')) {
    const stem = path.slice(0, -1);
    return [...(path === '/' ? [] : [`${stem}.html`]), `${path}index.html`];
  }
  return ASSET.test(path) ? [path] : [path, `${path}.html`, `${path}/index.html`];
}

/** The headers every matching rule gives `path`, merged in file order (names compared case-insensitively). */
export function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const merged = new Map<string, [string, string]>();
  for (const rule of rules) {
    if (!rule.forRegExp.test(path)) continue;
    for (const [name, value] of Object.entries(rule.values)) merged.set(name.toLowerCase(), [name, String(value)]);
  }
  return Object.fromEntries(merged.values());
}

/**
 * The headers a static answer of the file at `path` gets (GET, found): its type (a folder's path names its
 * index.html) and Netlify's default Cache-Control, under every netlify.toml rule for the path. What a
 * function that stands in for the file (the timetable's, docs/timetable.md) must send, since Netlify applies
 * no [[headers]] to a function's answers.
 */
export function fileHeaders(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const file = name.includes('.') ? path : `${path.replace(/\/$/, '')}/index.html`;
  return withDefaults({ 'Content-Type': contentType(file), 'Cache-Control': DEFAULT_CACHE_CONTROL }, headersFor(rules, path));
}

function withDefaults(base: Record<string, string>, rules: Record<string, string>): Record<string, string> {
  const out = new Map<string, [string, string]>();
  for (const [k, v] of [...Object.entries(base), ...Object.entries(rules)]) out.set(k.toLowerCase(), [k, v]);
  return Object.fromEntries(out.values());
}

const EMPTY = new Uint8Array(0);

function withoutType(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-type'));
}

function decodePath(pathname: string): string | null {
  try {
    const path = decodeURIComponent(pathname);
    return path.includes('\0') ? null : path;
  } catch {
    return null;
  }
}

const IDENTITY: Encoding = { accept: undefined, gzipped: new Map() };

/**
 * The answer to `method pathname` from the snapshot: a file, the 404 page for its path, or 405/400. A file with a gzip
 * variant and a compressible type says `Vary: Accept-Encoding` (a cache must key on it), and is sent
 * gzipped, `Content-Encoding: gzip`, to a client that accepts gzip; HEAD gets the same headers as GET.
 */
export function staticAnswer(
  files: SiteFiles,
  rules: readonly HeaderRule[],
  method: string,
  pathname: string,
  encoding: Encoding = IDENTITY,
  notFound: readonly NotFoundRule[] = [],
): StaticAnswer {
  const path = decodePath(pathname);
  if (path === null)
    return {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: new TextEncoder().encode('Bad Request: undecodable path\n'),
    };
  const ruled = headersFor(rules, path);
  if (method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') {
    return { status: 405, headers: withDefaults({ Allow: STATIC_ALLOW }, ruled), body: EMPTY };
  }
  const found = candidates(path).find((c) => files.has(c));
  const file = found ?? notFoundFile(files, notFound, path);
  const bytes = files.get(file);
  const status = found ? 200 : 404;
  // A CORS preflight of a file: the rule headers (the /api/* rule allows GET, HEAD, OPTIONS), no body.
  if (method === 'OPTIONS') return { status: found ? 204 : 404, headers: withDefaults({ Allow: STATIC_ALLOW }, ruled), body: EMPTY };
  const type = bytes ? contentType(file) : 'text/plain; charset=utf-8';
  // The 404 page keeps its own type: a rule's Content-Type (say JSON for /api/*.json) names the file it is for.
  const headers = found
    ? withDefaults({ 'Content-Type': type, 'Cache-Control': DEFAULT_CACHE_CONTROL }, ruled)
    : withDefaults({ 'Cache-Control': DEFAULT_CACHE_CONTROL }, { ...withoutType(ruled), 'Content-Type': type });
  const body = bytes ?? new TextEncoder().encode('Not Found\n');
  const gzipped = encoding.gzipped.get(file);
  if (!bytes || !gzipped || !compressible(headerValue(headers, 'content-type') ?? '')) return { status, headers, body };
  const vary = headerValue(headers, 'vary');
  const varied = withDefaults(headers, { Vary: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding' });
  if (!acceptsGzip(encoding.accept)) return { status, headers: varied, body };
  return { status, headers: { ...varied, 'Content-Encoding': 'gzip' }, body: gzipped };
}

function headerValue(headers: Record<string, string>, name: string): string | undefined {
  return Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
}
