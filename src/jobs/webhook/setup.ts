/**
 * Setting up X's webhook, idempotently (`npm run x-webhook -- register|status|remove`, docs/alerts.md,
 * "Setting up X's webhook"). X's calls (docs.x.com, "Webhooks" and "X Activity API", read 2026-11-28;
 * every call with the app's bearer token, app-only, which public events allow):
 * - `GET /2/webhooks` → `{data: [{id, url, valid, created_at}]}`; `POST /2/webhooks {url}` registers a
 *   URL (X runs a CRC against it first and refuses one that fails) → `{data: {id, url, valid}}`;
 *   `PUT /2/webhooks/:id` runs the CRC again (a webhook X marked invalid); `DELETE /2/webhooks/:id`.
 * - `GET /2/activity/subscriptions` → `{data: [{subscription_id, event_type, filter: {user_id}, webhook_id,
 *   tag}]}`; `POST /2/activity/subscriptions {event_type, filter: {user_id}, tag, webhook_id}`;
 *   `DELETE /2/activity/subscriptions/:id`.
 *
 * register makes X hold exactly: our webhook URL, valid, and one `post.create` subscription to it per
 * watched account (RESETCAST_WATCH_ACCOUNTS), adding what is missing and removing ours for accounts no
 * longer watched; run twice, the second run changes nothing. remove takes our subscriptions and our
 * webhook away, nothing else of the app's. Each step is one line; X's words for a refusal are cleaned.
 */
import { z } from 'zod';
import { callJson, getJson, type HttpDeps } from '../../net/http.ts';
import { lookUpUsers, xReason } from '../intake/x.ts';
import { parseOrThrow } from '../intake/parse.ts';
import type { PolledAccount } from '../watch/config.ts';
import { POST_CREATE } from './delivery.ts';

/** The tag our subscriptions carry (X echoes it in every delivery): how status and remove know ours. */
export const SUBSCRIPTION_TAG = 'resetcast';

const MAX_BYTES = 1_048_576;

const Webhook = z.object({ id: z.string(), url: z.string(), valid: z.boolean().optional() }).loose();
const Webhooks = z.object({ data: z.array(Webhook).optional() }).loose();
const OneWebhook = z.object({ data: Webhook }).loose();
const Subscription = z
  .object({
    subscription_id: z.string(),
    event_type: z.string(),
    filter: z.object({ user_id: z.string().optional() }).loose().optional(),
    webhook_id: z.string().optional(),
    tag: z.string().optional(),
  })
  .loose();
const Subscriptions = z.object({ data: z.array(Subscription).optional() }).loose();

export interface SetupTarget {
  http: HttpDeps;
  /** X's API base (https://api.x.com, or the local stand-in). */
  base: string;
  token: string;
  /** The webhook's address (our function's: `<site>/x/webhook`). */
  url: string;
  accounts: readonly PolledAccount[];
}

export interface SetupResult {
  lines: string[];
  /** Whether every step did what it should. */
  ok: boolean;
}

type Sub = z.infer<typeof Subscription>;

/** X's calls, each answer checked against its documented shape; X's reason in a refusal's line. */
function xClient(t: SetupTarget) {
  const spec = { headers: { Authorization: `Bearer ${t.token}` }, maxBytes: MAX_BYTES, describeError: xReason };
  const at = (path: string): string => new URL(path, t.base).toString();
  return {
    webhooks: async () => parseOrThrow(Webhooks, (await getJson(t.http, at('/2/webhooks'), spec)).body, 'GET /2/webhooks').data ?? [],
    createWebhook: async () =>
      parseOrThrow(OneWebhook, (await callJson(t.http, at('/2/webhooks'), 'POST', { url: t.url }, spec)).body, 'POST /2/webhooks').data,
    revalidate: (id: string) => callJson(t.http, at(`/2/webhooks/${id}`), 'PUT', undefined, spec),
    deleteWebhook: (id: string) => callJson(t.http, at(`/2/webhooks/${id}`), 'DELETE', undefined, spec),
    subscriptions: async () =>
      parseOrThrow(Subscriptions, (await getJson(t.http, at('/2/activity/subscriptions'), spec)).body, 'GET /2/activity/subscriptions')
        .data ?? [],
    subscribe: (userId: string, webhookId: string) =>
      callJson(
        t.http,
        at('/2/activity/subscriptions'),
        'POST',
        { event_type: POST_CREATE, filter: { user_id: userId }, tag: SUBSCRIPTION_TAG, webhook_id: webhookId },
        spec,
      ),
    unsubscribe: (id: string) => callJson(t.http, at(`/2/activity/subscriptions/${id}`), 'DELETE', undefined, spec),
    userIds: (names: string[]) => lookUpUsers(t.http, t.base, spec.headers, names),
  };
}

/** Our subscriptions: post.create to our webhook. */
const ours = (subs: readonly Sub[], webhookId: string): Sub[] =>
  subs.filter((s) => s.event_type === POST_CREATE && s.webhook_id === webhookId);

/** Runs `step`, its failure one ❌ line (X's reason included) that marks the result not ok. */
async function step<T>(lines: string[], result: { ok: boolean }, what: string, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (e) {
    lines.push(`❌ ${what}: ${(e as Error).message}`);
    result.ok = false;
    return null;
  }
}

/** Our webhook and its subscriptions brought to what the watched accounts need (idempotent). */
export async function register(t: SetupTarget): Promise<SetupResult> {
  const x = xClient(t);
  const result: SetupResult = { lines: [], ok: true };
  const { lines } = result;
  const hooks = await step(lines, result, 'webhooks', x.webhooks);
  if (!hooks) return result;
  let hook = hooks.find((h) => h.url === t.url);
  if (!hook) {
    hook = (await step(lines, result, `webhook ${t.url}`, x.createWebhook)) ?? undefined;
    if (!hook) return result;
    lines.push(`✅ webhook: ${t.url} registered (id ${hook.id}; X's CRC answered)`);
  } else if (hook.valid === false) {
    if ((await step(lines, result, `webhook ${t.url}: CRC again`, () => x.revalidate(hook!.id))) === null) return result;
    lines.push(`✅ webhook: ${t.url} (id ${hook.id}) was marked invalid; X's CRC answered again`);
  } else lines.push(`✅ webhook: ${t.url} already registered (id ${hook.id})`);

  const [ids, subs] = await Promise.all([
    step(lines, result, 'accounts', () => x.userIds(t.accounts.map((a) => a.name))),
    step(lines, result, 'subscriptions', x.subscriptions),
  ]);
  if (!ids || !subs) return result;
  const mine = ours(subs, hook.id);
  for (const a of t.accounts) {
    const id = ids.get(a.name.toLowerCase())!; // lookUpUsers throws for an account X does not know
    if (mine.some((s) => s.filter?.user_id === id)) lines.push(`✅ subscription ${a.name} (user ${id}): already there`);
    else if ((await step(lines, result, `subscription ${a.name}`, () => x.subscribe(id, hook.id))) !== null)
      lines.push(`✅ subscription ${a.name} (user ${id}): ${POST_CREATE} created`);
  }
  const wanted = new Set(t.accounts.map((a) => ids.get(a.name.toLowerCase())));
  for (const s of mine.filter((m) => !wanted.has(m.filter?.user_id)))
    if ((await step(lines, result, `subscription ${s.subscription_id}`, () => x.unsubscribe(s.subscription_id))) !== null)
      lines.push(`✅ subscription of user ${s.filter?.user_id ?? '?'}: removed (the account is no longer watched)`);
  return result;
}

/** What X holds for us: the webhook (valid or not) and our subscriptions. */
export async function status(t: SetupTarget): Promise<SetupResult> {
  const x = xClient(t);
  const result: SetupResult = { lines: [], ok: true };
  const hooks = await step(result.lines, result, 'webhooks', x.webhooks);
  if (!hooks) return result;
  const hook = hooks.find((h) => h.url === t.url);
  const others = hooks.length - (hook ? 1 : 0);
  const besides = others > 0 ? `; the app has ${others} other webhook(s)` : '';
  if (!hook) {
    result.lines.push(`⏭️ webhook: ${t.url} is not registered${besides} (npm run x-webhook -- register)`);
    result.ok = false;
    return result;
  }
  const invalid = hook.valid === false;
  const state = invalid ? 'invalid: X stopped delivering; register runs the CRC again' : 'valid';
  result.lines.push(`${invalid ? '❌' : '✅'} webhook: ${t.url} (id ${hook.id}, ${state})${besides}`);
  if (invalid) result.ok = false;
  const subs = await step(result.lines, result, 'subscriptions', x.subscriptions);
  if (!subs) return result;
  const mine = ours(subs, hook.id);
  const users = mine.length ? `: users ${mine.map((s) => s.filter?.user_id ?? '?').join(', ')}` : '';
  result.lines.push(`✅ subscriptions: ${mine.length} ${POST_CREATE} to it${users} (${t.accounts.length} account(s) watched)`);
  if (mine.length !== t.accounts.length) result.ok = false;
  return result;
}

/** Our subscriptions, then our webhook, removed; nothing of X's is left pointing at us. */
export async function remove(t: SetupTarget): Promise<SetupResult> {
  const x = xClient(t);
  const result: SetupResult = { lines: [], ok: true };
  const { lines } = result;
  const hooks = await step(lines, result, 'webhooks', x.webhooks);
  if (!hooks) return result;
  const hook = hooks.find((h) => h.url === t.url);
  if (!hook) {
    lines.push(`✅ webhook: ${t.url} is not registered; nothing to remove`);
    return result;
  }
  const subs = await step(lines, result, 'subscriptions', x.subscriptions);
  if (!subs) return result;
  for (const s of ours(subs, hook.id))
    if ((await step(lines, result, `subscription ${s.subscription_id}`, () => x.unsubscribe(s.subscription_id))) !== null)
      lines.push(`✅ subscription of user ${s.filter?.user_id ?? '?'}: removed`);
  if (!result.ok) return result;
  if ((await step(lines, result, `webhook ${t.url}`, () => x.deleteWebhook(hook.id))) !== null)
    lines.push(`✅ webhook: ${t.url} (id ${hook.id}) removed`);
  return result;
}

/** The three actions, by the name the command takes. */
export const SETUP_ACTIONS = { register, status, remove } as const;
export type SetupAction = keyof typeof SETUP_ACTIONS;
