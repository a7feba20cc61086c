/**
 * Every dataset rule, and the runner that checks the records with all of them. The order of RULES is the
 * order of a record's problems: the runner lists problems by file, then by record, then by rule, so
 * everything wrong with one record is read together.
 */
import { dataPath } from './files.ts';
import { problemAt } from './problems.ts';
import { correctionAmendedValue } from './rule-correction-amended-value.ts';
import { correctionAmendmentTarget } from './rule-correction-amendment-target.ts';
import { correctionRelink } from './rule-correction-relink.ts';
import { correctionRerecord } from './rule-correction-rerecord.ts';
import { correctionRetraction } from './rule-correction-retraction.ts';
import { eventDateMatchesTs } from './rule-event-date-matches-ts.ts';
import { grantEventExists } from './rule-grant-event-exists.ts';
import { grantExpiresAfterGranted } from './rule-grant-expires-after-granted.ts';
import { notInFuture } from './rule-not-in-future.ts';
import { promiseFulfilment } from './rule-promise-fulfilment.ts';
import { promiseWindow } from './rule-promise-window.ts';
import { RECORD_LISTS, type DatasetRule, type RecordFile, type RecordsToCheck } from './rule.ts';
import { sorted } from './rule-sorted.ts';
import { uniqueIds } from './rule-unique-ids.ts';

export type { DatasetRule, RecordFile, RecordsToCheck, Report } from './rule.ts';

export const RULES: readonly DatasetRule[] = [
  uniqueIds,
  eventDateMatchesTs,
  grantExpiresAfterGranted,
  notInFuture,
  grantEventExists,
  promiseWindow,
  promiseFulfilment,
  sorted,
  correctionRetraction,
  correctionRelink,
  correctionRerecord,
  correctionAmendmentTarget,
  correctionAmendedValue,
];

/** The files in the order their problems are listed. */
const FILE_ORDER: readonly RecordFile[] = ['events', 'banked', 'announcements', 'corrections'];

interface Found {
  file: RecordFile;
  index: number;
  field: string;
  message: string;
  rule: number;
}

/** The document a file's records came from, for naming a record by its id. */
function docOf(data: RecordsToCheck, file: RecordFile): unknown {
  const list = { events: data.events, banked: data.grants, announcements: data.announcements, corrections: data.corrections }[file];
  return { [RECORD_LISTS[file]]: list };
}

/** Runs `rules` (every rule by default) over the records; returns every problem phrased, [] when none. */
export function ruleProblems(data: RecordsToCheck, rules: readonly DatasetRule[] = RULES): string[] {
  const found: Found[] = [];
  rules.forEach((rule, r) => {
    rule.check(data, (file, index, field, message) => {
      found.push({ file, index, field, message, rule: r });
    });
  });
  found.sort((a, b) => FILE_ORDER.indexOf(a.file) - FILE_ORDER.indexOf(b.file) || a.index - b.index || a.rule - b.rule);
  return found.map((p) =>
    problemAt(dataPath(p.file), docOf(data, p.file), [RECORD_LISTS[p.file], p.index, ...p.field.split('.')], p.message),
  );
}
