/**
 * Nothing secret at rest: each outlet's stand-in (tests/support/outlet-servers.ts) answers with its own
 * credential planted in what it says (ntfy's 502 reason phrase naming the private topic, Discord's reason
 * phrase with the webhook token, Telegram's `description` with the bot token, Slack's 200 body with its
 * secret path), whole and placed where a cap would cut it in two, and another secret of the environment
 * besides. After the broadcast, no row of the ledger (the whole table dumped as text) and no byte of the
 * embedded database's folder holds any form of either, nor the first characters of a credential, and no
 * line the broadcast gives to print holds the outlet's; on a real PostgreSQL and on the embedded engine, and through the watcher's
 * deployed-alerts step with the stores the function makes (redactorFrom of its environment; its state in
 * the local Netlify Blobs server, whose stored text holds none of them either).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableStringify } from '../../../../src/core/json.ts';
import { AlertsPayload } from '../../../../src/core/schema/index.ts';
import { redactorFrom } from '../../../../src/core/secrets/redact.ts';
import { secretsFrom } from '../../../../src/core/secrets/variables.ts';
import { SITE } from '../../../../src/core/site.ts';
import { createPayloads } from '../../../../src/site/api/payloads.ts';
import { broadcast } from '../../../../src/jobs/broadcast/broadcast.ts';
import { outletUrls, type OutletName } from '../../../../src/jobs/broadcast/outlets/index.ts';
import { runWatch } from '../../../../src/jobs/watch/run.ts';
import { WATCH_BLOBS_STORE, WATCH_STATE_KEY } from '../../../../src/jobs/watch/state.ts';
import { watchStores } from '../../../../src/jobs/watch/stores.ts';
import { startBlobs, type LocalBlobs } from '../../../support/blobs.ts';
import { closedAfterEach } from '../../../support/closed-after-each.ts';
import { startServer, type FixtureServer, type Reply } from '../../../support/fixture-server.ts';
import { testLedger, type TestLedger } from '../../../support/ledger.ts';
import {
  DISCORD_PATH,
  NTFY_TOPIC,
  OUTLET_APIS,
  outletEnv,
  SLACK_PATH,
  TELEGRAM_TOKEN,
  telegramError,
} from '../../../support/outlet-servers.ts';
import { startPostgres, type LocalPostgres } from '../../../support/postgres.ts';
import { httpDeps, loadDir, NOW, tempData } from '../../../support/pull-env.ts';
import { reset } from '../../../support/alerts.ts';

const servers = closedAfterEach<FixtureServer>();
const blobStores = closedAfterEach<LocalBlobs>();
const ledgers = closedAfterEach<TestLedger>();
const folders: string[] = [];
let pg: LocalPostgres;
let databases = 0;
beforeAll(async () => {
  pg = await startPostgres();
}, 120_000);
afterAll(async () => {
  await pg?.stop();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

/** Another secret of the environment, which only the ledger's own redactor (redactorFrom(env)) knows. */
const X_TOKEN = 'xBearerS3cretToken-QQQQ7777';
/** The first characters of each credential: what a cut would leave of it (none may be stored). */
const FIRST_CHARACTERS = ['s3cretWebh', 'XXXXsecret', 'AAHtelegra', 'xBearerS3c'];
/**
 * `before`, padding, then `credential`, placed so that a cap of `cap` characters on the whole cuts through
 * `fragment` (a part of the credential): what a cut before redaction would keep is its first characters.
 */
const straddling = (cap: number, before: string, credential: string, fragment: string): string =>
  `${before}${'p'.repeat(cap - 15 - before.length - 1 - credential.indexOf(fragment))} ${credential}`;

/** Each outlet's answer with its credential (and the X token) in it, as the issue found them. */
const ECHOES: [OutletName, string, Reply][] = [
  [
    'ntfy',
    'a 502 whose reason phrase names the private topic',
    { status: 502, reason: `Bad Gateway: topic ${NTFY_TOPIC} unreachable (${X_TOKEN})`, body: '' },
  ],
  [
    'discord',
    'a 404 whose reason phrase echoes the webhook id and token',
    { status: 404, reason: `Unknown Webhook ${DISCORD_PATH.split('/webhooks/')[1]} ${X_TOKEN}`, body: '{"message":"Unknown Webhook"}' },
  ],
  [
    'telegram',
    'a 403 whose description echoes the bot token, where the cap would cut it',
    telegramError(403, `Forbidden: ${straddling(200, `bot ${TELEGRAM_TOKEN} was kicked; ${X_TOKEN};`, TELEGRAM_TOKEN, 'AAHtelegra')}`),
  ],
  [
    'slack',
    'a 200 that is not "ok" and echoes the secret path, where the glimpse would cut it',
    { status: 200, headers: { 'Content-Type': 'text/plain' }, body: straddling(60, 'posted to', SLACK_PATH, 'XXXXsecret') },
  ],
];

/** Every file under `dir`, its bytes, by path. */
function filesUnder(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) for (const [p, b] of filesUnder(path)) out.set(p, b);
    else out.set(path, readFileSync(path));
  }
  return out;
}

/**
 * The outlets' credentials in every form, and the first characters of each: what no line may hold (the
 * environment's other secrets leave a line at the binding's last net, which tests/scripts/secrets.test.ts proves).
 */
const outletPieces = (env: Record<string, string>): string[] => [
  ...secretsFrom(Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'X_BEARER_TOKEN'))),
  ...FIRST_CHARACTERS.filter((p) => !X_TOKEN.startsWith(p)),
];

/** Which of `pieces` (every form of every secret, and the first characters of each credential) `text` holds. */
const found = (pieces: readonly string[], text: string): string[] => pieces.filter((p) => text.includes(p));

/** The whole table, every column of every row, as text. */
const tableText = async (l: TestLedger): Promise<string> =>
  (await l.db.sql.query<{ row: string }>('SELECT t::text AS row FROM alert_deliveries t')).rows.map((r) => r.row).join('\n');

describe.each(['postgres', 'embedded'] as const)('no secret in the ledger (%s)', (engine) => {
  it.each(ECHOES)('%s: %s', async (name, _what, answer) => {
    const server = await startServer(OUTLET_APIS[name](() => answer));
    servers.push(server);
    const env = {
      ...outletEnv({ ntfy: server.url, discord: server.url, slack: server.url, telegram: server.url }),
      X_BEARER_TOKEN: X_TOKEN,
    };
    const pieces = [...secretsFrom(env), ...FIRST_CHARACTERS];
    const dbDir = engine === 'embedded' ? mkdtempSync(join(tmpdir(), 'resetcast-secrets-ledger-')) : null;
    if (dbDir) folders.push(dbDir);
    const l = await testLedger({
      ...(dbDir ? { dbDir: join(dbDir, 'db') } : { url: await pg.freshDatabase(`s${++databases}`) }),
      redact: redactorFrom(env),
    });
    const urls = { [name]: outletUrls(env)[name]! };
    const result = await broadcast({ alerts: [reset(1, 1)], ledger: l.ledger, urls, http: httpDeps(), now: NOW });

    expect(server.requests).toHaveLength(1);
    const stored = await tableText(l);
    // The outcome was stored, with the outlet's words (its reason or body), only the secrets taken out.
    expect(stored).toMatch(/\[secret\]/);
    expect(found(pieces, stored)).toEqual([]);
    expect(found(outletPieces(env), result.lines.join('\n'))).toEqual([]);
    expect(result.lines.join('\n')).toMatch(new RegExp(`^❌ ${name}: `, 'm'));
    await l.close();
    if (dbDir) {
      const files = filesUnder(dbDir);
      expect(files.size).toBeGreaterThan(0);
      const leaked = [...files].flatMap(([path, bytes]) => pieces.filter((p) => bytes.includes(p)).map((p) => `${path}: ${p}`));
      expect(leaked).toEqual([]);
    }
  });
});

describe('no secret in the ledger: the watcher', () => {
  it('the deployed-alerts step, with the ledger made as the function makes it: a 502 echoing the topic and the X token is stored without them', async () => {
    const ntfy = await startServer(OUTLET_APIS.ntfy(() => ECHOES[0]![2]));
    const alert = { ...reset(1, 0.5) };
    const payload = AlertsPayload.parse({ ...createPayloads(loadDir(tempData()), NOW, SITE.url).alerts, alerts: [alert] });
    const site = await startServer((url) => (url.pathname === '/api/v1/alerts.json' ? { body: stableStringify(payload) } : undefined));
    servers.push(ntfy, site);
    const env = { NTFY_TOPIC_URL: `${ntfy.url}/${NTFY_TOPIC}`, X_BEARER_TOKEN: X_TOKEN };
    const l = await testLedger({ url: await pg.freshDatabase(`w${++databases}`) });
    ledgers.push(l);
    const blobs = await startBlobs();
    blobStores.push(blobs);
    // As netlify/functions/watch.ts makes its stores.
    const stores = watchStores({
      texts: blobs.store(WATCH_BLOBS_STORE),
      openSql: async () => l.db.sql,
      env,
      now: NOW,
      retiredLog: undefined,
      settleMs: 4_000,
      say: () => undefined,
    });
    const run = await runWatch({
      now: NOW,
      http: { ...httpDeps(), deadline: NOW.getTime() + 20_000 },
      x: { base: site.url, token: X_TOKEN },
      deploy: site.url,
      siteBase: SITE.url,
      accounts: [],
      stores,
      urls: outletUrls(env),
      dispatch: { repo: 'resetcast/resetcast', token: 'ghDispatchS3cret', api: site.url },
    });
    const pieces = [...secretsFrom(env), ...FIRST_CHARACTERS];
    expect(ntfy.requests).toHaveLength(1);
    expect(run.lines).toContainEqual(expect.stringMatching(/^❌ ntfy \(deployed alerts\): .* may have been delivered/));
    const stored = await tableText(l);
    expect(stored).toContain('HTTP 502 Bad Gateway: topic [secret] unreachable ([secret])');
    expect(found(pieces, stored)).toEqual([]);
    expect(found(outletPieces(env), run.lines.join('\n'))).toEqual([]);
    expect(found([...pieces, ...outletPieces(env)], (await blobs.peek(WATCH_BLOBS_STORE, WATCH_STATE_KEY)) ?? '')).toEqual([]);
  });
});
