/**
 * The secrets Resetcast is given, one registry (docs/security.md, "Secrets"): every environment
 * variable that holds one, which part of its value is the credential, and the pieces of an environment's
 * values that must never be written (what the redactor, redact.ts, and the document scanner, in-data.ts,
 * look for). Pure: the environment is passed in.
 */
import { SITE } from '../site.ts';
import { asUrl, after, type Env, forms, MIN_SECRET_CHARS, segments, urlCredentials } from './pieces.ts';

/**
 * Names the variables whose public part is public by design (comma-separated): for NTFY_TOPIC_URL, its
 * topic, when the topic is one anyone may subscribe to (SITE.ntfyTopic is public without saying so).
 */
export const DECLARE_PUBLIC_ENV = 'RESETCAST_PUBLIC_VALUES';

export interface SecretVariable {
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
  /** What the pull sends to hand over the signal snapshot (netlify/functions/signals.ts). */
  RESETCAST_SIGNALS_TOKEN: wholeToken,
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
