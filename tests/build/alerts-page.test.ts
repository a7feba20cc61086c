/**
 * The alerts page (issue 40, item 1), read from a real build of the frozen history in every locale: every
 * home page links it; every command it names is an npm script of package.json, every variable a secret of
 * SECRET_VARIABLES or a variable of a command's table (scripts/lib/commands/), every path of ours a file of
 * the build, every file of the source a file of the repository, and every other link one of the few
 * outside addresses it means (the ntfy topic, the ntfy apps, the Telegram channel when there is one).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SECRET_VARIABLES } from '../../src/core/secrets/variables.ts';
import { SITE } from '../../src/core/site.ts';
import { COMMANDS } from '../../scripts/lib/commands/index.ts';
import { historyBuild, type HistoryBuild } from '../support/history-build.ts';
import { PROJECT_ROOT } from '../support/scratch.ts';

const LOCALES = ['', 'zh/', 'ja/', 'es/', 'ko/'] as const;
/** The outside addresses the page may link, besides our own site. */
const OUTSIDE = [SITE.ntfyTopic, 'https://docs.ntfy.sh/subscribe/phone/', ...(SITE.telegramChannel ? [SITE.telegramChannel] : [])];

/** The run's build of the frozen history (tests/support/history-build.ts). */
let build: HistoryBuild;
beforeAll(async () => {
  build = await historyBuild();
}, 600_000);

const page = (path: string): string => readFileSync(join(build.outDir, path), 'utf8');
const decode = (s: string): string =>
  s.replace(/&(#\d+|[a-z]+);/g, (all, e: string) =>
    e.startsWith('#') ? String.fromCodePoint(Number(e.slice(1))) : ({ amp: '&', lt: '<', gt: '>', quot: '"' }[e] ?? all),
  );
/** The main part of a page (the header and footer are every page's). */
const main = (html: string): string => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** The text of every <code> element (code blocks and inline code alike), decoded. */
const codes = (html: string): string[] => [...html.matchAll(/<code[^>]*>([\s\S]*?)<\/code>/g)].map((m) => decode(m[1]!));
const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]+)"/g)].map((m) => decode(m[1]!));

/** A path of our site that the build serves: a file, or a folder's index.html. */
function served(path: string): boolean {
  const file = join(build.outDir, decodeURIComponent(path.replace(/[?#].*$/, '')));
  return existsSync(file) && (statSync(file).isFile() || existsSync(join(file, 'index.html')));
}

/** Every URL of our site the text names (https:// or webcal://), as its path. */
const ownPaths = (text: string): string[] =>
  [...text.matchAll(/(?:https|webcal):\/\/[^\s'"<>()]+/g)]
    .map((m) => new URL(m[0].replace(/^webcal:/, 'https:')))
    .filter((u) => `https://${u.host}` === SITE.url)
    .map((u) => u.pathname);

const VARIABLES = new Set([
  ...Object.keys(SECRET_VARIABLES),
  ...Object.values(COMMANDS).flatMap((c) => Object.values(c.env ?? {}).map((s) => s.name)),
]);
const SCRIPTS = new Set(Object.keys(JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts as object));

describe.each(LOCALES)('/%ssubscribe/', (locale) => {
  it('is linked from the home page of its locale, in the answer', () => {
    const home = page(`${locale}index.html`);
    expect(home).toMatch(new RegExp(`<a data-testid="alerts-link" href="/${locale}subscribe/"`));
  });

  it('names only npm scripts that exist, and at least the manual sender', () => {
    const text = codes(main(page(`${locale}subscribe/index.html`))).join('\n');
    const named = [...text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named).toContain('broadcast');
    expect(named.filter((s) => !SCRIPTS.has(s))).toEqual([]);
    // The pull sends nothing since the watcher became the one sender: the page never tells anyone to run it for alerts.
    expect(named).not.toContain('pull');
  });

  it('names only environment variables that Resetcast reads', () => {
    const text = codes(main(page(`${locale}subscribe/index.html`))).join('\n');
    const named = [...new Set(text.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])];
    expect(named).toEqual(expect.arrayContaining(['DISCORD_WEBHOOK_URL', 'SLACK_WEBHOOK_URL']));
    expect(named.filter((v) => !VARIABLES.has(v))).toEqual([]);
  });

  it('links and names only paths the build serves, files the repository has, and the outside addresses it means', () => {
    const html = main(page(`${locale}subscribe/index.html`));
    const links = hrefs(html);
    const own = [...links.filter((h) => h.startsWith('/')), ...ownPaths([...codes(html), ...links].join('\n'))];
    expect(own.length).toBeGreaterThan(10);
    expect(own.filter((p) => !served(p))).toEqual([]);
    const outside = links.filter((h) => /^https?:/.test(h) && !h.startsWith(SITE.url));
    expect(outside.filter((h) => !OUTSIDE.includes(h))).toEqual([]);
    expect(outside).toContain(SITE.ntfyTopic);
    // The ntfy commands subscribe to the topic the site publishes, nothing else.
    const ntfy = codes(html).filter((c) => /^(ntfy subscribe|curl) /.test(c) && c.includes(new URL(SITE.ntfyTopic).host));
    expect(ntfy).toHaveLength(2);
    for (const c of ntfy) expect(c, c).toContain(new URL(SITE.ntfyTopic).host + new URL(SITE.ntfyTopic).pathname);
    // Files of the source it names (docs/alerts.md) are in the repository.
    const files = codes(html).filter((c) => /^(docs|src|scripts)\/[\w./-]+$/.test(c));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => !existsSync(join(PROJECT_ROOT, f)))).toEqual([]);
  });

  it('says there is no Telegram channel exactly while the site has none', () => {
    const html = main(page(`${locale}subscribe/index.html`));
    expect(html.includes('data-testid="telegram-none"')).toBe(SITE.telegramChannel === null);
    expect(html.includes('https://t.me/')).toBe(SITE.telegramChannel !== null);
  });
});
