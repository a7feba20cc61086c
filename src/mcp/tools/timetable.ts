/**
 * The MCP forecast from the build's timetable (docs/timetable.md): `get_reset_forecast` answers with the
 * forecast.json state whose interval holds the call's instant, the same bytes GET /api/v1/forecast.json
 * serves at that instant, instead of the state of the build's own instant.
 */
import type { ForecastPayload } from '../../core/schema/index.ts';
import type { TimetableFiles } from '../../core/timetable-answer.ts';
import { pickState } from '../../core/timetable.ts';
import { PublishedFileError, type Published, type PublishedPayloads } from './published.ts';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * `payloads` with `forecast` read from the timetable at each use: one state per use (text and value of the
 * same state), the last one read kept. A state that cannot be read or parsed is a PublishedFileError (the
 * build checked every state against its schema, so that is a broken deploy).
 */
export function withTimetableForecast(payloads: PublishedPayloads, files: TimetableFiles, now: () => number = Date.now): PublishedPayloads {
  const starts = files.index.states['forecast'];
  if (!starts || starts.length === 0) throw new PublishedFileError('the timetable has no forecast states');
  let kept: { start: number; published: Published<ForecastPayload> } | undefined;
  const stateAt = (t: number): Published<ForecastPayload> => {
    const start = starts[pickState(starts, Math.floor(t / 1000))]!;
    if (kept?.start === start) return kept.published;
    let published: Published<ForecastPayload>;
    try {
      const text = decoder.decode(files.read('forecast', start));
      published = { text, value: JSON.parse(text) as ForecastPayload };
    } catch (e) {
      throw new PublishedFileError(`timetable state forecast/${start}.json: ${(e as Error).message}`);
    }
    kept = { start, published };
    return published;
  };
  return Object.defineProperty({ ...payloads }, 'forecast', { get: () => stateAt(now()), enumerable: true });
}
