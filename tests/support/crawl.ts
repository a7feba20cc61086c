/**
 * For the tests that crawl the site: each address fetched once per test file, a few at a time. The local
 * Netlify runtime runs a function (the timetable's pages, payloads, feeds) in a fresh worker per request,
 * about a hundred times slower than a static file, and a crawl of every page in every locale asks for the
 * same few dozen addresses hundreds of times; fetched one after another, it outlived its test's timeout on
 * a loaded machine.
 */

/** What a crawl keeps of an answer: its status, the `lang` of its `<html>` (null when none) and its `hreflang` alternates. */
export interface Fetched {
  status: number;
  lang: string | null;
  /** Each `<link rel="alternate" hreflang="…" href="…">` in the page's order, as [hreflang, href]. */
  alternates: [string, string][];
  /** The `href` of every `<a>` on the page, in its order. */
  links: string[];
}

/** The attributes of a tag as Astro writes them (double-quoted values). */
const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries([...tag.matchAll(/\s([a-z-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

/** The `hreflang` alternates a page's head declares, what a crawler reads (no script runs on these pages). */
function alternatesOf(html: string): [string, string][] {
  return [...html.matchAll(/<link\s[^>]*>/g)]
    .map((m) => attributes(m[0]))
    .filter((a) => a['rel'] === 'alternate' && a['hreflang'] !== undefined)
    .map((a) => [a['hreflang']!, a['href'] ?? '']);
}

/** `fn` over `items`, at most `limit` at once, the results in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The `href` of every `<a>` of a page (the pages run no script: the served HTML is the document). */
const linksOf = (html: string): string[] =>
  [...html.matchAll(/<a\s[^>]*>/g)].map((m) => attributes(m[0])['href']).filter((h): h is string => h !== undefined);

/** GET of a site path (its #fragment dropped) from `baseUrl`, each path once: later calls share the first answer. */
export function fetchOnce(baseUrl: string): (path: string) => Promise<Fetched> {
  const seen = new Map<string, Promise<Fetched>>();
  return (path) => {
    const key = path.split('#')[0]!;
    let answer = seen.get(key);
    if (!answer) {
      answer = fetch(`${baseUrl}${key}`).then(async (res) => {
        // Read whole: an unread body left to the socket trips an undici assertion when the runtime closes it.
        const body = await res.text();
        return {
          status: res.status,
          lang: /<html[^>]*\slang="([^"]*)"/.exec(body)?.[1] ?? null,
          alternates: alternatesOf(body),
          links: linksOf(body),
        };
      });
      seen.set(key, answer);
    }
    return answer;
  };
}
