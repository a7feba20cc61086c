/**
 * The watcher's last fast-path step: the pull started (workflow_dispatch) for new posts this run moved
 * past, or for a dispatch still owed; never again soon after an answer that may have started it
 * (dispatch.ts, DISPATCH_QUIET_MS). A dispatch GitHub refused stays owed and is sent again next run.
 */
import { toTimestamp } from '../../core/time.ts';
import { MINUTE_MS } from '../../core/time-units.ts';
import type { Owing } from './cursor.ts';
import { DISPATCH_QUIET_MS, dispatchPull, dispatchQuietSince } from './dispatch.ts';
import type { Stored, WatchInput } from './input.ts';

/** Whether the pull was started. */
export async function startPull(
  stored: Stored | null,
  owing: Owing,
  input: Pick<WatchInput, 'now' | 'http' | 'dispatch'>,
  lines: string[],
): Promise<boolean> {
  const { now } = input;
  const state = stored?.store;
  // A write that fails after this run's cursor write failed is the same fault, already said in its ❌ line.
  const unwritten =
    (also: string) =>
    (e: Error): void => {
      if (owing.recorded) lines.push(`⚠️ state: the dispatch is still marked owed (${e.message})${also}`);
    };
  // The uncertain dispatch as the state had it when this run owed one (an overlapping run's included).
  const quietSince = dispatchQuietSince(owing.uncertainAt === undefined ? {} : { dispatch_uncertain_at: owing.uncertainAt }, now);
  if (quietSince !== null) {
    const quiet = `none is repeated for ${DISPATCH_QUIET_MS / MINUTE_MS} min`;
    lines.push(
      `⏭️ dispatch: not sent: the dispatch at ${quietSince} may have started the pull, and ${quiet}; the scheduled pull records the posts`,
    );
    await state?.dispatched(owing.generation).catch(unwritten(''));
    return false;
  }
  const result = await dispatchPull(input.http, input.dispatch);
  if (result.outcome === 'started') lines.push('✅ dispatch: started the pull (pull.yml on main)');
  else if (result.outcome === 'uncertain')
    lines.push(
      `⚠️ dispatch: ${result.why}; it may have started the pull: not repeated for ${DISPATCH_QUIET_MS / MINUTE_MS} min, and the scheduled pull runs anyway`,
    );
  else lines.push(`❌ dispatch: ${result.why}; retried next run, and the pull runs on its schedule anyway`);
  const answeredAt = result.outcome === 'uncertain' ? toTimestamp(now) : undefined;
  if (result.outcome !== 'refused')
    await state?.dispatched(owing.generation, answeredAt).catch(unwritten('; the next run dispatches once more'));
  return result.outcome === 'started';
}
