/**
 * An independent, strict XML 1.0 reader for the feed tests (saxes): it refuses what XML forbids and the
 * project's own code never checks (C0 controls, U+FFFE/U+FFFF, "]]>" in character data, bad nesting).
 * The text is first encoded to UTF-8 and decoded back, as a reader of the file would see it.
 */
import { SaxesParser } from 'saxes';

/** The parser's first complaint about `xml`, or null when the document is well-formed. */
export function xmlProblem(xml: string): string | null {
  const text = new TextDecoder().decode(new TextEncoder().encode(xml));
  const parser = new SaxesParser();
  let problem: string | null = null;
  parser.on('error', (e) => {
    problem ??= e.message;
  });
  try {
    parser.write(text).close();
  } catch (e) {
    problem ??= (e as Error).message;
  }
  return problem;
}
