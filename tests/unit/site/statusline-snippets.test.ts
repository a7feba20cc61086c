/**
 * The status-line snippets: docs/statusline.md quotes exactly what the developers page shows (one module,
 * src/site/statusline-snippets.ts), and both agree with what scripts/statusline.sh does.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUSLINE_BIN, statuslineSnippets } from '../../../src/site/statusline-snippets.ts';
import { SITE } from '../../../src/core/site.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const doc = readFileSync(join(ROOT, 'docs/statusline.md'), 'utf8');
const script = readFileSync(join(ROOT, 'scripts/statusline.sh'), 'utf8');
const snippets = statuslineSnippets(SITE.url);

/** Every fenced code block of the doc: [language, text]. */
const fences = [...doc.matchAll(/^```(\w*)\n([\s\S]*?)\n```$/gm)].map((m) => [m[1], m[2]] as const);

describe('docs/statusline.md and the developers page say the same', () => {
  it.each(Object.entries(snippets))('%s is quoted in the doc, whole, in its own code block', (_, s) => {
    expect(fences).toContainEqual([s.lang, s.code]);
  });
});

describe('the snippets agree with scripts/statusline.sh', () => {
  const timeoutSeconds = Number(/^TIMEOUT_SECONDS=(\d+)$/m.exec(script)?.[1]);
  it('the script waits 2 s for a request', () => expect(timeoutSeconds).toBe(2));

  it("starship waits longer than the script's request can take (its default 500 ms would cut it)", () => {
    const ms = Number(/^command_timeout = (\d+)$/m.exec(snippets.starship.code)?.[1]);
    expect(ms).toBeGreaterThan(timeoutSeconds * 1000);
  });

  it('zsh doubles the "%" the script prints, so the prompt shows it', () => {
    expect(script).toContain('echo "reset odds 24h: $p24"'); // p24 is "14%" or "14% (not vouched for)"
    expect(script).toContain('shown[minutes] = sprintf("%d%%", used + 0.5)'); // each window's own "%"
    expect(snippets.zsh.code).toContain('//\\%/%%}');
  });

  it('every snippet runs the script from where the install snippet puts it', () => {
    expect(snippets.install.code).toContain(`-o ${STATUSLINE_BIN}\nchmod +x ${STATUSLINE_BIN}`);
    for (const s of [snippets.claude, snippets.tmux, snippets.starship, snippets.zsh]) expect(s.code).toContain(STATUSLINE_BIN);
  });

  it('the install snippet fetches the script the site serves', () => {
    expect(snippets.install.code).toContain('curl -fsSL https://resetcast.netlify.app/statusline.sh ');
  });
});
