import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, textProblem, TEXT_CAPS } from '../../../src/core/sanitize.ts';

describe('cleanText', () => {
  it.each([
    ['NUL, BEL and ESC are dropped', 'a\u0000b\u0007c\u001b[31md', 'abc[31md'],
    ['C1 controls and DEL are dropped', 'x\u0085y\u009bz\u007f', 'xyz'],
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
  it('allows newlines only where the field is multi-line', () => expect(textProblem('a\nb', 'postText', { multiline: true })).toBeNull());
});
