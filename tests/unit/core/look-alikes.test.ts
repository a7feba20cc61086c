/**
 * Look-alike letters folded to Latin ones (src/core/look-alikes.ts), by a table: Cyrillic and Greek
 * confusables, fullwidth and mathematical forms through NFKC; what is not a look-alike of a Latin
 * letter or digit (punctuation, emoji, other letters) is kept, and plain ASCII is returned untouched.
 */
import { describe, expect, it } from 'vitest';
import { foldLookAlikes } from '../../../src/core/look-alikes.ts';

describe('foldLookAlikes', () => {
  it.each<[string, string, string, string[]]>([
    ['Cyrillic е', 'r\u0435set', 'reset', ['"\u0435" (U+0435) for "e"']],
    [
      'Cyrillic а, о, і, ѕ',
      '\u0430\u043e\u0456\u0455',
      'aois',
      ['"\u0430" (U+0430) for "a"', '"\u043e" (U+043E) for "o"', '"\u0456" (U+0456) for "i"', '"\u0455" (U+0455) for "s"'],
    ],
    [
      'Cyrillic capitals',
      '\u0420\u0415\u0405\u0415\u0422',
      'PESET',
      ['"\u0420" (U+0420) for "P"', '"\u0415" (U+0415) for "E"', '"\u0405" (U+0405) for "S"', '"\u0422" (U+0422) for "T"'],
    ],
    ['Greek ο and Ι', 'c\u03bfdex \u0399', 'codex I', ['"\u03bf" (U+03BF) for "o"', '"\u0399" (U+0399) for "I"']],
    [
      'fullwidth',
      '\uff52\uff45\uff53\uff45\uff54',
      'reset',
      ['"\uff52" (U+FF52) for "r"', '"\uff45" (U+FF45) for "e"', '"\uff53" (U+FF53) for "s"', '"\uff54" (U+FF54) for "t"'],
    ],
    ['mathematical bold', '\u{1d42b}eset', 'reset', ['"\u{1d42b}" (U+1D42B) for "r"']],
    ['a ligature', '\ufb01x', 'fix', ['"\ufb01" (U+FB01) for "fi"']],
    ['the same letter twice: named once', 'r\u0435s\u0435t', 'reset', ['"\u0435" (U+0435) for "e"']],
  ])('%s', (_n, text, folded, replaced) => {
    expect(foldLookAlikes(text)).toEqual({ text: folded, replaced });
  });

  it.each([
    ['plain ASCII', "We've reset Codex rate limits"],
    ['punctuation NFKC would change', 'reset… soon'],
    ['emoji', 'reset 🚀'],
    ['letters with no Latin look-alike', 'б ж ш д λ π'],
    ['accented Latin', 'résumé'],
  ])('%s: kept as it is', (_n, text) => {
    expect(foldLookAlikes(text)).toEqual({ text, replaced: [] });
  });
});
