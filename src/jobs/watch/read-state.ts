/**
 * The watcher's first step: its state from the database, healed (heal.ts: a value that cannot be true at
 * now is replaced, and written back, so no stored state sticks). Without it the run still polls (from
 * the site's newest post and the floor), but claims, sends and writes nothing.
 */
import { healState } from './heal.ts';
import type { Stored, WatchInput } from './input.ts';

/**
 * What a run without its database does, said once in the fault's own line (the steps it stops say ⏭️):
 * nothing is claimed, so nothing is sent, and new posts still start the pull, which records and announces them.
 */
const WITHOUT_DATABASE = 'nothing is sent this run (nothing can be claimed); new posts still start the pull, which announces them';

/** The state, or null with the run's one `❌ database:` line. */
export async function readState(input: Pick<WatchInput, 'stores' | 'noDatabase' | 'now'>, lines: string[]): Promise<Stored | null> {
  const { stores, now } = input;
  if (!stores) {
    lines.push(`❌ database: ${input.noDatabase ?? 'none'}; ${WITHOUT_DATABASE}`);
    return null;
  }
  try {
    const read = await stores.state.read();
    const healed = healState(read.state, now);
    lines.push(...healed.lines);
    if (healed.lines.length > 0) await stores.state.heal(read.state, healed.state);
    return { stores, state: healed.state, generation: read.generation };
  } catch (e) {
    lines.push(`❌ database: the state cannot be read (${(e as Error).message}); ${WITHOUT_DATABASE}`);
    return null;
  }
}
