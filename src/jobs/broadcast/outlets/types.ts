/** An outlet the scheduled pull broadcasts alerts to: how it is configured, asked, and how it says yes. */
import type { HttpAnswer } from '../../../net/http.ts';
import type { Message } from '../../../core/alerts/message.ts';

export const OUTLET_NAMES = ['ntfy', 'discord', 'slack'] as const;
export type OutletName = (typeof OUTLET_NAMES)[number];
/** The configured address of each outlet (from the environment in scripts/pull.ts); unset outlets are skipped. */
export type OutletUrls = Partial<Record<OutletName, string>>;

export interface Outlet {
  name: OutletName;
  /** The environment variable holding its URL (a secret: the URL is the credential). */
  env: string;
  /** The POST for one message: where to, and the JSON body. */
  request: (configured: string, m: Message) => { url: string; body: unknown };
  /** Why a 2xx answer is not this outlet's success answer (a wrong URL answering 200), or null. */
  problem: (res: HttpAnswer) => string | null;
  /** A wait the outlet asks for in the body of a 429 (when it sends no Retry-After header). */
  delayFromBody?: (text: string) => number | null;
}

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** The first characters of an unexpected answer, for the error message. */
export const glimpse = (text: string): string => (text.trim() === '' ? 'an empty body' : JSON.stringify(text.replace(/\s+/g, ' ').trim().slice(0, 60)));
