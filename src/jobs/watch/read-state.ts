/**
 * The watcher's first step: its state from the database, healed (heal.ts: a value that cannot be true at
 * now is replaced, and written back, so no stored state sticks). Without it the run still polls (from
 * the site's newest post and the floor), but claims, sends and writes nothing.
 */
import { healState } from './heal.ts';
import type { Stored, WatchStores } from './input.ts';

export async function readState(stores: WatchStores | null, now: Date, lines: string[]): Promise<Stored | null> {
  if (!stores) {
    lines.push('❌ database: none; nothing is sent this run, the pull will announce');
    return null;
  }
  try {
    const read = await stores.state.read();
    const healed = healState(read.state, now);
    lines.push(...healed.lines);
    if (healed.lines.length > 0) await stores.state.heal(read.state, healed.state);
    return { stores, state: healed.state, generation: read.generation };
  } catch (e) {
    lines.push(`❌ database: the state cannot be read (${(e as Error).message}); nothing is sent this run, the pull will announce`);
    return null;
  }
}
