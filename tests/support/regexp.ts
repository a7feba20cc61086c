/**
 * One regular expression written in pieces, so that a long expected message can be matched without a line of
 * 200 characters: the pieces' sources are joined in order, as if written as one literal. Every piece carries the
 * same flags (the result's), so no piece reads differently on its own than in the whole.
 */
export function joinedRegExp(...pieces: readonly RegExp[]): RegExp {
  const flags = pieces[0]?.flags ?? '';
  const odd = pieces.find((p) => p.flags !== flags);
  if (odd) throw new Error(`joinedRegExp: /${odd.source}/${odd.flags} has other flags than /${flags}/`);
  return new RegExp(pieces.map((p) => p.source).join(''), flags);
}
