/**
 * A real `astro build` of the frozen history for a fork: the site's address comes from the environment
 * (RESETCAST_SITE_URL, else Netlify's URL, else SITE.url: docs/deploy.md), so every payload's `source`, every
 * absolute link, alert id, feed, discovery document and social card names the fork's address. An address that
 * is not an absolute https URL stops the build with one line naming the variable, before anything is written.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroBuild, listFiles } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';
import { SITE } from '../../src/core/site.ts';
import { stateFile, TIMETABLE_DIR, TIMETABLE_INDEX, type TimetableIndex } from '../../src/core/timetable.ts';
import { CLOCK_PAYLOAD_NAMES } from '../../src/site/api/payloads.ts';

const FORK = 'https://odds.example.org';

describe('the build for a fork', () => {
  it("publishes the fork's address everywhere the site names itself", async () => {
    const r = await astroBuild({
      epoch: HISTORY_EPOCH,
      dataDir: HISTORY_DIR,
      env: { URL: 'https://my-fork.netlify.app', RESETCAST_SITE_URL: FORK },
    });
    expect(r.code, r.output).toBe(0);
    const read = (f: string): string => readFileSync(join(r.outDir, f), 'utf8');
    expect(JSON.parse(read('api/v1/forecast.json')).source).toBe(FORK);
    expect(JSON.parse(read('api/v1/alerts.json')).alerts[0].id).toMatch(/^tag:odds\.example\.org,2026:alert:/);
    expect(JSON.parse(read('server.json')).remotes[0].url).toBe(`${FORK}/mcp`);
    expect(JSON.parse(read('server.json')).name).toBe('org.example.odds/resetcast');
    expect(JSON.parse(read('api/v1/openapi.json')).servers[0].url).toMatch(new RegExp(`^${FORK}`));
    expect(read('llms.txt')).toContain(`${FORK}/api/v1/forecast.json`);
    expect(read('feed.xml')).toContain(`<id>${FORK}/</id>`);
    expect(read('statusline.sh')).toContain(`RESETCAST_DEFAULT_URL='${FORK}'`);
    expect(read('index.html')).toContain(`<link rel="canonical" href="${FORK}/">`);
    // The home card is named by its content (docs/timetable.md): one PNG per distinct card of the home page's states.
    expect(read('index.html')).toMatch(new RegExp(`content="${FORK.replaceAll('.', '\\.')}/og/en/home-[0-9a-f]{16}\\.png"`));
    // The timetable (docs/timetable.md) is the same build's: its state at the build's instant is, byte for
    // byte, what this fork's build publishes for each clock payload.
    const index = JSON.parse(read(`${TIMETABLE_DIR}/${TIMETABLE_INDEX}`)) as TimetableIndex;
    for (const name of CLOCK_PAYLOAD_NAMES) {
      const first = read(`${TIMETABLE_DIR}/${stateFile(name, index.states[name]![0]!)}`);
      expect(JSON.parse(first).source, name).toBe(FORK);
      expect(first, name).toBe(read(`api/v1/${name}.json`));
    }
    // The one place today's address stays: the recorded facts' own links (an event without a post links to
    // its timeline entry), which are data, kept as recorded.
    // (An iCalendar line is folded at 75 octets: unfolded first.)
    const unfolded = (f: string): string => read(f).replace(/\r\n[ \t]/g, '');
    const named = listFiles(r.outDir).filter(
      (f) => !f.endsWith('.png') && unfolded(f).replaceAll(`${SITE.url}/timeline/`, '').includes(SITE.url),
    );
    expect(named).toEqual([]);
  }, 240_000);

  it.each([
    ['RESETCAST_SITE_URL', { RESETCAST_SITE_URL: 'http://odds.example.org' }],
    ['URL', { URL: 'odds.example.org' }],
  ])(
    'stops with one line naming %s when the address is not an absolute https URL; nothing written',
    async (variable, env) => {
      const r = await astroBuild({ epoch: HISTORY_EPOCH, dataDir: HISTORY_DIR, env });
      expect(r.code).not.toBe(0);
      const lines = r.output.split('\n').filter((l) => l.includes(variable));
      expect(lines).toEqual([
        `build stopped: ${variable} must be the site's absolute https address, e.g. ${SITE.url}, got ${JSON.stringify(Object.values(env)[0])}`,
      ]);
      expect(existsSync(r.outDir)).toBe(false);
    },
    240_000,
  );
});
