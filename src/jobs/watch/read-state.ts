/**
 * The watcher's first step: its state from the store (Netlify Blobs: no database is woken), healed
 * (heal.ts: a value that cannot be true at now is replaced, and written back, so no stored state sticks;
 * a stored text that is not a state is read as the empty one and replaced). Without it the run still
 * polls (from the site's newest post and the floor) and announces through the ledger, but moves no cursor
 * and marks no dispatch owed: news starts the pull every run until the state is back.
 */
import { FIRST_LOOK_MS, healState } from './heal.ts';
import type { Stored, WatchInput } from './input.ts';
import type { StateRead } from './state.ts';
import { MINUTE_MS } from '../../core/time-units.ts';

/** The state, or null with the run's one `❌ state:` line. */
export async function readState(input: Pick<WatchInput, 'stores' | 'now'>, lines: string[]): Promise<Stored | null> {
  const { stores, now } = input;
  let read: StateRead;
  try {
    read = await stores.state.read();
  } catch (e) {
    lines.push(
      `❌ state: ${(e as Error).message}; read as on a first run (the site's newest posts, at most ${FIRST_LOOK_MS / MINUTE_MS} min ` +
        'back), and new posts start the pull every run until it is back',
    );
    return null;
  }
  if (read.unreadable !== undefined)
    lines.push(`⚠️ state: the stored state is not the watcher's (${read.unreadable}): read as on a first run, and replaced`);
  const healed = healState(read.state, now);
  lines.push(...healed.lines);
  if (healed.lines.length > 0 || read.unreadable !== undefined) {
    try {
      await stores.state.heal(read.state, healed.state);
    } catch (e) {
      lines.push(`⚠️ state: what was healed cannot be written (${(e as Error).message}); healed for this run, and again next run`);
    }
  }
  return { store: stores.state, state: healed.state, generation: read.generation, finished: read.finished };
}
