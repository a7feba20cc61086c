/**
 * What a piece of a secret is and the forms it travels in: the replacement, the shortest piece looked
 * for, and the parts of a URL that carry credentials. Shared by the registry (variables.ts), the
 * redactor (redact.ts) and the document scanner (in-data.ts). Pure.
 */

export const REDACTED = '[secret]';

/**
 * Shorter pieces are not looked for: they would match ordinary words ("api", "T1") and are too short to
 * be a credential. As long as the replacement, so a redacted text never grows.
 */
export const MIN_SECRET_CHARS = REDACTED.length;

/** An environment, passed in: nothing here reads the process's. */
export type Env = Readonly<Record<string, string | undefined>>;

export const asUrl = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);
export const segments = (url: URL): string[] => url.pathname.split('/').filter(Boolean);

/** What any URL carries as credentials: `user:pass`, each of them, and every query value (`?auth=…`, `?token=…`). */
export function urlCredentials(url: URL): string[] {
  return [...userinfoOf(url), url.search.slice(1), ...[...url.searchParams.values()]];
}

/** A URL's `user:pass`, each of them, decoded too; none without credentials. */
export function userinfoOf(url: URL): string[] {
  return url.username || url.password
    ? [`${url.username}:${url.password}`, url.username, url.password, decodeURIComponent(url.username), decodeURIComponent(url.password)]
    : [];
}

/** The path segments after `marker` (Discord's `webhooks`, Slack's `services`), or null when the URL has no such segment. */
export function after(url: URL, marker: string): string[] | null {
  const path = segments(url);
  const i = path.findIndex((s) => s.toLowerCase() === marker);
  return i === -1 ? null : path.slice(i + 1);
}

/** The forms a piece travels in: as is, percent-encoded (a URL or a query), and JSON-escaped. */
export function forms(value: string): string[] {
  return [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
}
