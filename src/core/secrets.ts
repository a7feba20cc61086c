/**
 * The secrets Resetcast is given: which part of each one's value is the credential, and the one
 * redactor (docs/security.md, "Secrets"). Secrets stay out of files, pages and logs two ways:
 * - where untrusted text enters (an HTTP error's reason phrase, an outlet's answer, an error message:
 *   src/net/http.ts, src/jobs/broadcast/outlets/) the credential of that request is removed;
 * - a write of data/ (src/io/data-folder.ts) or a build (src/site/data.ts) whose own content holds a
 *   credential is refused with one line naming the variable, the file and the field (`secretInData`).
 * Our facts are never rewritten to hide a secret. The redactor is also the last net of the console of
 * the scripts (scripts/lib/guard-output.ts) and of the watcher's log, which are not facts.
 * Pure: the environment is passed in.
 */
import { SITE } from './site.ts';

export const REDACTED = '[secret]';

/**
 * Shorter pieces are not looked for: they would match ordinary words ("api", "T1") and are too short to
 * be a credential. As long as the replacement, so a redacted text never grows.
 */
export const MIN_SECRET_CHARS = REDACTED.length;

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Names the variables whose public part is public by design (comma-separated): for NTFY_TOPIC_URL, its
 * topic, when the topic is one anyone may subscribe to (SITE.ntfyTopic is public without saying so).
 */
export const DECLARE_PUBLIC_ENV = 'RESETCAST_PUBLIC_VALUES';

const asUrl = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);
const segments = (url: URL): string[] => url.pathname.split('/').filter(Boolean);

/** What any URL carries as credentials: `user:pass`, each of them, and every query value (`?auth=…`, `?token=…`). */
function urlCredentials(url: URL): string[] {
  return [...userinfoOf(url), url.search.slice(1), ...[...url.searchParams.values()]];
}

/** A URL's `user:pass`, each of them, decoded too; none without credentials. */
function userinfoOf(url: URL): string[] {
  return url.username || url.password
    ? [`${url.username}:${url.password}`, url.username, url.password, decodeURIComponent(url.username), decodeURIComponent(url.password)]
    : [];
}

/** The path segments after `marker` (Discord's `webhooks`, Slack's `services`), or null when the URL has no such segment. */
function after(url: URL, marker: string): string[] | null {
  const path = segments(url);
  const i = path.findIndex((s) => s.toLowerCase() === marker);
  return i === -1 ? null : path.slice(i + 1);
}

interface SecretVariable {
  /** Which part of the value is the credential, in words (the refusal line names it). */
  credential: string;
  /** The credential parts of a value (the whole value is added when any is found). */
  parts: (value: string, declaredPublic: boolean) => string[];
  /** The part that may be declared public (DECLARE_PUBLIC_ENV), in words; absent: nothing of it is public. */
  mayBePublic?: string;
  /**
   * A value whose credential may be an ordinary word (a password a person chose): `pieces` are those of
   * its parts that are word-like, and `advice` is what a refusal that found one says to do instead of
   * removing it from data/, since our own texts hold the word and cannot be rewritten to hide it.
   */
  wordLike?: { pieces: (value: string) => string[]; advice: string };
}

const wholeToken: SecretVariable = { credential: 'the token', parts: (v) => [v] };

/** A URL whose credential is its path after a known word; a URL of another shape counts its whole path. */
const webhookUrl = (marker: string, pick: (rest: string[]) => string[], credential: string): SecretVariable => ({
  credential,
  parts: (v) => {
    const url = asUrl(v);
    if (!url) return [v];
    const rest = after(url, marker);
    return [...urlCredentials(url), ...(rest && rest.length > 0 ? pick(rest) : [url.pathname, ...segments(url)])];
  },
});

/** The length of a password a refusal asks for: random at this length, it is in no text of ours. */
export const RANDOM_PASSWORD_CHARS = 20;

/**
 * A password a person could have chosen as a word: letters only ("resetcast", "Netlify"), or short.
 * Such a password may well appear in our own data (our name, our URLs), where a random one never does.
 */
const isWordLike = (password: string): boolean => /^[A-Za-z]+$/.test(password) || password.length < 12;

/**
 * A database URL (`postgres://user:password@host/db?sslmode=require`): its password, and `user:password`
 * (the whole URL is added by secretPieces). The user, host, database name and query (`sslmode=require`)
 * are not credentials: removing them would blot out ordinary words in a driver's messages. A value that
 * is no URL (a key=value connection string) counts whole.
 */
const databaseUrl: SecretVariable = {
  credential: 'the password in the URL',
  parts: (v) => {
    const url = asUrl(v);
    if (!url) return [v];
    return url.password ? [`${url.username}:${url.password}`, url.password, decodeURIComponent(url.password)] : [];
  },
  wordLike: {
    pieces: (v) => {
      const password = asUrl(v)?.password;
      return password && isWordLike(decodeURIComponent(password)) ? [password, decodeURIComponent(password)] : [];
    },
    advice:
      "a password that is a word (here one Resetcast's own data uses) cannot be kept out of its files and pages: " +
      `give the database a random password of at least ${RANDOM_PASSWORD_CHARS} characters and set NETLIFY_DB_URL to the new URL`,
  },
};

/** The topic of an ntfy URL (its last path segment), decoded. */
const ntfyTopic = (url: URL): string | null => {
  const last = segments(url).at(-1);
  return last === undefined ? null : decodeURIComponent(last);
};
const publishedTopic = ntfyTopic(new URL(SITE.ntfyTopic));

/**
 * Every environment variable that holds a secret, and which part of its value is the credential. One
 * registry: adding an outlet's secret is one entry here (docs/security.md lists them).
 */
export const SECRET_VARIABLES = {
  X_BEARER_TOKEN: wholeToken,
  /** The X app's consumer secret (API secret key): it signs X's webhook deliveries and answers its CRC (src/jobs/webhook/). */
  X_CONSUMER_SECRET: { credential: 'the consumer secret', parts: (v) => [v] },
  GITHUB_TOKEN: wholeToken,
  RESETCAST_DISPATCH_TOKEN: wholeToken,
  NETLIFY_BUILD_HOOK: webhookUrl('build_hooks', (rest) => [rest.join('/'), ...rest], 'the build hook id'),
  TELEGRAM_BOT_TOKEN: { credential: 'the bot token', parts: (v) => [v, v.slice(v.indexOf(':') + 1)] },
  DISCORD_WEBHOOK_URL: webhookUrl('webhooks', (rest) => [rest.join('/'), ...rest], 'the webhook id and token'),
  SLACK_WEBHOOK_URL: webhookUrl('services', (rest) => [rest.join('/'), rest.at(-1)!], 'the path after /services/'),
  NETLIFY_DB_URL: databaseUrl,
  NTFY_TOPIC_URL: {
    credential: 'the topic, or the credentials in the URL',
    mayBePublic: 'the topic',
    parts: (v, declaredPublic) => {
      const url = asUrl(v);
      if (!url) return [v];
      const topic = ntfyTopic(url);
      const isPublic = declaredPublic || topic === publishedTopic;
      return [...urlCredentials(url), ...(isPublic || topic === null ? [] : [topic, encodeURIComponent(topic), url.pathname])];
    },
  },
} as const satisfies Record<string, SecretVariable>;

export type SecretName = keyof typeof SECRET_VARIABLES;
/** Every environment variable that holds a secret. */
export const SECRET_ENV = Object.keys(SECRET_VARIABLES) as SecretName[];

/** The forms a piece travels in: as is, percent-encoded (a URL or a query), and JSON-escaped. */
function forms(value: string): string[] {
  return [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
}

/**
 * Every piece of one secret value that must never be written: its credential parts (SECRET_VARIABLES)
 * in every form, and, when it has any, the whole value and its normalised URL. Pieces shorter than
 * MIN_SECRET_CHARS are left out.
 */
export function secretPieces(name: SecretName, value: string, declaredPublic = false): string[] {
  const v = value.trim();
  const parts = SECRET_VARIABLES[name].parts(v, declaredPublic).filter((p) => p.length >= MIN_SECRET_CHARS);
  if (parts.length === 0) return [];
  const whole = [v, ...(asUrl(v) ? [asUrl(v)!.href] : [])];
  return [...new Set([...whole, ...parts].flatMap(forms))].filter((p) => p.length >= MIN_SECRET_CHARS);
}

/** The variables DECLARE_PUBLIC_ENV names. */
const declaredPublic = (env: Env): Set<string> =>
  new Set(
    (env[DECLARE_PUBLIC_ENV] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** One secret piece and the variable it belongs to. */
export interface SecretPiece {
  variable: SecretName;
  text: string;
  /** What a refusal that found this piece says to do (a word-like password: SecretVariable.wordLike). */
  advice?: string;
}

/** The pieces of one variable's value, each with the advice its word-like ones carry. */
function piecesOf(variable: SecretName, value: string, isPublic: boolean): SecretPiece[] {
  const def: SecretVariable = SECRET_VARIABLES[variable];
  const words = new Set((def.wordLike?.pieces(value.trim()) ?? []).flatMap(forms));
  return secretPieces(variable, value, isPublic).map((text) =>
    words.has(text) && def.wordLike ? { variable, text, advice: def.wordLike.advice } : { variable, text },
  );
}

/** Every secret piece of an environment (every set variable of SECRET_VARIABLES), longest first. */
export function secretPiecesFrom(env: Env): SecretPiece[] {
  const open = declaredPublic(env);
  const all = SECRET_ENV.flatMap((variable) => (env[variable] ? piecesOf(variable, env[variable]!, open.has(variable)) : []));
  const seen = new Set<string>();
  // Longest first, so a whole URL is replaced before a segment of it.
  return all.sort((a, b) => b.text.length - a.text.length).filter((p) => !seen.has(p.text) && seen.add(p.text));
}

/** The secret pieces of an environment, as text, longest first. */
export const secretsFrom = (env: Env): string[] => secretPiecesFrom(env).map((p) => p.text);

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

/** Where in a data file a secret was found: the variable, which part of it, and the field (and, for a word-like password, what to do). */
export interface SecretFinding {
  variable: SecretName;
  credential: string;
  file: string;
  field: string;
  advice?: string;
}

/** The path of the first string (key or value) of a JSON value holding `has`, as `events[3].summary`; null when none does. */
function fieldHolding(value: unknown, has: (s: string) => boolean, path: string): string | null {
  if (typeof value === 'string') return has(value) ? path || '(the value)' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = fieldHolding(v, has, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const at = path ? `${path}.${k}` : k;
      if (has(k)) return `${at} (the key)`;
      const found = fieldHolding(v, has, at);
      if (found) return found;
    }
  }
  return null;
}

/** The field of one file's text (JSON, or JSON lines) that holds `piece`; the line when it is not JSON. */
function locate(text: string, piece: string): string {
  const has = (s: string): boolean => s.includes(piece) || forms(s).some((f) => f.includes(piece));
  const lines = text.split('\n');
  const asJson = (t: string): unknown => {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return undefined;
    }
  };
  const whole = asJson(text);
  if (whole !== undefined) return fieldHolding(whole, has, '') ?? 'its text';
  const line = lines.findIndex((l) => l.includes(piece));
  const parsed = asJson(lines[line] ?? '');
  const inLine = parsed === undefined ? null : fieldHolding(parsed, has, '');
  return `line ${line + 1}${inLine ? `, ${inLine}` : ''}`;
}

/** The first secret piece any of the texts (by file name) holds, and where; null when none does. */
export function secretInData(texts: Readonly<Record<string, string>>, pieces: readonly SecretPiece[]): SecretFinding | null {
  for (const [file, text] of Object.entries(texts)) {
    const piece = pieces.find((p) => text.includes(p.text));
    if (piece) {
      const { variable, advice } = piece;
      const found = { variable, credential: SECRET_VARIABLES[variable].credential, file, field: locate(text, piece.text) };
      return advice === undefined ? found : { ...found, advice };
    }
  }
  return null;
}

/**
 * The one line a refused write or build says: the variable, the file and the field, never the value;
 * then what follows (`consequence`) and what to do (`fix`, as `: fix`). A word-like password's advice
 * replaces the fix: the word is ours too, so removing it from data/ is no way out.
 */
export function secretRefusal(f: SecretFinding, consequence: string, fix?: string): string {
  const head = `${f.file}: ${f.field} holds a credential of ${f.variable} (${f.credential}); ${consequence}`;
  if (f.advice !== undefined) return `${head}: ${f.advice}`;
  const declare =
    'mayBePublic' in SECRET_VARIABLES[f.variable]
      ? ` (if ${(SECRET_VARIABLES[f.variable] as SecretVariable).mayBePublic} is public, declare it: ${DECLARE_PUBLIC_ENV}=${f.variable})`
      : '';
  return `${head}${fix === undefined ? '' : `: ${fix}`}${declare}`;
}

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
