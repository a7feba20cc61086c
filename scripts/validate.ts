/**
 * `npm run validate`: validates the whole of data/ against the clock (SOURCE_DATE_EPOCH or now), the
 * check the scheduled pull runs before it commits. Exit 0 and one summary line, or exit 1 and every
 * problem by file, record and field.
 */
import { buildNow } from '../src/io/clock.ts';
import { dataDir, readDataFile, readDataFiles } from '../src/io/data-folder.ts';
import { readDataJson } from '../src/io/json-file.ts';
import { dataPath } from '../src/core/dataset/files.ts';
import { bookkeepingProblems } from '../src/core/dataset/bookkeeping-times.ts';
import { clockTimeProblems } from '../src/core/dataset/clock-times.ts';
import { DataError, parseDataset } from '../src/core/dataset/index.ts';
import { GAP_HOURS, thresholdCrossings } from '../src/core/alerts/thresholds.ts';
import { sentLogProblems } from '../src/jobs/broadcast/sent-log.ts';
import { CandidatesFile, ChecksFile, PullStateFile, SentLogFile, type SentLogFile as SentLog } from '../src/core/schema/index.ts';
import { VALIDATE } from './lib/commands/curation.ts';
import { parseCommand } from './lib/flags.ts';

// No flags: an unknown one (`--strict`) is refused rather than ignored.
parseCommand(VALIDATE);

try {
  const dir = dataDir();
  const now = buildNow();
  const data = parseDataset(readDataFiles(dir), now);
  const problems: string[] = [];
  for (const [key, schema] of [
    ['candidates', CandidatesFile],
    ['pullState', PullStateFile],
    ['sentLog', SentLogFile],
    ['checks', ChecksFile],
  ] as const) {
    const checked = readDataJson(dir, key, schema);
    if (!checked.ok) problems.push(...checked.problems);
    // A sent-log from the future (tampered, or a clock gone wrong) would stand for deliveries that cannot have happened.
    else if (key === 'sentLog') problems.push(...sentLogProblems(checked.value as SentLog, now));
  }
  problems.push(...clockTimeProblems(data, readDataFile(dir, 'forecastLog'), now));
  problems.push(
    ...bookkeepingProblems(
      {
        candidates: readDataFile(dir, 'candidates'),
        pullState: readDataFile(dir, 'pullState'),
        signalsHistory: readDataFile(dir, 'signalsHistory'),
        checks: readDataFile(dir, 'checks'),
      },
      now,
    ),
  );
  if (problems.length > 0) throw new DataError(problems);
  const warn = data.forecastLog.warnings;
  console.log(
    `data/ is valid at ${now.toISOString()}: ${data.events.length} events, ${data.announcements.length} promises, ` +
      `${data.banked.grants.length} grants, ${data.corrections.length} corrections, ` +
      `${data.forecastLog.lines.length} logged forecasts${warn.length ? ` (${warn.length} log lines skipped)` : ''}`,
  );
  // Not errors (the log is append-only, a bad line stays for ever), but named: the lines skipped, and the
  // gaps across which no threshold alert is announced (docs/alerts.md).
  for (const w of warn) console.log(`warning: ${w}`);
  const { gaps } = thresholdCrossings(data.forecastLog.lines, now);
  const latest = gaps.at(-1);
  if (latest)
    console.log(
      `note: ${dataPath('forecastLog')}: ${gaps.length} gap(s) longer than ${GAP_HOURS} h (latest ${latest.hours} ` +
        `h, ${latest.after} → ${latest.before}); the first forecast after each announces no threshold alert`,
    );
} catch (e) {
  console.error(`validate: ${e instanceof DataError ? e.message : (e as Error).stack}`);
  process.exitCode = 1;
}
