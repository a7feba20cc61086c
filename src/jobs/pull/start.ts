/**
 * The pull's first step: what data/ holds now, read and validated whole, so a pull never writes onto
 * invalid data (a DataError names every problem, and nothing is written).
 */
import type { z } from 'zod';
import { curatedOf, type Curated } from '../../core/curate/state.ts';
import { ABSENT_MEANS, BUILD_FILES, DATA_FILES, dataPath } from '../../core/dataset/files.ts';
import { readJson, valueOrThrow } from '../../core/dataset/read-json.ts';
import { DataError, parseDataset, type Dataset, type DatasetTexts } from '../../core/dataset/index.ts';
import { CandidatesFile, PullStateFile } from '../../core/schema/index.ts';
import { knownPosts } from './record.ts';

/** Contents of data/, by file name; missing optional files are undefined. */
export type DataTexts = Record<string, string | undefined>;

/** data/ as the pull starts from it. */
export interface PullStart {
  dataTexts: DatasetTexts;
  current: Dataset;
  /** The curated files, the candidates queue included: what the finds are added to. */
  curated: Curated;
  pullState: PullStateFile;
  /** Every post id the record already knows: a fetcher skips it. */
  known: ReadonlySet<string>;
}

/** The dataset's files among `texts` (an absent optional file as what its absence means); throws DataError naming a missing one. */
export function datasetTextsOf(texts: DataTexts): DatasetTexts {
  return Object.fromEntries(
    BUILD_FILES.map((k) => {
      const text = texts[DATA_FILES[k]] ?? ABSENT_MEANS[k];
      if (text === undefined) throw new DataError([`${dataPath(k)}: missing`]);
      return [k, text];
    }),
  ) as DatasetTexts;
}

/** The candidates or the pull state as stored (absent means empty), or a DataError naming every problem by record and field. */
function parseBookkeeping<S extends z.ZodType>(schema: S, key: 'candidates' | 'pullState', texts: DataTexts): z.output<S> {
  return valueOrThrow(readJson(texts[DATA_FILES[key]] ?? ABSENT_MEANS[key]!, schema, dataPath(key)));
}

/** data/ read and validated at `now`, the pull's own bookkeeping (candidates, cursors) included. */
export function readPullStart(texts: DataTexts, now: Date): PullStart {
  const dataTexts = datasetTextsOf(texts);
  const current = parseDataset(dataTexts, now);
  const curated = curatedOf(current, { candidates: parseBookkeeping(CandidatesFile, 'candidates', texts) });
  const pullState = parseBookkeeping(PullStateFile, 'pullState', texts);
  return { dataTexts, current, curated, pullState, known: knownPosts(curated) };
}
