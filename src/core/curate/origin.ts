/**
 * Nothing invented: where a fact comes from is decided by who posted it, not assumed. An account listed
 * as official (SOURCES.x.officialAccounts; SOURCES.staff.logins on GitHub) gives `official_post`; any
 * other account, or a page that is not a post, needs an explicit --origin (`observed` or `community`)
 * and is at most medium certainty.
 */
import { Certainty, Origin, type StoredEvent } from '../schema/index.ts';
import { postSourceOf } from '../sources.ts';
import { CurationError, parseFlag } from './errors.ts';
import type { PostRef } from './post-ref.ts';

const UNOFFICIAL_ORIGINS = ['observed', 'community'] as const;

/** True for an account listed as official on its platform (a page that is not a post has none). */
export const isOfficialAccount = (platform: PostRef['platform'], source: string): boolean =>
  platform !== 'other' && postSourceOf(platform).official(source);

/** The origin and certainty of a new event, from its account and the --origin/--certainty flags. */
export function originOf(
  ref: PostRef,
  source: string,
  origin: string | undefined,
  certainty: string | undefined,
): Pick<StoredEvent, 'origin' | 'certainty'> {
  const official = isOfficialAccount(ref.platform, source);
  const o = origin === undefined ? undefined : parseFlag(Origin, origin, 'origin');
  if (ref.platform === 'other' && o !== 'observed')
    throw new CurationError(`--origin: a page that is not a post is recorded only with --origin observed`);
  if (o === undefined && !official)
    throw new CurationError(
      `--origin is required for ${source}: not an official account (src/core/sources.ts); give --origin ${UNOFFICIAL_ORIGINS.join(' or ')}`,
    );
  if ((o === 'official_post' || o === 'official_other') && !official)
    throw new CurationError(
      `--origin ${o}: ${source} is not an official account (src/core/sources.ts); give --origin ${UNOFFICIAL_ORIGINS.join(' or ')}`,
    );
  const resolved = o ?? 'official_post';
  const c = parseFlag(Certainty, certainty ?? (resolved === 'official_post' ? 'high' : 'medium'), 'certainty');
  if (c === 'high' && !resolved.startsWith('official'))
    throw new CurationError(`--certainty high: a ${resolved} record is at most medium certainty`);
  return { origin: resolved, certainty: c };
}
