/**
 * `npm run x-webhook -- register|status|remove [--url <url>]`: sets up X's webhook for the watched
 * accounts (docs/alerts.md, "Setting up X's webhook"), idempotently, with the X app's bearer token
 * (X_BEARER_TOKEN). A thin binding around src/jobs/webhook/setup.ts: the environment, the HTTP client.
 * One ✅/❌ line per step; exit 0 when every step did what it should, 1 otherwise (and for bad flags).
 * Every line goes through the one redactor (scripts/lib/guard-output.ts).
 */
// First: every later write to stdout/stderr is redacted of secrets and cannot run a workflow command.
import './lib/guard-output.ts';
import { siteAddress, X_WEBHOOK_PATH } from '../src/core/site.ts';
import { sourceBases } from '../src/core/sources.ts';
import { parseWatchAccounts, type PolledAccount } from '../src/jobs/watch/config.ts';
import { SETUP_ACTIONS, type SetupAction } from '../src/jobs/webhook/setup.ts';
import { X_WEBHOOK } from './lib/commands/jobs.ts';
import { envValue, parseCommand, refuse } from './lib/flags.ts';
import { commandHttp } from './lib/http.ts';

const { values, positionals } = parseCommand(X_WEBHOOK);
const action = positionals[0] as string;
if (!Object.hasOwn(SETUP_ACTIONS, action)) refuse(X_WEBHOOK, `${JSON.stringify(action)}: not register, status or remove`);
const token = envValue(X_WEBHOOK.env.xToken);
if (!token) refuse(X_WEBHOOK, `${X_WEBHOOK.env.xToken.name} is not set (the X app's bearer token)`);
/** The default address: the site's (RESETCAST_SITE_URL, URL, else SITE.url), as the deployed function's. */
function defaultUrl(): string {
  const site = siteAddress(process.env);
  return 'problem' in site ? refuse(X_WEBHOOK, site.problem) : `${site.url}${X_WEBHOOK_PATH}`;
}
const url = values.url ?? defaultUrl();
if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) refuse(X_WEBHOOK, `--url ${JSON.stringify(url)}: not an http(s) URL`);
/**
 * The watched accounts, or the command refused with the variable's problems: the watcher leaves a bad
 * entry out and goes on, but registering without it would remove that account's subscription.
 */
function watched(): PolledAccount[] {
  const { accounts, problems } = parseWatchAccounts(envValue(X_WEBHOOK.env.accounts));
  return problems.length > 0 ? refuse(X_WEBHOOK, `${problems.join('; ')}; nothing changed at X`) : accounts;
}
const accounts = watched();
const result = await SETUP_ACTIONS[action as SetupAction]({
  http: commandHttp(process.env),
  base: sourceBases(process.env).x,
  token,
  url,
  accounts,
});
for (const line of result.lines) console.log(line);
process.exitCode = result.ok ? 0 : 1;
