/**
 * OUTLET_NAMES is the one list of outlet ids: every id has its adapter (in that order), the outlets table
 * of docs/alerts.md (written by hand) names the same outlets and variables, every adapter's credential is
 * a secret of the one secrets registry, and its redactor removes that credential.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_ENV } from '../../../src/core/secrets/variables.ts';
import { OUTLET_NAMES, type OutletName, OUTLETS, outletRedactor, outletUrls } from '../../../src/jobs/broadcast/outlets/index.ts';

const ENV = {
  NTFY_TOPIC_URL: 'https://ntfy.example/privateTopicAAAA1111',
  DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/123456789012/discordTokenBBBB2222',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/slackTokenCCCC3333',
  TELEGRAM_BOT_TOKEN: '7000000009:AAHtelegramTokenDDDD4444',
  TELEGRAM_CHAT_ID: '@resetcast_test',
};
/** The credential each outlet's variable above holds: a new outlet does not compile here without its own. */
const CREDENTIALS: Readonly<Record<OutletName, string>> = {
  ntfy: 'privateTopicAAAA1111',
  discord: 'discordTokenBBBB2222',
  slack: 'slackTokenCCCC3333',
  telegram: 'AAHtelegramTokenDDDD4444',
};

/** The rows of docs/alerts.md's outlets table: the outlet's name, and the first variable its row names. */
function documentedOutlets(): { name: string; variable: string }[] {
  const doc = readFileSync(join(import.meta.dirname, '../../../docs/alerts.md'), 'utf8');
  const table = doc.slice(doc.indexOf('| Outlet | Variable')).split('\n').slice(2);
  const rows = table.slice(
    0,
    table.findIndex((l) => !l.startsWith('|')),
  );
  return rows.map((row) => {
    const [name, variable] = row.split(' | ');
    return { name: name!.replace(/^\| /, ''), variable: /`([A-Z_]+)`/.exec(variable!)![1]! };
  });
}

describe('OUTLETS: one adapter per id of OUTLET_NAMES', () => {
  it('has each adapter under its own id, in the order of the ids, and the ids once each', () => {
    expect(OUTLETS.map((o) => o.name)).toEqual([...OUTLET_NAMES]);
    expect(new Set(OUTLET_NAMES).size).toBe(OUTLET_NAMES.length);
  });

  it("is the outlets table of docs/alerts.md, in its order, each row naming the adapter's variable", () => {
    const documented = documentedOutlets();
    expect(documented.map((d) => d.name.toLowerCase())).toEqual([...OUTLET_NAMES]);
    expect(documented.map((d) => d.variable)).toEqual(OUTLETS.map((o) => o.env));
  });

  it("every outlet's variable is a secret of the secrets registry", () => {
    for (const o of OUTLETS) expect(SECRET_ENV).toContain(o.env);
  });

  it('every outlet is configured from its own variables, and its redactor removes its credential', () => {
    const urls = outletUrls(ENV);
    expect(Object.keys(urls)).toEqual([...OUTLET_NAMES]);
    for (const o of OUTLETS) {
      const configured = urls[o.name]!;
      expect(configured, o.name).toContain(CREDENTIALS[o.name]);
      const said = outletRedactor(o, configured)(`refused ${configured}`);
      expect(said, o.name).not.toContain(CREDENTIALS[o.name]);
      expect(said, o.name).toContain('[secret]');
    }
  });
});
