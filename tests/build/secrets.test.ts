/**
 * A real `astro build` of the frozen history with secrets set whose URLs share words with our data
 * (the public ntfy topic "resetcast", a Discord and a Slack webhook behind paths named "timeline" and
 * "resetcast"): every page keeps our URLs intact, no page holds [secret] or a credential, and the
 * build is byte-for-byte the one without them. A credential a hand edit put into data/ stops the build
 * with one line naming the variable, the file and the field (docs/security.md, "Secrets").
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroBuild, listFiles } from '../support/astro-build.ts';
import { HISTORY_EPOCH, historyCopy } from '../support/history.ts';
import { historyBuild } from '../support/history-build.ts';
import { REDACTED } from '../../src/core/secrets/pieces.ts';
import { secretsFrom } from '../../src/core/secrets/variables.ts';
import { SITE } from '../../src/core/site.ts';

const OURS = {
  NTFY_TOPIC_URL: 'https://ntfy.sh/resetcast',
  RESETCAST_PUBLIC_VALUES: 'NTFY_TOPIC_URL',
  DISCORD_WEBHOOK_URL: 'https://proxy.example/timeline/api/webhooks/112233445566778899/discordTokenWWWW4444',
  SLACK_WEBHOOK_URL: 'https://proxy.example/resetcast/services/T0SLACK01/B0SLACK02/slackSecretSSSS5678',
  X_BEARER_TOKEN: 'xBearerSecretAAAA1111',
};

describe('the build with secrets set', () => {
  it('publishes every page as without them: our URLs intact, no [secret], no credential', async () => {
    // Without them: the run's build of the frozen history (tests/support/history-build.ts).
    const [plain, secret] = await Promise.all([
      historyBuild(),
      astroBuild({ epoch: HISTORY_EPOCH, dataDir: historyCopy('secret-build'), env: OURS }),
    ]);
    expect(secret.code, secret.output).toBe(0);
    const files = listFiles(secret.outDir);
    expect(files).toEqual(listFiles(plain.outDir));
    const pieces = secretsFrom(OURS);
    let withOurUrls = 0;
    for (const f of files) {
      const text = readFileSync(join(secret.outDir, f), 'utf8');
      expect(text, f).toBe(readFileSync(join(plain.outDir, f), 'utf8'));
      expect(text.includes(REDACTED), f).toBe(false);
      expect(
        pieces.filter((p) => text.includes(p)),
        f,
      ).toEqual([]);
      if (text.includes(`${SITE.url}/timeline/`)) withOurUrls++;
    }
    expect(withOurUrls).toBeGreaterThan(5);
  }, 240_000);

  it('stops, naming the variable, the file and the field, when data/ holds one of them', async () => {
    const dir = historyCopy('secret-refused');
    const file = join(dir, 'banked.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"summary": "/, `"summary": "${OURS.X_BEARER_TOKEN} `));
    const r = await astroBuild({ epoch: HISTORY_EPOCH, dataDir: dir, env: OURS });
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/data\/banked\.json: \S+\.summary holds a credential of X_BEARER_TOKEN \(the token\); the build stops/);
    expect(r.output).not.toContain(OURS.X_BEARER_TOKEN);
  }, 240_000);
});
