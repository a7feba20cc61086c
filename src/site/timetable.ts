/**
 * The build's timetable (docs/timetable.md): every state of the clock payloads, and of the pages, feeds and
 * calendar that move with the clock (src/site/timetable-paths.ts), from the build's clock to the horizon.
 * A payload's, feed's or calendar's state is its exact text as a build at the state's start publishes it
 * (but for forecast.json's `freshness.built_at`, which says this build), made here; a page's is rendered
 * by Astro at its start (src/pages/timetable-states/<view>/), its first state being the public page itself. The
 * states are found once per build process, before Astro renders anything, and written under dist/ when it is done.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { Dataset } from '../core/dataset/index.ts';
import { timetableHorizon } from '../core/forecast/horizon.ts';
import { stableStringify } from '../core/json.ts';
import { toTimestamp } from '../core/time.ts';
import { cutTemplate, templateProblem } from '../core/page-template.ts';
import {
  pathStateFile,
  pathTemplateFile,
  stateFile,
  TIMETABLE_DIR,
  TIMETABLE_INDEX,
  TIMETABLE_SITE,
  timetableScan,
  type Reading,
  type TimetableIndex,
  type TimetableState,
} from '../core/timetable.ts';
import {
  SIGNAL_PAYLOAD_NAMES,
  TIMETABLE_PAYLOAD_NAMES,
  PAYLOAD_SCHEMAS,
  payloadsAt,
  sharedWork,
  type PayloadName,
  type SharedWork,
} from './api/payloads.ts';
import { buildOf, buildSharedWork, loadBuild, type Build } from './data.ts';
import type { KeyInputs } from './page-keys.ts';
import { sitePages, timetablePaths, type PageView, type PathOutput, type SitePage } from './timetable-paths.ts';

export interface Timetable {
  index: TimetableIndex;
  /** Per clock payload, its states with their texts. */
  states: Record<PayloadName, Required<TimetableState>[]>;
  /** Per public path of `outputs`, its states: a feed's or the calendar's with its text, a page's without (Astro renders it). */
  paths: Record<string, TimetableState[]>;
  /** Per page of `outputs`, its template's states (Astro renders each as a template, the build cuts it at its slots). */
  templates: Record<string, TimetableState[]>;
  /** What each path is (its page's view and locale, for the state route). */
  outputs: readonly PathOutput[];
}

const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);

/** The scan's name of a page's template: beside its path's, never a payload's name nor a path. */
const templateOf = (path: string): string => `template:${path}`;

/** Every output at instant `t`: the payloads' keys and texts, each path's key, a feed's or calendar's text. */
function reader(data: Dataset, builtAt: Date, base: string, shared: SharedWork, outputs: readonly PathOutput[]) {
  const byPath = new Map(outputs.map((o) => [o.path, o]));
  return (t: number): Reading<string> => {
    const now = new Date(t * 1000);
    const at = payloadsAt(data, now, base, builtAt, shared);
    const build = buildOf(data, base, now, at);
    const inputs: KeyInputs = { build, payloadKey: at.key, made: new Map() };
    const keys: Record<string, string> = {};
    for (const n of TIMETABLE_PAYLOAD_NAMES) keys[n] = at.key(n);
    for (const o of outputs) {
      keys[o.path] = o.key(inputs, shared);
      if (o.templateKey) keys[templateOf(o.path)] = o.templateKey(inputs);
    }
    const text = (n: string): string | undefined =>
      n.startsWith('/') ? byPath.get(n)!.text?.(build) : n.startsWith('template:') ? undefined : at.text(n as PayloadName);
    return { keys, text };
  };
}

/**
 * The names a newer signals snapshot may change, which the run-time engine answers (src/site/live/answers.ts):
 * the payloads the signals move, the feeds and calendar they move, and every page with a template (its slots).
 */
export const runTimeNames = (outputs: readonly PathOutput[]): string[] => [
  ...SIGNAL_PAYLOAD_NAMES,
  ...outputs.filter((o) => o.signals || o.templateKey).map((o) => o.path),
];

export function computeTimetable(data: Dataset, builtAt: Date, base: string, shared: SharedWork = sharedWork(data)): Timetable {
  const from = seconds(builtAt);
  const horizon = Math.max(from, timetableHorizon(builtAt, data.eventsCheckedAt));
  const outputs = timetablePaths(data);
  const pages = outputs.filter((o) => o.templateKey).map((o) => o.path);
  const names = [...TIMETABLE_PAYLOAD_NAMES, ...outputs.map((o) => o.path), ...pages.map(templateOf)];
  const scanned = timetableScan(names, reader(data, builtAt, base, shared, outputs), from, horizon);
  const states = Object.fromEntries(TIMETABLE_PAYLOAD_NAMES.map((n) => [n, scanned[n]])) as Timetable['states'];
  const paths = Object.fromEntries(outputs.map((o) => [o.path, scanned[o.path]!]));
  const templates = Object.fromEntries(pages.map((p) => [p, scanned[templateOf(p)]!]));
  const index: TimetableIndex = {
    built_at: toTimestamp(builtAt),
    horizon: toTimestamp(new Date(horizon * 1000)),
    states: Object.fromEntries(TIMETABLE_PAYLOAD_NAMES.map((n) => [n, states[n].map((s) => s.start)])),
    paths: Object.fromEntries(outputs.map((o) => [o.path, paths[o.path]!.map((s) => s.start)])),
    templates: Object.fromEntries(pages.map((p) => [p, templates[p]!.map((s) => s.start)])),
    run_time: runTimeNames(outputs),
  };
  return { index, states, paths, templates, outputs };
}

/**
 * The build's own timetable (loadBuild: the same data, clock and site address as every page), computed once
 * per build process: Astro's routes list the page states and cards from it before rendering, and the build
 * writes it when they are done. Kept on globalThis beside loadBuild's build (src/site/data.ts says why).
 */
const TIMETABLE = Symbol.for('resetcast.timetable');
export function buildTimetable(): Timetable {
  const build = loadBuild();
  const store = globalThis as { [TIMETABLE]?: { build: Build; timetable: Timetable } };
  const hit = store[TIMETABLE];
  if (hit?.build === build) return hit.timetable;
  const timetable = computeTimetable(build.data, build.now, build.base, buildSharedWork());
  store[TIMETABLE] = { build, timetable };
  return timetable;
}

/** The page states Astro renders (src/pages/timetable-states/): every page state but each page's first, which is the public page itself. */
export function pageStates(timetable: Timetable): { path: string; start: number; output: PathOutput }[] {
  return timetable.outputs
    .filter((o) => o.page)
    .flatMap((o) => timetable.paths[o.path]!.slice(1).map((s) => ({ path: o.path, start: s.start, output: o })));
}

/** The file in dist/ a public path is served from: a folder's index.html, else the file itself. */
const publicFile = (path: string): string => (path.endsWith('/') ? `${path}index.html` : path);

/**
 * Writes the timetable into `outDir/_timetable/`: the index, one file per payload state, feed and calendar
 * state, and each page's first state (the public page Astro wrote; its later states Astro rendered, and
 * `movePageStates` moved under `at/<start>/`).
 */
export function writeTimetable(outDir: string, timetable: Timetable): void {
  const dir = join(outDir, TIMETABLE_DIR);
  const made = new Set<string>();
  const folder = (file: string): void => {
    if (made.has(dirname(file))) return;
    mkdirSync(dirname(file), { recursive: true });
    made.add(dirname(file));
  };
  const write = (file: string, text: string): void => {
    folder(join(dir, file));
    writeFileSync(join(dir, file), text);
  };
  for (const [name, states] of Object.entries(timetable.states) as [PayloadName, Required<TimetableState>[]][])
    for (const s of states) write(stateFile(name, s.start), s.text);
  for (const o of timetable.outputs) {
    const states = timetable.paths[o.path]!;
    if (o.page) {
      const first = join(dir, pathStateFile(o.path, states[0]!.start));
      folder(first);
      copyFileSync(join(outDir, publicFile(o.path)), first);
    } else for (const s of states) write(pathStateFile(o.path, s.start), s.text!);
  }
  write(TIMETABLE_INDEX, stableStringify(timetable.index));
}

/** The build's own timetable, written into `outDir` once Astro has written the pages (their later states moved into it). */
export function writeBuildTimetable(outDir: string): void {
  const timetable = buildTimetable();
  const locales = new Map(timetable.outputs.flatMap((o) => (o.page ? [[o.path, o.page.locale] as const] : [])));
  movePageStates(outDir, (path) => locales.get(path)!);
  writeTimetable(outDir, timetable);
  writeDeployedSite(outDir, loadBuild());
}

/** What a function reads to answer under a newer signals snapshot (`TIMETABLE_SITE`): the address and the dataset. */
export interface DeployedSiteFile {
  base: string;
  data: Dataset;
}

/** Writes `TIMETABLE_SITE`: the build's address and validated dataset, for the answers made at run time (src/site/live/signal-states.ts). */
export function writeDeployedSite(outDir: string, build: Pick<Build, 'base' | 'data'>): void {
  const file: DeployedSiteFile = { base: build.base, data: build.data };
  writeFileSync(join(outDir, TIMETABLE_DIR, TIMETABLE_SITE), stableStringify(file));
}

/** The index of the timetable a build wrote under `outDir` (throws when it is missing or not JSON). */
export function readTimetableIndex(outDir: string): TimetableIndex {
  return JSON.parse(readFileSync(join(outDir, TIMETABLE_DIR, TIMETABLE_INDEX), 'utf8')) as TimetableIndex;
}

/** How each kind of path state begins: a page, an Atom feed, a calendar. */
const BEGINS: readonly [RegExp, RegExp, string][] = [
  [/\/$/, /^<!doctype html>/i, 'an HTML page'],
  [/\.xml$/, /^<\?xml /, 'an XML feed'],
  [/\.ics$/, /^BEGIN:VCALENDAR\r\n/, 'a calendar'],
];

/**
 * Every problem of the timetable a build wrote under `outDir` (empty when it may be published): a missing
 * or unreadable index, a payload missing from it, a state file missing, not its payload's schema, or
 * published under another address than `base` (its `source`); a page, feed or calendar state missing or
 * not of its kind. Each problem names the file (relative to `outDir`).
 */
export function timetableProblems(outDir: string, base: string): string[] {
  const dir = join(outDir, TIMETABLE_DIR);
  const where = (file: string): string => `${TIMETABLE_DIR}/${file}`;
  let index: TimetableIndex;
  try {
    index = readTimetableIndex(outDir);
  } catch (e) {
    return [`${where(TIMETABLE_INDEX)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error).message}`];
  }
  const problems: string[] = [];
  /** The text of one state file, or undefined with its problem noted. */
  const read = (file: string): string | undefined => {
    try {
      return readFileSync(join(dir, file), 'utf8');
    } catch (e) {
      problems.push(`${where(file)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : (e as Error).message}`);
      return undefined;
    }
  };
  const ascending = (what: string, starts: unknown): starts is number[] => {
    if (!Array.isArray(starts) || starts.length === 0) {
      problems.push(`${where(TIMETABLE_INDEX)}: no states of ${what}`);
      return false;
    }
    starts.forEach((start, i) => {
      if (!Number.isInteger(start) || (i > 0 && start <= starts[i - 1]))
        problems.push(`${where(TIMETABLE_INDEX)}: ${what}: starts not ascending at ${start}`);
    });
    return true;
  };
  for (const name of TIMETABLE_PAYLOAD_NAMES) {
    const starts = index.states?.[name];
    if (!ascending(name, starts)) continue;
    for (const start of starts) {
      const file = stateFile(name, start);
      const text = read(file);
      if (text === undefined) continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (e) {
        problems.push(`${where(file)}: not JSON (${(e as Error).message})`);
        continue;
      }
      const parsed = PAYLOAD_SCHEMAS[name].safeParse(value);
      if (!parsed.success)
        problems.push(`${where(file)}: ${parsed.error.issues.map((x) => `${x.path.join('.') || '(top level)'}: ${x.message}`).join('; ')}`);
      else if (parsed.data.source !== base) problems.push(`${where(file)}: source ${parsed.data.source}, not the site's address ${base}`);
    }
  }
  for (const [path, starts] of Object.entries(index.templates ?? {})) {
    if (!ascending(`${path}'s templates`, starts)) continue;
    for (const start of starts) {
      const file = pathTemplateFile(path, start);
      const text = read(file);
      if (text === undefined) continue;
      let problem: string | undefined;
      try {
        problem = templateProblem(JSON.parse(text));
      } catch (e) {
        problem = `not JSON (${(e as Error).message})`;
      }
      if (problem) problems.push(`${where(file)}: not a page template: ${problem}`);
    }
  }
  for (const [path, starts] of Object.entries(index.paths ?? {})) {
    if (!ascending(path, starts)) continue;
    const kind = BEGINS.find(([p]) => p.test(path));
    for (const start of starts) {
      const file = pathStateFile(path, start);
      const text = read(file);
      if (text !== undefined && kind && !kind[1].test(text)) problems.push(`${where(file)}: not ${kind[2]}`);
    }
  }
  return problems;
}

/**
 * RESETCAST_TIMETABLE_PROBES: instants (Unix seconds, comma-separated) at which the build also renders every
 * human page, under `_timetable/probes/` (`probeFile`), for the proof (tests/build/timetable.test.ts) to
 * compare each with the state the timetable serves then. Unset in production: none.
 */
export function timetableProbes(env: Record<string, string | undefined> = process.env): number[] {
  const raw = env['RESETCAST_TIMETABLE_PROBES'];
  if (!raw) return [];
  return raw.split(',').map((s) => {
    const t = Number(s);
    if (!Number.isInteger(t)) throw new Error(`RESETCAST_TIMETABLE_PROBES: ${JSON.stringify(s)} is not a whole number of seconds`);
    return t;
  });
}

/**
 * Where a probe of the page at `path` rendered at `t` is written, relative to the timetable folder (Astro
 * writes every page as `<route>/index.html`, `/404.html` too).
 */
export const probeFile = (path: string, t: number): string => `probes/${t}${path.endsWith('/') ? path : `${path}/`}index.html`;

/**
 * Where Astro renders the page states and probes before the build moves them into the timetable folder
 * (`movePageStates`): one route per view (src/pages/timetable-states/<view>/[...state].astro), so a state is
 * rendered by a route that imports its view alone and inlines the same styles as the page's public route.
 */
export const PAGE_STATES_DIR = 'timetable-states';

/** Where Astro renders a page's template states, under its view's folder of PAGE_STATES_DIR: `template/<start><path>index.html`. */
const TEMPLATES = 'template';

/** The props of a page state's route: its page, the instant it is for, and whether it is rendered as a template. */
export type PageStateProps = {
  page: SitePage;
  at: number;
  template: boolean;
};

/**
 * The routes of one view's page states, template states and probes, for its route's getStaticPaths: the
 * parameter is the file under the timetable folder (a template's: under `template/`, cut when moved).
 */
export function pageStateRoutes(view: PageView): { params: { state: string }; props: PageStateProps }[] {
  const param = (file: string): string => file.replace(/\/?index\.html$/, '');
  const timetable = buildTimetable();
  const states = pageStates(timetable)
    .filter((s) => s.output.page!.view === view)
    .sort((a, b) => a.start - b.start)
    .map(({ path, start, output }) => ({
      params: { state: param(pathStateFile(path, start)) },
      props: { page: output.page!, at: start, template: false },
    }));
  const templates = timetable.outputs
    .filter((o) => o.page?.view === view && timetable.templates[o.path])
    .flatMap((o) =>
      timetable.templates[o.path]!.map((s) => ({
        params: { state: param(`${TEMPLATES}/${s.start}${o.path}index.html`) },
        props: { page: o.page!, at: s.start, template: true },
      })),
    );
  const pages = sitePages(loadBuild().data).filter((p) => p.view === view);
  const probes = timetableProbes().flatMap((t) =>
    pages.map((page) => ({ params: { state: param(probeFile(page.path, t)) }, props: { page, at: t, template: false } })),
  );
  return [...states, ...templates, ...probes];
}

/**
 * Moves what Astro rendered under PAGE_STATES_DIR into the timetable folder, each file to the same place under
 * it, but a template, which is cut at its slots' markers and written as its JSON (`pathTemplateFile`); then
 * removes that folder. `locale` names the locale of each page path.
 */
export function movePageStates(outDir: string, locale: (path: string) => string): void {
  const from = join(outDir, PAGE_STATES_DIR);
  if (!existsSync(from)) return;
  for (const view of readdirSync(from)) {
    const root = join(from, view);
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      const under = relative(root, file).split(sep).join('/');
      const template = new RegExp(`^${TEMPLATES}/(\\d+)(/.*/|/)index\\.html$`).exec(under);
      if (template) {
        const [, start, path] = template as unknown as [string, string, string];
        const to = join(outDir, TIMETABLE_DIR, pathTemplateFile(path, Number(start)));
        mkdirSync(dirname(to), { recursive: true });
        writeFileSync(to, JSON.stringify(cutTemplate(readFileSync(file, 'utf8'), locale(path))));
        continue;
      }
      const to = join(outDir, TIMETABLE_DIR, under);
      mkdirSync(dirname(to), { recursive: true });
      renameSync(file, to);
    }
  }
  rmSync(from, { recursive: true, force: true });
}
