/**
 * The secrets Resetcast is given, and the one redaction every byte that leaves a process passes through
 * (docs/security.md, "Secrets"). The writers call `redactorFrom(env)` at the last step: the data/ writer
 * (src/io/data-folder.ts), the console of the scripts (scripts/lib/guard-output.ts) and the build's
 * data loader (src/site/data.ts). Callers never redact by hand, so a new message or a new file cannot forget.
 * Pure: the environment is passed in.
 */

/** Every environment variable that holds a secret. Adding an outlet's secret is one line here. */
export const SECRET_ENV = ['X_BEARER_TOKEN', 'GITHUB_TOKEN', 'NTFY_TOPIC_URL', 'DISCORD_WEBHOOK_URL', 'SLACK_WEBHOOK_URL', 'TELEGRAM_BOT_TOKEN', 'NETLIFY_BUILD_HOOK', 'RESETCAST_DISPATCH_TOKEN', 'RESETCAST_BLOBS_TOKEN', 'NETLIFY_DB_URL'] as const;

export const REDACTED = '[secret]';

/**
 * Shorter pieces are not hidden on their own: they would blot out ordinary words ("api", "hooks") and
 * are too short to be a credential. As long as the replacement, so a redacted text never grows.
 */
export const MIN_SECRET_CHARS = REDACTED.length;

/** Path words the outlets' URLs share with everyone (Discord's /api/webhooks/, Slack's /services/): not secret. */
const PUBLIC_SEGMENTS = new Set(['webhooks', 'services', 'messages']);

/** The forms a value travels in: as is, percent-encoded (a URL or a query), and JSON-escaped. */
function forms(value: string): string[] {
  return [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
}

/**
 * Every piece of one secret value that must never be written: the whole value and, for a URL, its
 * normalised form, its path, each path segment (webhook ids and tokens, a ntfy topic), each query value,
 * and its `user:pass` credentials.
 */
export function secretPieces(value: string): string[] {
  const pieces = [value.trim()];
  if (URL.canParse(value.trim())) {
    const url = new URL(value.trim());
    pieces.push(url.href, url.pathname, url.search, url.username, url.password, decodeURIComponent(url.password), decodeURIComponent(url.username));
    if (url.username || url.password) pieces.push(`${url.username}:${url.password}`, `${url.origin}${url.pathname}`);
    for (const segment of url.pathname.split('/')) if (!PUBLIC_SEGMENTS.has(segment.toLowerCase())) pieces.push(segment, decodeURIComponent(segment));
    for (const [, v] of url.searchParams) pieces.push(v);
  }
  return [...new Set(pieces.flatMap(forms))].filter((p) => p.length >= MIN_SECRET_CHARS);
}

/** The secret pieces of an environment: every set variable of SECRET_ENV. */
export function secretsFrom(env: Readonly<Record<string, string | undefined>>): string[] {
  const all = SECRET_ENV.flatMap((name) => (env[name] ? secretPieces(env[name]!) : []));
  // Longest first, so a whole URL is replaced before a segment of it.
  return [...new Set(all)].sort((a, b) => b.length - a.length);
}

export type Redactor = (text: string) => string;

/** Replaces every secret piece with REDACTED; the identity when there is no secret. */
export function createRedactor(secrets: readonly string[]): Redactor {
  if (secrets.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  };
}

export const redactorFrom = (env: Readonly<Record<string, string | undefined>>): Redactor => createRedactor(secretsFrom(env));

/**
 * A line of output made safe for a CI log: a line that would start a GitHub Actions workflow command
 * (`::error::`, `::add-mask::`, `::stop-commands::`, or the older `##[…]`) once leading white space is
 * skipped gets a visible `› ` in front, so the runner shows it instead of acting on it.
 */
export function neutraliseWorkflowCommands(text: string): string {
  return text.replace(/^([ \t]*)(::|##\[)/gm, '$1› $2');
}

/** Upstream text placed inside one of our lines: line breaks shown as `\n`, never a line of its own. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n|\u2028|\u2029/g, (m) => (m === '\r' ? '\\r' : '\\n'));
}
