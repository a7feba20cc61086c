/**
 * The watcher's own state, the one thing the deploy cannot tell it, kept where reading it does not wake
 * the database: one document in a key-value store with conditional writes (Netlify Blobs,
 * src/db/blob-store.ts; docs/alerts.md, "Where the state lives"). It holds per polled account its X user
 * id and the newest post id read (`since_id`, the cursor); whether a dispatch of the pull is still owed
 * (it failed, or the run that owed it died) and its generation; when GitHub last answered a dispatch in a
 * way that may have started the pull; and the alerts every configured outlet is finished with
 * (`finished`: the ledger said so once; finished.ts), so a run that meets them again need not ask the ledger.
 *
 * When each account is asked is not stored: it follows from the clock (config.ts, dueAccounts).
 *
 * Every change is a read, a pure change of what was read (the functions below, each the rule one SQL
 * statement decided when this state was in the database) and a write made only if the document is still the
 * version read; when another run wrote first, the document is read again and the change made again on it. So
 * overlapping runs merge: a cursor only moves forward (compared as a number: ids pass 2^53), an uncertain
 * dispatch only later, the finished alerts only grow (until too old to send), and clearing an owed dispatch
 * never clears one owed after it (the generation). The only way back is healing (heal.ts): a value that
 * cannot be true is replaced, and only while it is still the value that was read.
 *
 * A write the store answers unclearly (an error, a rate limit, no answer) may have landed: each write
 * carries a token of its own (`writer`), and the document is read back; only the token there says written.
 *
 * Pure apart from the TextStore passed in.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { comparePostIds } from '../../core/postid.ts';
import { PostId, Timestamp } from '../../core/schema/scalars.ts';
import type { TextStore, WriteCondition } from '../../core/text-store.ts';

export const WatchState = z.strictObject({
  accounts: z.record(z.string(), z.strictObject({ user_id: PostId, since_id: PostId.nullable() })),
  /** A dispatch owed: set before dispatching, cleared when GitHub accepted it. */
  dispatch_pending: z.boolean(),
  /**
   * When GitHub last answered a dispatch in a way that may have started the pull (src/jobs/watch/dispatch.ts): none is
   * sent for a while after.
   */
  dispatch_uncertain_at: Timestamp.optional(),
});
export type WatchState = z.infer<typeof WatchState>;

/** The alerts every configured outlet is finished with, as the ledger said (finished.ts). */
export const Finished = z.strictObject({
  /** The outlets configured when the ledger said so, by name, sorted: another set of outlets has had none of them. */
  outlets: z.array(z.string()),
  /** Alert id → the alert's `at`: kept while a sender could still send it (SEND_RULES.maxAgeHours). */
  alerts: z.record(z.string(), Timestamp),
});
export type Finished = z.infer<typeof Finished>;

/** The stored document: the state, the owed dispatch's generation, the finished alerts, and the token of the write that made it. */
const WatchDocument = z.strictObject({
  version: z.literal(1),
  state: WatchState,
  generation: z.number().int().nonnegative(),
  finished: Finished.nullable(),
  writer: z.string(),
});
type WatchDocument = z.infer<typeof WatchDocument>;

export const EMPTY_STATE: WatchState = { accounts: {}, dispatch_pending: false };
const EMPTY: Omit<WatchDocument, 'writer'> = { version: 1, state: EMPTY_STATE, generation: 0, finished: null };

/** The site-wide Netlify Blobs store the watcher's functions keep their state in, and the document's key there. */
export const WATCH_BLOBS_STORE = 'resetcast-watch';
export const WATCH_STATE_KEY = 'watcher-state';
/** Writes in a row that may find another run's write first before a change gives up (each such write is another run's progress). */
const MAX_TRIES = 6;

/** The owed dispatch as `owe` leaves it: its generation, and the latest uncertain answer any run recorded. */
export interface Owed {
  generation: number;
  uncertainAt: string | undefined;
}

/** What a read found: the state, the owed dispatch's generation, the finished alerts, and (when the stored text was not a state) why it was read as empty. */
export interface StateRead {
  state: WatchState;
  generation: number;
  finished: Finished | null;
  unreadable?: string;
}

/** Each account's cursor as a run leaves it (its X user id and the newest post read). */
export type Cursors = WatchState['accounts'];

export interface WatchStore {
  /** The cursors, the dispatches, the finished alerts. Throws when the store cannot be read. */
  read(): Promise<StateRead>;
  /**
   * Writes back what healing replaced (heal.ts), each only while the stored value is still the one that
   * was read (`before`): a cursor dropped, an uncertain dispatch forgotten, an unreadable document replaced.
   */
  heal(before: WatchState, after: WatchState): Promise<void>;
  /** Forgets the cursor X refused for `account`, unless another run moved it meanwhile. */
  forgetCursor(account: string, refused: string): Promise<void>;
  /** Moves each account's cursor forward (never back); returns the names whose cursor this write moved. */
  advance(accounts: Cursors): Promise<Set<string>>;
  /** Marks a dispatch owed; returns its generation and the latest uncertain dispatch (an overlapping run's included). */
  owe(): Promise<Owed>;
  /**
   * Settles the owed dispatch, unless one was owed after `generation`; `uncertainAt` records an answer that may have
   * started the pull (the later one is kept).
   */
  dispatched(generation: number, uncertainAt?: string): Promise<void>;
  /** Records what finished.ts decided the finished alerts now are, given the stored ones (the change is made again on a newer version). */
  finish(change: (stored: Finished | null) => Finished | null): Promise<void>;
}

// ---- The changes, pure: each returns the new document, or null when it changes nothing. ----

type Doc = Omit<WatchDocument, 'writer'>;
type Change<T> = (doc: Doc) => { next: Doc | null; result: T };

const withState = (doc: Doc, state: WatchState): Doc => ({ ...doc, state });

/** Each account's cursor moved to the one given when that is later (a new account taken as given); the names moved. */
export const advanced =
  (accounts: Cursors): Change<Set<string>> =>
  (doc) => {
    const moved = new Set<string>();
    const next = { ...doc.state.accounts };
    for (const [name, a] of Object.entries(accounts)) {
      const stored = next[name];
      if (stored === undefined) {
        next[name] = a;
        if (a.since_id !== null) moved.add(name);
      } else if (a.since_id !== null && (stored.since_id === null || comparePostIds(stored.since_id, a.since_id) < 0)) {
        next[name] = { user_id: a.user_id, since_id: a.since_id };
        moved.add(name);
      }
    }
    const changed = Object.keys(accounts).some((n) => doc.state.accounts[n] === undefined) || moved.size > 0;
    return { next: changed ? withState(doc, { ...doc.state, accounts: next }) : null, result: moved };
  };

/** The account's cursor dropped, only while it is still `refused`. */
export const forgotten =
  (account: string, refused: string): Change<void> =>
  (doc) => {
    const stored = doc.state.accounts[account];
    if (stored?.since_id !== refused) return { next: null, result: undefined };
    return {
      next: withState(doc, { ...doc.state, accounts: { ...doc.state.accounts, [account]: { ...stored, since_id: null } } }),
      result: undefined,
    };
  };

/** A dispatch owed: its generation the next one. */
export const owedChange: Change<Owed> = (doc) => {
  const generation = doc.generation + 1;
  return {
    next: { ...withState(doc, { ...doc.state, dispatch_pending: true }), generation },
    result: { generation, uncertainAt: doc.state.dispatch_uncertain_at },
  };
};

/** The later of two times (either absent). */
const later = (a: string | undefined, b: string | undefined): string | undefined =>
  a === undefined ? b : b === undefined ? a : Date.parse(a) >= Date.parse(b) ? a : b;

/** The owed dispatch settled unless one was owed after `generation`; the later uncertain answer kept. */
export const dispatchedChange =
  (generation: number, uncertainAt?: string): Change<void> =>
  (doc) => {
    const pending = doc.generation <= generation ? false : doc.state.dispatch_pending;
    const uncertain = later(doc.state.dispatch_uncertain_at, uncertainAt);
    if (pending === doc.state.dispatch_pending && uncertain === doc.state.dispatch_uncertain_at) return { next: null, result: undefined };
    const { dispatch_uncertain_at: _old, ...rest } = doc.state;
    return {
      next: withState(doc, {
        ...rest,
        dispatch_pending: pending,
        ...(uncertain === undefined ? {} : { dispatch_uncertain_at: uncertain }),
      }),
      result: undefined,
    };
  };

/**
 * What healing replaced, written only over the value read: a dropped cursor while the stored one is still the
 * one read; a forgotten uncertain dispatch while the stored one is that one or later (as impossible).
 */
export const healedChange =
  (before: WatchState, after: WatchState): Change<void> =>
  (doc) => {
    let state = doc.state;
    for (const [name, a] of Object.entries(after.accounts)) {
      const was = before.accounts[name];
      const stored = state.accounts[name];
      if (was?.since_id && a.since_id === null && stored?.since_id === was.since_id)
        state = { ...state, accounts: { ...state.accounts, [name]: { ...stored, since_id: null } } };
    }
    const forgot = before.dispatch_uncertain_at !== undefined && after.dispatch_uncertain_at === undefined;
    if (
      forgot &&
      state.dispatch_uncertain_at !== undefined &&
      Date.parse(state.dispatch_uncertain_at) >= Date.parse(before.dispatch_uncertain_at!)
    ) {
      const { dispatch_uncertain_at: _gone, ...rest } = state;
      state = rest;
    }
    return { next: state === doc.state ? null : withState(doc, state), result: undefined };
  };

// ---- The store: each change read, made and written conditionally, again on a conflict. ----

/** The stored document, or the empty one with why when the text is not one (a hand edit, another program's key). */
function parseDocument(text: string): { doc: Doc; writer: string | null; unreadable?: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { doc: EMPTY, writer: null, unreadable: 'not JSON' };
  }
  const parsed = WatchDocument.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { doc: EMPTY, writer: null, unreadable: `field '${issue.path.join('.') || '(root)'}': ${issue.message}` };
  }
  const { writer, ...doc } = parsed.data;
  return { doc, writer };
}

export function watchStore(texts: TextStore, key = WATCH_STATE_KEY): WatchStore {
  const load = async (): Promise<{ doc: Doc; condition: WriteCondition; unreadable?: string }> => {
    const stored = await texts.read(key);
    if (stored === null) return { doc: EMPTY, condition: { absent: true } };
    const { doc, unreadable } = parseDocument(stored.text);
    return { doc, condition: { etag: stored.etag }, ...(unreadable === undefined ? {} : { unreadable }) };
  };

  /** `change` made on the stored document and written only over the version read; again on another run's write. */
  const update = async <T>(change: Change<T>): Promise<T> => {
    for (let tries = 0; tries < MAX_TRIES; tries++) {
      const { doc, condition, unreadable } = await load();
      const { next, result } = change(doc);
      // An unreadable document is written over by any change, even one that changes nothing of the empty state.
      if (next === null && unreadable === undefined) return result;
      const writer = randomUUID();
      const answer = await texts.write(key, JSON.stringify({ ...(next ?? doc), writer }), condition);
      if (answer.outcome === 'written') return result;
      if (answer.outcome === 'conflict') continue;
      // It may have landed: the token says.
      let back: Awaited<ReturnType<TextStore['read']>>;
      try {
        back = await texts.read(key);
      } catch (e) {
        throw new Error(`${answer.why}; whether it was written is unknown (${(e as Error).message})`);
      }
      if (back !== null && parseDocument(back.text).writer === writer) return result;
      throw new Error(`${answer.why}; not written`);
    }
    throw new Error(`${texts.label}: ${MAX_TRIES} writes in a row met another run's write first; not written`);
  };

  return {
    async read() {
      const { doc, unreadable } = await load();
      return { state: doc.state, generation: doc.generation, finished: doc.finished, ...(unreadable === undefined ? {} : { unreadable }) };
    },
    heal: (before, after) => update(healedChange(before, after)),
    forgetCursor: (account, refused) => update(forgotten(account, refused)),
    advance: (accounts) => update(advanced(accounts)),
    owe: () => update(owedChange),
    dispatched: (generation, uncertainAt) => update(dispatchedChange(generation, uncertainAt)),
    finish: (change) =>
      update((doc) => {
        const finished = change(doc.finished);
        return { next: finished === doc.finished ? null : { ...doc, finished }, result: undefined };
      }),
  };
}
