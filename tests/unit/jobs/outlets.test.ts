/**
 * OUTLET_NAMES is the one list of outlet ids: every id has its adapter (in that order), every adapter's
 * credential is a secret of the one secrets registry, and its redactor removes that credential.
 */
import { describe, expect, it } from 'vitest';
import { SECRET_ENV } from '../../../src/core/secrets/variables.ts';
import { OUTLET_NAMES, OUTLETS, outletRedactor, outletUrls } from '../../../src/jobs/broadcast/outlets/index.ts';

const ENV = {
  NTFY_TOPIC_URL: 'https://ntfy.example/privateTopicAAAA1111',
  DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/123456789012/discordTokenBBBB2222',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/slackTokenCCCC3333',
  TELEGRAM_BOT_TOKEN: '7000000009:AAHtelegramTokenDDDD4444',
  TELEGRAM_CHAT_ID: '@resetcast_test',
};
const CREDENTIALS = ['privateTopicAAAA1111', 'discordTokenBBBB2222', 'slackTokenCCCC3333', 'AAHtelegramTokenDDDD4444'];

describe('OUTLETS: one adapter per id of OUTLET_NAMES', () => {
  it('lists ntfy, Discord, Slack and Telegram, each adapter under its own id, in that order', () => {
    expect(OUTLET_NAMES).toEqual(['ntfy', 'discord', 'slack', 'telegram']);
    expect(OUTLETS.map((o) => o.name)).toEqual([...OUTLET_NAMES]);
  });

  it("every outlet's variable is a secret of the secrets registry", () => {
    for (const o of OUTLETS) expect(SECRET_ENV).toContain(o.env);
  });

  it('every outlet is configured from its own variables, and its redactor removes its credential', () => {
    const urls = outletUrls(ENV);
    expect(Object.keys(urls)).toEqual([...OUTLET_NAMES]);
    OUTLETS.forEach((o, i) => {
      const configured = urls[o.name]!;
      const said = outletRedactor(o, configured)(`refused ${configured}`);
      expect(said, o.name).not.toContain(CREDENTIALS[i]);
      expect(said, o.name).toContain('[secret]');
    });
  });
});
