/**
 * The settings of the local runtime (`npm start`, `node scripts/serve.ts`), read from the environment in
 * this one place and checked before anything is built or bound: a bad value is one sentence naming the
 * variable, what it takes and what it got, never Node's own error from deep inside `listen`. Pure: the
 * caller passes the environment and decides how to report.
 */
import { isIP } from 'node:net';

export interface ServeSettings {
  /** 0 asks the system for any free port. */
  port: number;
  /** The address to bind: loopback unless HOST says otherwise. */
  host: string;
}

export const DEFAULT_PORT = 8888;
/**
 * Loopback: a local runtime is reachable from this machine only unless HOST opens it up on purpose
 * (`HOST=0.0.0.0` for every IPv4 interface, `HOST=::` for every interface).
 */
export const DEFAULT_HOST = '127.0.0.1';

/**
 * The two variables, named once here: readServeSettings reads them, and `npm start --help` lists them
 * from this table (START in scripts/lib/commands/tools.ts).
 */
export const SERVE_ENV = {
  port: { name: 'PORT', value: '<port>', about: `the port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)` },
  host: { name: 'HOST', value: '<address>', about: `the address to listen on (default ${DEFAULT_HOST}, loopback only)` },
} as const;

export type SettingsResult = { ok: true; settings: ServeSettings } | { ok: false; problem: string };

/** What a shown value looks like in a message: quoted, and cut so a pasted blob cannot flood the terminal. */
function shown(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

// A DNS name (RFC 1123 labels: letters, digits, inner hyphens; up to 253 characters), e.g. localhost.
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

function readPort(raw: string | undefined): number | string {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  const value = raw.trim();
  const port = /^\d{1,5}$/.test(value) ? Number(value) : NaN;
  if (Number.isInteger(port) && port >= 0 && port <= 65535) return port;
  return `${SERVE_ENV.port.name} must be a whole number from 0 to 65535 (0 picks any free port); got ${shown(raw)}`;
}

function readHost(raw: string | undefined): { host: string } | string {
  if (raw === undefined || raw.trim() === '') return { host: DEFAULT_HOST };
  const value = raw.trim();
  // An IPv6 address may come bracketed, as in a URL.
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (isIP(bare) !== 0 || HOSTNAME.test(bare)) return { host: bare };
  return `${SERVE_ENV.host.name} must be an IP address or a host name such as 127.0.0.1, 0.0.0.0, :: or localhost; got ${shown(raw)}`;
}

/** PORT and HOST from `env`, with their defaults, or the first problem as one sentence. */
export function readServeSettings(env: Readonly<Record<string, string | undefined>>): SettingsResult {
  const port = readPort(env[SERVE_ENV.port.name]);
  if (typeof port === 'string') return { ok: false, problem: port };
  const host = readHost(env[SERVE_ENV.host.name]);
  if (typeof host === 'string') return { ok: false, problem: host };
  return { ok: true, settings: { port, host: host.host } };
}

/**
 * The URL of the address a server really listens on (`server.address()`), brackets around IPv6; and a
 * note when it is a wildcard, which answers on every interface rather than at that literal address.
 */
export function listeningUrl(address: { address: string; port: number }): { url: string; note: string | null } {
  const ipv6 = isIP(address.address) === 6;
  const url = `http://${ipv6 ? `[${address.address}]` : address.address}:${address.port}`;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  return { url, note: wildcard ? 'every interface: reachable from other machines' : null };
}
