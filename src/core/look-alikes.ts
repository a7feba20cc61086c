/**
 * Letters of other scripts that look like Latin ones, folded back to the Latin letter, so that a post
 * written "rеset" (a Cyrillic е) is still read as "reset". NFKC first (fullwidth "ｒｅｓｅｔ", mathematical
 * "𝐫𝐞𝐬𝐞𝐭" and other compatibility forms become plain letters), then the small table below: the
 * Cyrillic and Greek letters Unicode's confusables (UTS #39, confusables.txt) map to a single Latin
 * letter. Only a character that becomes Latin letters or digits is replaced; everything else is kept.
 */

/** Cyrillic and Greek letters confusable with one Latin letter (UTS #39), as pairs: look-alike, Latin. */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(
  [
    // Cyrillic, lower case: а е о р с у х і ј ѕ ԁ һ ӏ ԛ ԝ
    'аa еe оo рp сc уy хx іi јj ѕs ԁd һh ӏl ԛq ԝw',
    // Cyrillic, upper case: А В Е К М Н О Р С Т Х І Ј Ѕ
    'АA ВB ЕE КK МM НH ОO РP СC ТT ХX ІI ЈJ ЅS',
    // Greek, lower case: ο ι ν ρ α
    'οo ιi νv ρp αa',
    // Greek, upper case: Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair[0]!, pair[1]!] as const),
);

/** What folding did: the text with Latin letters, and each distinct replacement as `"е" (U+0435) for "e"`. */
export interface Folded {
  text: string;
  replaced: string[];
}

const codePoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** One character folded: its NFKC form, each look-alike replaced; the character itself when that is not Latin letters or digits. */
function foldChar(c: string): string {
  const folded = [...c.normalize('NFKC')].map((x) => LOOK_ALIKES.get(x) ?? x).join('');
  return folded !== c && /^[A-Za-z0-9]+$/.test(folded) ? folded : c;
}

/** `text` with its look-alike letters folded to Latin ones. Plain ASCII is returned as it is, at once. */
export function foldLookAlikes(text: string): Folded {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for "anything outside ASCII"
  if (!/[^\x00-\x7f]/.test(text)) return { text, replaced: [] };
  const replaced = new Set<string>();
  const out = [...text].map((c) => {
    const f = foldChar(c);
    if (f !== c) replaced.add(`"${c}" (${codePoint(c)}) for "${f}"`);
    return f;
  });
  return { text: out.join(''), replaced: [...replaced] };
}
