/**
 * What a dataset rule is: one check of the records beyond their schemas (the shape of MDN
 * browser-compat-data's lint/linter/test-*.ts). A rule reports facts (file, record index, field,
 * message); the runner (index.ts) orders them and problems.ts phrases them, so no rule writes a sentence
 * with a file name in it.
 */
import type { Announcement, BankedGrant, Correction, StoredEvent } from '../schema/index.ts';

/**
 * The records that passed their schemas, as the rules may check them. A list is present only when its
 * file and every file its records link to passed: events alone; grants and promises with the events;
 * corrections with events, grants and promises. A rule skips a list that is absent.
 */
export interface RecordsToCheck {
  /** The build clock: no record may lie in its future. */
  now: Date;
  events?: readonly StoredEvent[] | undefined;
  grants?: readonly BankedGrant[] | undefined;
  announcements?: readonly Announcement[] | undefined;
  corrections?: readonly Correction[] | undefined;
  /** The valid events by id (empty when events.json failed its schema). */
  eventsById: ReadonlyMap<string, StoredEvent>;
}

/** The files whose records the rules check, each by its list of records. */
export const RECORD_LISTS = { events: 'events', banked: 'grants', announcements: 'announcements', corrections: 'corrections' } as const;
export type RecordFile = keyof typeof RECORD_LISTS;

/** One problem: the record by file and index, the field (dotted for a nested one) and what is wrong with it. */
export type Report = (file: RecordFile, index: number, field: string, message: string) => void;

export interface DatasetRule {
  /** Kebab-case, as the rule's file is named. */
  name: string;
  /** What the rule holds, in one sentence. */
  description: string;
  check(data: RecordsToCheck, report: Report): void;
}
