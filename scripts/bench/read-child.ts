/**
 * One read of a hostile source in a fresh process: `bounded` through the pullers' getJson with the status
 * source's cap, or `whole` the way the pullers read before the cap (the whole body as text, then JSON.parse).
 * Prints the outcome and the process's peak resident memory (maxRSS).
 */
import { getJson } from '../../src/net/http.ts';
import { liveHttp } from '../../src/net/live.ts';
import { SOURCES, USER_AGENT } from '../../src/core/sources.ts';

const [mode, url] = process.argv.slice(2);
if ((mode !== 'bounded' && mode !== 'whole') || !url) throw new Error('usage: node scripts/bench/read-child.ts bounded|whole <url>');
let outcome: string;
try {
  if (mode === 'bounded') {
    await getJson(liveHttp({ timeoutMs: 60_000 }), url, { maxBytes: SOURCES.status.maxBytes });
    outcome = 'read';
  } else {
    const text = await (await fetch(url, { headers: { 'User-Agent': USER_AGENT } })).text();
    outcome = `read ${typeof JSON.parse(text)}`;
  }
} catch (e) {
  outcome = (e as Error).message;
}
process.stdout.write(JSON.stringify({ outcome, peakKb: process.resourceUsage().maxRSS }));
