/**
 * The curation step behind `npm run add-event`: one post URL and its facts in, the new events file out.
 * The post time comes from the status id, so a maintainer never types a timestamp.
 */
import { Certainty, Kind, Scope, type EventsFile, type StoredEvent } from '../schema.ts';
import { postIdFromUrl, postIdToDate } from '../postid.ts';
import { toIsoDate, toTimestamp } from '../time.ts';
import { compareEvents } from '../timeline.ts';

export interface AddEventArgs {
  url: string;
  kind: string;
  scope: string;
  summary: string;
  partial?: boolean;
  global?: boolean;
  certainty?: string;
  /** Replace an event already recorded with this id (otherwise a duplicate is refused). */
  update?: boolean;
}

export class AddEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AddEventError';
  }
}

function oneOf<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, value: unknown, flag: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new AddEventError(`--${flag} ${JSON.stringify(value)}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

/** Builds the event from the arguments and returns the events file with it added (or replaced), sorted. */
export function addEvent(file: EventsFile, args: AddEventArgs, now: Date): { file: EventsFile; event: StoredEvent; replaced: boolean } {
  const id = postIdFromUrl(args.url);
  const account = /^https:\/\/(?:x|twitter)\.com\/([A-Za-z0-9_]{1,15})\/status\//.exec(args.url)?.[1];
  if (!id || !account) throw new AddEventError(`not an X post URL (https://x.com/<account>/status/<id>): ${args.url}`);
  const when = postIdToDate(id);
  if (when > now) throw new AddEventError(`post ${id} decodes to ${toTimestamp(when)}, which is in the future (now ${toTimestamp(now)})`);
  const summary = args.summary.trim();
  if (!summary) throw new AddEventError('--summary must not be empty');
  const scope = oneOf(Scope, args.scope, 'scope');
  const event: StoredEvent = {
    id,
    date: toIsoDate(when),
    ts: toTimestamp(when),
    scope,
    kind: oneOf(Kind, args.kind, 'kind'),
    source: account,
    url: `https://x.com/${account}/status/${id}`,
    summary,
    partial: args.partial ?? false,
    global: args.global ?? scope === 'all',
    origin: 'official_post',
    certainty: oneOf(Certainty, args.certainty ?? 'high', 'certainty'),
    uncertain_fields: args.partial === undefined ? ['partial'] : [],
  };
  const existing = file.events.findIndex((e) => e.id === id);
  if (existing >= 0 && !args.update) throw new AddEventError(`event ${id} is already recorded (${file.events[existing]!.date}, ${file.events[existing]!.kind}); pass --update to replace it`);
  const events = file.events.filter((e) => e.id !== id).concat(event);
  events.sort(compareEvents);
  return { file: { checked_at: file.checked_at, events }, event, replaced: existing >= 0 };
}
