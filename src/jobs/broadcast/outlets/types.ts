/** An outlet the watcher and npm run broadcast send alerts to: how it is configured, asked, and how it says yes. */
import type { HttpAnswer } from '../../../net/http.ts';
import type { Message } from '../../../core/alerts/message.ts';
import { OUTLET_NAMES } from '../../../core/schema/index.ts';
import { cleanText } from '../../../core/sanitize.ts';
import type { SecretName } from '../../../core/secrets/variables.ts';

export { OUTLET_NAMES };
export type OutletName = (typeof OUTLET_NAMES)[number];
/** The configured address of each outlet (outletUrls: from the environment); unset outlets are skipped. */
export type OutletUrls = Partial<Record<OutletName, string>>;

/** One environment variable of an outlet: its name, what its value looks like, what it does. */
export interface OutletSetting {
  name: string;
  value: string;
  about: string;
}

export interface Outlet {
  name: OutletName;
  /** Its name in prose (help texts, bench rows, docs/alerts.md's table of outlets). */
  label: string;
  /**
   * The environment variable holding its URL or token (a secret: the URL is the credential), named when
   * it is unset; its entry in SECRET_VARIABLES (src/core/secrets/variables.ts) says which part is the credential.
   */
  env: SecretName;
  /**
   * Its configured address from the environment, when that takes more than `env` (Telegram: the token,
   * the chat and the API base); undefined when unset (the outlet is skipped). Without it, `env[env]`.
   */
  configured?: (env: Record<string, string | undefined>) => string | undefined;
  /** Every environment variable it reads, as `npm run broadcast -- --help` lists them (`env` first). */
  settings: readonly OutletSetting[];
  /**
   * The value of `env` inside the configured address, when the address is built from more than it
   * (Telegram: the bot token); without it, the address is the value. Its credential parts
   * (src/core/secrets/variables.ts) are removed from every line and record about this outlet (outletRedactor).
   */
  secretOf?: (configured: string) => string;
  /** The POST for one message: where to, and the JSON body. */
  request: (configured: string, m: Message) => { url: string; body: unknown };
  /** Why a 2xx answer is not this outlet's success answer (a wrong URL answering 200), or null. */
  problem: (res: HttpAnswer) => string | null;
  /** A wait the outlet asks for in the body of a 429 (when it sends no Retry-After header). */
  delayFromBody?: (text: string) => number | null;
  /** The outlet's own words for an error answer's body (added to the status in the failure line). */
  describeError?: (text: string) => string | null;
  /**
   * Whether a refusal that by its status concerns the message (400, 413, 422) says instead that the
   * outlet cannot post at all (Telegram's 400 "chat not found"): then the outlet stops and nothing is
   * recorded against the alert, as for a 401 or 403, so a misconfiguration does not use up its attempts.
   */
  refusesAll?: (status: number, message: string) => boolean;
}

/** An outlet's answer as JSON, or undefined when it is not JSON (an answer's shape is checked by its reader). */
export const jsonOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The first characters of an unexpected answer, for the error message: cleaned (control characters, escapes) and cut at a grapheme. */
export const glimpse = (text: string): string => {
  const seen = cleanText(text, 60);
  return seen === '' ? 'an empty body' : JSON.stringify(seen);
};
