/** The headers netlify.toml gives a path, read with Netlify's own parser (@netlify/headers-parser). */
import { parseAllHeaders, type Header } from '@netlify/headers-parser';

/**
 * The parse errors of netlify.toml's [[headers]], and the headers its rules give `path` (names lower-cased).
 * Later rules win on Netlify where keys collide; merged in file order.
 */
export async function netlifyHeadersFor(path: string): Promise<{ errors: unknown[]; merged: Record<string, string> }> {
  const { headers, errors } = await parseAllHeaders({
    netlifyConfigPath: 'netlify.toml',
    headersFiles: [],
    configHeaders: undefined,
    minimal: false,
  });
  const merged: Record<string, string> = {};
  for (const rule of headers as Header[])
    if (rule.forRegExp.test(path))
      Object.assign(merged, Object.fromEntries(Object.entries(rule.values).map(([k, v]) => [k.toLowerCase(), String(v)])));
  return { errors, merged };
}
