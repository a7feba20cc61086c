/**
 * Every outlet's text within its own limit, cut between grapheme clusters (docs/data.md, "Text fields"):
 * a summary with an emoji or an emoji sequence at the cut never leaves a lone surrogate or half a
 * sequence in the title or text sent to ntfy, Discord, Slack or Telegram.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alertMessage, MAX_TEXT_CHARS, shorten, shortenToFit, type Message } from '../../../../../src/core/alerts/message.ts';
import { discordContent, DISCORD_MAX_CHARS } from '../../../../../src/jobs/broadcast/outlets/discord.ts';
import { slackText, SLACK_MAX_CHARS } from '../../../../../src/jobs/broadcast/outlets/slack.ts';
import { ntfyMessage, NTFY_MAX_MESSAGE_BYTES } from '../../../../../src/jobs/broadcast/outlets/ntfy.ts';
import { telegramText, TELEGRAM_MAX_CHARS } from '../../../../../src/jobs/broadcast/outlets/telegram.ts';
import type { Alert } from '../../../../../src/core/schema/index.ts';

const bytes = (s: string): number => new TextEncoder().encode(s).byteLength;
/** Whole grapheme clusters only: the text is well-formed UTF-16 and its graphemes are a prefix of the original's (plus the ellipsis). */
function cutBetweenGraphemes(original: string, cut: string): boolean {
  const seg = new Intl.Segmenter('en', { granularity: 'grapheme' });
  const kept = [...seg.segment(cut.replace(/…$/, ''))].map((g) => g.segment);
  const all = [...seg.segment(original.replace(/\s+/g, ' ').trim())].map((g) => g.segment);
  return (
    cut.isWellFormed() &&
    kept.every((g, i) => g === all[i] || (i === kept.length - 1 && all[i]!.startsWith(g) && /^[\s,;:.]/.test(all[i]!.slice(g.length))))
  );
}

const message = (text: string, title = 'Codex limits reset'): Message => ({
  id: 'reset:1',
  kind: 'reset',
  title,
  text,
  post: 'https://x.com/OpenAI/status/1',
  page: 'https://resetcast.netlify.app/timeline/#e-1',
  attribution: 'Data: Resetcast',
});

describe('shorten', () => {
  it('never cuts inside a surrogate pair: an emoji at the cut is kept whole or left out', () => {
    const text = `${'a'.repeat(278)}🚀🚀🚀`;
    const cut = shorten(text);
    expect(cut.isWellFormed()).toBe(true);
    expect(cut).toBe(`${'a'.repeat(278)}…`);
  });
  it('never cuts inside an emoji sequence (ZWJ) or between a letter and its accents', () => {
    expect(shorten(`${'b'.repeat(276)}👩‍💻👩‍💻`)).toBe(`${'b'.repeat(276)}…`);
    expect(shorten(`${'c'.repeat(278)}e\u0301\u0301xyz`)).toBe(`${'c'.repeat(278)}…`);
  });
  it('any text: within the limit in UTF-16 units, well-formed, whole graphemes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.integer({ min: 2, max: 300 }), (text, max) => {
        const cut = shorten(text, max);
        return cut.length <= max && cutBetweenGraphemes(text, cut);
      }),
    );
  });
  it('alertMessage cuts the title and the text alike', () => {
    const alert = {
      id: 'reset:1',
      kind: 'reset',
      title: `${'T'.repeat(118)}🚀 more`,
      summary: `${'s'.repeat(MAX_TEXT_CHARS - 1)}🚀`,
      url: null,
      page: 'https://resetcast.netlify.app/timeline/',
    } as unknown as Alert;
    const m = alertMessage(alert);
    expect(m.title.isWellFormed() && m.text.isWellFormed()).toBe(true);
    expect(m.title.length).toBeLessThanOrEqual(120);
  });
});

describe("each outlet's own limit, met at a grapheme boundary", () => {
  const long = `${'word '.repeat(2_000)}🚀${'👩‍💻'.repeat(500)}`;
  it('Discord: content at most 2,000 characters, well-formed', () => {
    const c = discordContent(message(long));
    expect(c.length).toBeLessThanOrEqual(DISCORD_MAX_CHARS);
    expect(c.isWellFormed()).toBe(true);
    expect(c).toContain('Timeline: <https://resetcast.netlify.app/timeline/#e-1>');
    // Markdown escapes grow the text: the budget holds after escaping.
    expect(discordContent(message('*_'.repeat(3_000))).length).toBeLessThanOrEqual(DISCORD_MAX_CHARS);
  });
  it('Slack: text at most 4,000 characters, well-formed, the links kept', () => {
    const t = slackText(message(long.repeat(3)));
    expect(t.length).toBeLessThanOrEqual(SLACK_MAX_CHARS);
    expect(t.isWellFormed()).toBe(true);
    expect(t).toContain('|Timeline>');
    expect(slackText(message('<&>'.repeat(3_000))).length).toBeLessThanOrEqual(SLACK_MAX_CHARS);
  });
  it('ntfy: message at most 4,096 bytes, well-formed, the attribution kept', () => {
    const body = ntfyMessage(message('🚀'.repeat(3_000)));
    expect(bytes(body)).toBeLessThanOrEqual(NTFY_MAX_MESSAGE_BYTES);
    expect(body.isWellFormed()).toBe(true);
    expect(body.endsWith('\nData: Resetcast')).toBe(true);
  });
  it('Telegram: text at most 4,096 characters, well-formed', () => {
    const t = telegramText(message(long.repeat(3)));
    expect(t.isWellFormed()).toBe(true);
    expect(t.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(TELEGRAM_MAX_CHARS);
  });
  it('any summary, any budget: shortenToFit keeps the escaped text within it', () => {
    const escapeHtml = (t: string): string => t.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, budget) => {
        const out = shortenToFit(text, budget, escapeHtml);
        return escapeHtml(out).length <= budget && out.isWellFormed();
      }),
    );
  });
});
