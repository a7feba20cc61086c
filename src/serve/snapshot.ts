/** One build as the local runtime answers it, and the holder a server reads it from (server.ts, reload.ts). */
import { gzipVariants, type Handler } from './load.ts';
import type { GzipVariants, HeaderRule, NotFoundRule, SiteFiles } from './static.ts';

/** One build as the server answers it: dist/'s files with their gzip forms, the rules and the functions. */
export interface SiteSnapshot {
  files: SiteFiles;
  gzipped: GzipVariants;
  rules: readonly HeaderRule[];
  notFound: readonly NotFoundRule[] | undefined;
  fn: { handler: Handler; path: string };
  /** The timetable function and its routes (docs/timetable.md): the clock payloads' state for now. */
  timetable: { handler: Handler; paths: readonly string[] } | undefined;
  /** Frees what this build holds beyond memory (its timetable's folder) once it is no longer served. */
  release?: (() => void) | undefined;
}

/** Compressed once, here, so the snapshot and its gzip forms are made together and no request compresses. */
export function siteSnapshot(o: {
  files: SiteFiles;
  rules: readonly HeaderRule[];
  notFound?: readonly NotFoundRule[] | undefined;
  fn: SiteSnapshot['fn'];
  timetable?: SiteSnapshot['timetable'];
  release?: SiteSnapshot['release'];
}): SiteSnapshot {
  return {
    files: o.files,
    gzipped: gzipVariants(o.files, o.rules),
    rules: o.rules,
    notFound: o.notFound,
    fn: o.fn,
    timetable: o.timetable,
    release: o.release,
  };
}

/** The snapshot a server answers from: replaced whole by a reload (reload.ts), never changed in place. */
export interface SiteHolder {
  current: SiteSnapshot;
}
