/**
 * The flags and settings several commands share, each defined once and spread into their tables: the
 * form of the value (its type and how the help shows it) is the same everywhere, only the words about it
 * differ. A command's own flags stay in its table.
 */
import { SITE } from '../../../src/core/site.ts';
import { HTTP_DEFAULTS } from '../../../src/core/sources.ts';
import type { EnvSetting } from './spec.ts';

/** What every command that reads data/ takes from the environment. */
export const DATA_DIR: EnvSetting = { name: 'RESETCAST_DATA_DIR', value: '<dir>', about: 'the data folder (default data/)' };

/** What every command that builds alert ids or links takes from the environment: the site's address (docs/deploy.md). */
export const SITE_URL: EnvSetting = {
  name: 'RESETCAST_SITE_URL',
  value: '<https-url>',
  about: `the site's public address, as its build's (else URL, else ${SITE.url}): alert ids and links are built on it`,
};

/** A UTC instant, YYYY-MM-DDTHH:MM:SSZ. */
export const timestampFlag = <A extends string>(about: A) => ({ type: 'string', value: '<ts>', about }) as const;

/** Words in quotes: a summary, a reason, a note. */
export const textFlag = <A extends string>(about: A) => ({ type: 'string', value: '"…"', about }) as const;

/** A fact said yes (`--x`) or no (`--no-x`), unknown when absent. */
export const yesNoFlag = <A extends string>(about: A) => ({ type: 'boolean', negatable: true, about }) as const;

/** Plans: all, paid, unspecified, or plans joined with "+". */
export const scopeFlag = <A extends string>(about: A) => ({ type: 'string', value: '<scope>', about }) as const;

/** How sure a record is. */
export const certaintyFlag = <A extends string>(about: A) => ({ type: 'string', value: 'high|medium|low', about }) as const;

/** Who posted it. */
export const accountFlag = <A extends string>(about: A) => ({ type: 'string', value: '<account>', about }) as const;

/** The per-request timeout the commands' HTTP reads (scripts/lib/http.ts), as their --help lists it. */
export const HTTP_TIMEOUT: EnvSetting = {
  name: 'RESETCAST_HTTP_TIMEOUT_MS',
  value: '<ms>',
  about: `per-request timeout (default ${HTTP_DEFAULTS.timeoutMs})`,
};
