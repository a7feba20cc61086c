import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, curatedText, graphemePrefix, textProblem, TEXT_CAPS, withoutEscapes } from '../../../src/core/sanitize.ts';

describe('cleanText', () => {
  it.each([
    ['NUL and BEL are dropped, an ANSI colour sequence whole', 'a\u0000b\u0007c\u001b[31md', 'abcd'],
    ['C1 controls and DEL are dropped, an 8-bit CSI whole', 'x\u0085y\u009b1;2mz\u007f', 'xyz'],
    ["the tester's BEL, BS and colour: nothing is left", '\u0007\b\u001b[31m', ''],
    ['a screen clear (CSI 2J) is removed whole', 'a\u001b[2Jb', 'ab'],
    ['a CSI with intermediate bytes', 'a\u001b[1 qb', 'ab'],
    ['an OSC title ended by BEL', 'x\u001b]0;owned\u0007y', 'xy'],
    [
      'an OSC 8 hyperlink ended by ESC \\ keeps its visible text',
      'x\u001b]8;;https://evil.example\u001b\\link\u001b]8;;\u001b\\y',
      'xlinky',
    ],
    ['an 8-bit OSC ended by ST (U+009C)', 'x\u009d0;t\u009cy', 'xy'],
    ['an OSC left open loses its introducer only', 'x\u001b]0;rest', 'x0;rest'],
    ['two-byte ESC sequences (reset, charset)', 'a\u001bcb\u001b(Bc', 'abc'],
    ['an ESC before a sequence does not leave it behind', '\u001b\u001b[31m[0m', ''],
    ['bidi overrides and isolates are dropped', 'a\u202Eevil\u2066b\u2069c\u202Ad', 'aevilbcd'],
    ['zero-width and invisible format characters are dropped', 'pay\u200Bpal\u200C\u200E\u200F\u2060\uFEFFx', 'paypalx'],
    ['a ZWJ between letters is dropped', 'a\u200Db', 'ab'],
    ['a ZWJ inside an emoji sequence is kept', 'dev 👩\u200D💻 and 👩🏽\u200D🚀', 'dev 👩\u200D💻 and 👩🏽\u200D🚀'],
    ['U+FFFE and U+FFFF are dropped', 'p\uFFFEq\uFFFFr', 'pqr'],
    ['a lone high surrogate is dropped', 'a\uD800b', 'ab'],
    ['a lone low surrogate is dropped', 'a\uDC00b', 'ab'],
    ['a paired surrogate (emoji) is kept', 'go 🚀', 'go 🚀'],
    ['line breaks fold to one space in single-line text', 'Codex\n::error title=x::boom', 'Codex ::error title=x::boom'],
    ['white space runs fold and ends are trimmed', '  a \t\t b  ', 'a b'],
    ['decomposed é (e + U+0301) becomes the NFC é', 'caf\u0065\u0301', 'caf\u00e9'],
  ])('%s', (_name, input, want) => expect(cleanText(input, 'summary')).toBe(want));

  it('keeps newlines and tabs in multi-line text, folding CRLF', () => {
    expect(cleanText('line 1\r\nline\t2\u0000', 'postText', { multiline: true })).toBe('line 1\nline\t2');
  });

  it('cuts at a grapheme boundary: never inside a surrogate pair, an emoji sequence or an accented letter', () => {
    expect(cleanText('ab🚀🚀', 3)).toBe('ab…');
    expect(cleanText('ab👩\u200D💻cd', 5)).toBe('ab…');
    expect(cleanText('abcde\u0301\u0323f', 6)).toBe('abcd…');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 30 }), (s, cap) => {
        const out = cleanText(s, cap);
        return textProblem(out, cap) === null && (out.endsWith('…') ? graphemePrefix(out, [...out].length) === out : true);
      }),
    );
  });

  it('cuts at the cap in code points, ending with an ellipsis', () => {
    expect(cleanText('abcdefghij', 5)).toBe('abcd…');
    expect([...cleanText('🚀'.repeat(10), 5)]).toHaveLength(5);
    expect(cleanText('x'.repeat(2_000_000), 'name')).toHaveLength(TEXT_CAPS.name);
  });

  it('never leaves a forbidden character, whatever the input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => textProblem(cleanText(s, 'summary'), 'summary') === null));
  });
});

describe('textProblem', () => {
  it.each([
    ['plain text', 'Codex limits reset', null],
    ['a NUL', 'a\u0000', 'holds a forbidden character U+0000'],
    ['a newline in single-line text', 'a\nb', 'holds a forbidden character U+000A'],
    ['U+FFFF', 'a\uFFFF', 'holds a forbidden character U+FFFF'],
    ['a lone surrogate', '\uD83D', 'holds a forbidden character U+D83D'],
    ['decomposed text', 'e\u0301', 'is not in Unicode NFC form'],
  ])('%s', (_name, text, want) => expect(textProblem(text, 'summary')).toBe(want));
  it('counts code points against the cap', () => {
    expect(textProblem('x'.repeat(201), 'name')).toBe('is 201 characters long, more than the 200 allowed');
    expect(textProblem('x'.repeat(200), 'name')).toBeNull();
  });
  it.each([
    ['a right-to-left override', 'a\u202Eb', 'holds a forbidden character U+202E'],
    ['a first-strong isolate', 'a\u2068b', 'holds a forbidden character U+2068'],
    ['a zero-width space', 'a\u200Bb', 'holds a forbidden character U+200B'],
    ['a byte order mark', '\uFEFFa', 'holds a forbidden character U+FEFF'],
    ['a ZWJ between letters', 'a\u200Db', 'holds a forbidden character U+200D'],
    ['a ZWJ in an emoji sequence', '👩\u200D💻', null],
  ])('agrees with cleanText: %s', (_name, text, want) => {
    expect(textProblem(text, 'summary')).toBe(want);
    expect(cleanText(text, 'summary') === text).toBe(want === null);
  });
  it('accepts everything cleanText makes, and cleanText leaves alone what it accepts (single line, whole graphemes)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
        const once = cleanText(s, 'summary');
        return textProblem(once, 'summary') === null && cleanText(once, 'summary') === once;
      }),
    );
  });
  it('the same for multi-line text, escapes and controls included', () => {
    const hostile = fc.constantFrom(
      '\u001b[31m',
      '\u001b]0;t\u0007',
      '\u202E',
      '\u200B',
      '\u200D',
      '\n',
      '\r\n',
      '\t',
      '👩',
      '💻',
      ' ',
      'a',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(hostile, fc.string({ unit: 'grapheme', maxLength: 5 })), { maxLength: 60 }), (parts) => {
        const once = cleanText(parts.join(''), 'postText', { multiline: true });
        return textProblem(once, 'postText', { multiline: true }) === null && cleanText(once, 'postText', { multiline: true }) === once;
      }),
    );
  });
  it('allows newlines only where the field is multi-line', () => expect(textProblem('a\nb', 'postText', { multiline: true })).toBeNull());
});

describe('withoutEscapes', () => {
  it('leaves text without ESC alone, however it looks', () =>
    expect(withoutEscapes('[31m is text, so is ]0;')).toBe('[31m is text, so is ]0;'));
});

describe("curatedText: a maintainer's flag is cleaned, never cut", () => {
  it('refuses a text over its cap with its length and the cap', () => {
    expect(curatedText('x'.repeat(20_000), 'summary')).toEqual({
      problem: 'is 20000 characters long, more than the 1000 allowed; shorten it',
    });
  });
  it('keeps a text at its cap whole', () => expect(curatedText('é'.repeat(1_000), 'summary')).toEqual({ text: 'é'.repeat(1_000) }));
  it('refuses a text that is empty once cleaned', () => {
    expect(curatedText('\u0007\b\u001b[31m', 'summary')).toEqual({ problem: 'must not be empty' });
    expect(curatedText('\u200B\u202E ', 'note')).toEqual({ problem: 'must not be empty' });
  });
  it('removes escape sequences and bidi controls like cleanText', () =>
    expect(curatedText('fine\u001b[2J \u202Eok', 'note')).toEqual({ text: 'fine ok' }));
});
