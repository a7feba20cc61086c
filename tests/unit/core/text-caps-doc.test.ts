/**
 * docs/data.md "Text fields" cannot drift from the code: each row's cap is TEXT_CAPS' number, and the
 * field's schema accepts exactly that many characters, refuses one more, and takes a line break only
 * where the row says multi-line. Every row maps to a schema here and every schema here has a row.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { TEXT_CAPS, type TextCap } from '../../../src/core/sanitize.ts';
import {
  Amendment,
  Announcement,
  BankedGrant,
  Candidate,
  ForecastLogLine,
  OutletLog,
  RejectedCandidate,
  SignalsHistoryLine,
  SourceCheck,
  StatusSignal,
  StoredEvent,
} from '../../../src/core/schema/index.ts';

const incident = StatusSignal.shape.incidents.element.shape;
const historyStatus = SignalsHistoryLine.shape.status.unwrap().shape;
const window = Candidate.shape.suggested_window.unwrap().shape;

/** "file field" as the table writes it → the schema of one value of that field. */
const FIELDS: Record<string, z.ZodType> = {
  'events.json events[].summary': StoredEvent.shape.summary,
  'events.json events[].source': StoredEvent.shape.source,
  'events.json events[].uncertain_fields[]': StoredEvent.shape.uncertain_fields.element,
  'events.json events[].scope_note': StoredEvent.shape.scope_note.unwrap(),
  'announcements.json announcements[].summary': Announcement.shape.summary,
  'announcements.json announcements[].source': Announcement.shape.source,
  'announcements.json announcements[].by': Announcement.shape.by.unwrap(),
  'banked.json grants[].summary': BankedGrant.shape.summary,
  'banked.json grants[].uncertain_fields[]': BankedGrant.shape.uncertain_fields.element,
  'corrections.json corrections[].reason': Amendment.shape.reason,
  'corrections.json corrections[].before, after (text values)': Amendment.shape.before.options[0],
  'signals.json sources[].name': SourceCheck.shape.name,
  'signals.json sources[].error': SourceCheck.shape.error.unwrap(),
  'signals.json sources[].note': SourceCheck.shape.note.unwrap(),
  'signals.json sources[].via': SourceCheck.shape.via.unwrap(),
  'signals.json status.components[].name': StatusSignal.shape.components.element.shape.name,
  'signals.json status.incidents[].id': incident.id,
  'signals.json status.incidents[].name': incident.name,
  'signals.json status.incidents[].status': incident.status,
  'signals.json status.incidents[].impact': incident.impact,
  'candidates.json candidates[].text': Candidate.shape.text,
  'candidates.json candidates[].source': Candidate.shape.source,
  'candidates.json candidates[].reason': Candidate.shape.reason,
  'candidates.json candidates[].suggested_window.by': window.by.unwrap(),
  'candidates.json rejected[].reason': RejectedCandidate.shape.reason,
  'signals-history.jsonl status.components (names)': historyStatus.components.keyType,
  'forecast-log.jsonl rhythm_model, formula_version': ForecastLogLine.shape.rhythm_model,
  'sent-log.json outlets[].error': OutletLog.shape.error.unwrap(),
};

interface Row {
  key: string;
  cap: string;
  chars: number;
  multiline: boolean;
}

function rows(): Row[] {
  const doc = readFileSync(join(import.meta.dirname, '..', '..', '..', 'docs', 'data.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Text fields'), doc.indexOf('\n## ', doc.indexOf('## Text fields') + 1));
  return section
    .split('\n')
    .filter((l) => /^\| `[^`]+\.jsonl?` \|/.test(l))
    .map((l) => {
      const cells = l
        .split('|')
        .slice(1, -1)
        .map((c) => c.trim());
      const [file, field, cap, chars, lines] = cells as [string, string, string, string, string];
      return {
        key: `${file} ${field}`.replace(/`/g, ''),
        cap: cap.replace(/`/g, ''),
        chars: Number(chars.replace(/,/g, '')),
        multiline: lines === 'multi-line',
      };
    });
}

describe('docs/data.md text caps', () => {
  const table = rows();

  it('has one row per schema field checked here, and no other', () => {
    expect(table.map((r) => r.key).sort()).toEqual(Object.keys(FIELDS).sort());
  });

  it('names every cap of TEXT_CAPS, each with its number', () => {
    for (const r of table) expect(TEXT_CAPS[r.cap as TextCap], r.key).toBe(r.chars);
    expect(new Set(table.map((r) => r.cap))).toEqual(new Set(Object.keys(TEXT_CAPS)));
  });

  it.each(rows().map((r) => [r.key, r] as const))(
    '%s: the schema takes the cap, refuses one more, and line breaks only when multi-line',
    (key, r) => {
      const schema = FIELDS[key]!;
      expect(schema.safeParse('é'.repeat(r.chars)).success).toBe(true);
      const over = schema.safeParse('é'.repeat(r.chars + 1));
      expect(over.success).toBe(false);
      expect(over.error?.issues[0]?.message).toBe(
        `is ${r.chars + 1} characters long, more than the ${r.chars} allowed (${r.cap} text${r.multiline ? ', multi-line' : ''})`,
      );
      expect(schema.safeParse('one\ntwo').success).toBe(r.multiline);
      expect(schema.safeParse('bell\u0007').success).toBe(false);
    },
  );
});
