/**
 * The one redactor, and what leaves as text (docs/security.md, "Secrets"): where untrusted text enters
 * (an HTTP error's reason phrase, an outlet's answer, an error message: src/net/http.ts,
 * src/jobs/broadcast/outlets/) the credential of that request is removed; it is also the last net of the
 * console of the scripts (scripts/lib/guard-output.ts) and of the functions' logs, which are not facts.
 * Pure: the environment is passed in.
 */
import { asUrl, type Env, forms, MIN_SECRET_CHARS, REDACTED, userinfoOf } from './pieces.ts';
import { secretsFrom } from './variables.ts';

/**
 * Query parameters that carry a credential in a request's URL (`?auth=`, `?access_token=`); the others (`?usernames=`)
 * are the question.
 */
const CREDENTIAL_PARAM = /^(auth|token|access_token|api_key|apikey|key|secret|password|sig|signature)$/i;

/**
 * What a request carries as credentials, to be removed from whatever its answer or its failure says:
 * the value of each credential header (the token after a scheme word such as `Bearer` or `token`: the
 * word itself is no secret, and an error that says `Bearer [secret]` says which credential failed), the
 * URL's `user:pass`, and the values of its credential query parameters (CREDENTIAL_PARAM).
 */
export function requestCredentials(url: string, headers: Readonly<Record<string, string>> = {}): string[] {
  const fromHeaders = Object.entries(headers)
    .filter(([k]) => /^(authorization|proxy-authorization|x-api-key|cookie)$/i.test(k))
    .map(([, v]) => v.trim().replace(/^[A-Za-z-]+\s+/, ''));
  const u = asUrl(url);
  const fromUrl = u ? [...userinfoOf(u), ...[...u.searchParams].filter(([k]) => CREDENTIAL_PARAM.test(k)).map(([, v]) => v)] : [];
  const pieces = [...fromHeaders, ...fromUrl].filter((p) => p.length >= MIN_SECRET_CHARS);
  return [...new Set(pieces.flatMap(forms))].filter((p) => p.length >= MIN_SECRET_CHARS).sort((a, b) => b.length - a.length);
}

export type Redactor = (text: string) => string;

/**
 * Replaces every secret piece with REDACTED (longest first); the identity when there is none. The one
 * redactor. Case counts: ignoring it would blot out our own words ("RESETCAST_…" for a topic "resetcast").
 */
export function createRedactor(secrets: readonly string[]): Redactor {
  const sorted = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  if (sorted.length === 0) return (text) => text;
  return (text) => {
    let out = text;
    for (const s of sorted) if (out.includes(s)) out = out.split(s).join(REDACTED);
    return out;
  };
}

export const redactorFrom = (env: Env): Redactor => createRedactor(secretsFrom(env));

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

/** The lines a function logs (the watcher's, X's webhook's): each one line after `tag`, redacted by the one redactor, no workflow command. */
export function functionLogLines(env: Env, tag: string, lines: readonly string[]): string[] {
  const redact = redactorFrom(env);
  return lines.map((l) => neutraliseWorkflowCommands(redact(`${tag} ${oneLine(l)}`)));
}
