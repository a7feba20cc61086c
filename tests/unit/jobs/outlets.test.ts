/**
 * OUTLET_NAMES is the one list of outlet ids: every id has its adapter (in that order), every adapter's
 * credential is a secret of the one secrets registry, and its redactor removes that credential; the
 * table of outlets in docs/alerts.md has one row per adapter, and a fake outlet added to the list is
 * named where it is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_ENV } from '../../../src/core/secrets/variables.ts';
import { OUTLET_NAMES, OUTLETS, outletRedactor, outletUrls, type Outlet } from '../../../src/jobs/broadcast/outlets/index.ts';

const ENV = {
  NTFY_TOPIC_URL: 'https://ntfy.example/privateTopicAAAA1111',
  DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/123456789012/discordTokenBBBB2222',
  SLACK_WEBHOOK_URL: 'https://hooks.slack.com/services/T000/B000/slackTokenCCCC3333',
  TELEGRAM_BOT_TOKEN: '7000000009:AAHtelegramTokenDDDD4444',
  TELEGRAM_CHAT_ID: '@resetcast_test',
};
const CREDENTIALS = ['privateTopicAAAA1111', 'discordTokenBBBB2222', 'slackTokenCCCC3333', 'AAHtelegramTokenDDDD4444'];

describe('OUTLETS: one adapter per id of OUTLET_NAMES', () => {
  it('has each adapter under its own id, in the order of the ids, each with its own label', () => {
    expect(OUTLETS.map((o) => o.name)).toEqual([...OUTLET_NAMES]);
    expect(new Set(OUTLETS.map((o) => o.label.toLowerCase())).size).toBe(OUTLETS.length);
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

const ALERTS_DOC = readFileSync(join(import.meta.dirname, '../../../docs/alerts.md'), 'utf8');

/** The rows of the table that starts `| Outlet |` in a Markdown text: each row's first cell and its whole text. */
function outletRows(doc: string): { label: string; row: string }[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| Outlet |'));
  if (start < 0) return [];
  const rows: { label: string; row: string }[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push({ label: line.split('|')[1]!.trim(), row: line });
  }
  return rows;
}

/** What the table lacks or has too many, against a list of outlets: a row per outlet, labelled, naming every variable it reads. */
function tableProblems(doc: string, outlets: readonly Outlet[]): string[] {
  const rows = outletRows(doc);
  const problems = outlets.flatMap((o) => {
    const row = rows.find((r) => r.label === o.label);
    if (!row) return [`no row for ${o.name} (${o.label})`];
    return o.settings.filter((s) => !row.row.includes(`\`${s.name}\``)).map((s) => `${o.label}'s row does not name ${s.name}`);
  });
  const extra = rows.filter((r) => !outlets.some((o) => o.label === r.label)).map((r) => `a row for ${r.label}, which is no outlet`);
  return [...problems, ...extra];
}

const FAKE: Outlet = {
  ...OUTLETS[0]!,
  name: 'matrix' as Outlet['name'],
  label: 'Matrix',
  env: OUTLETS[0]!.env,
  settings: [{ name: 'MATRIX_ROOM_URL', value: '<url>', about: 'Matrix room' }],
};

describe("docs/alerts.md's table of outlets follows the registry", () => {
  it('has one row per outlet, in words, naming every variable the outlet reads', () => {
    expect(outletRows(ALERTS_DOC).map((r) => r.label)).toEqual(OUTLETS.map((o) => o.label));
    expect(tableProblems(ALERTS_DOC, OUTLETS)).toEqual([]);
  });

  it('names a fake outlet added to the registry without its row, and a row whose outlet is gone', () => {
    expect(tableProblems(ALERTS_DOC, [...OUTLETS, FAKE])).toEqual(['no row for matrix (Matrix)']);
    expect(tableProblems(ALERTS_DOC, OUTLETS.slice(1))).toEqual([`a row for ${OUTLETS[0]!.label}, which is no outlet`]);
    const withRow = ALERTS_DOC.replace('| Discord |', '| Matrix | `MATRIX_ROOM_URL` | — | — |\n| Discord |');
    expect(tableProblems(withRow, [...OUTLETS, FAKE])).toEqual([]);
    const telegram = OUTLETS.find((o) => o.settings.length > 1)!;
    const dropped = ALERTS_DOC.replace(`\`${telegram.settings[1]!.name}\``, 'its chat');
    expect(tableProblems(dropped, OUTLETS)).toEqual([`${telegram.label}'s row does not name ${telegram.settings[1]!.name}`]);
  });
});
