// netlify.toml's `ignore` command: whether Netlify may skip this build (docs/pull.md, "Which pushes Netlify
// builds"). Exit 0 skips it (Netlify cancels the build), exit 1 builds. It skips only a push whose changes since
// the last build are all files .gitattributes marks `resetcast-deploy=skip` (DEPLOY_NEUTRAL_FILES in
// src/core/dataset/files.ts: the signals and the logs the build need not publish anew). Any doubt builds: a build
// hook (the pull's decision, which may be for the horizon with only such files changed), no cached commit (a
// first build, a cleared cache), a ref git does not know, a failed git. Netlify runs it before `npm ci`, so it
// needs nothing but git and Node, and plain JavaScript. Netlify docs read 2026-12-07: "Ignore builds" (exit codes,
// CACHED_COMMIT_REF, COMMIT_REF; CACHED_COMMIT_REF equals COMMIT_REF on a build without cache), "Build environment
// variables" (INCOMING_HOOK_URL and INCOMING_HOOK_TITLE on a build a hook started).
import { execFileSync } from 'node:child_process';

const env = process.env;
const BUILD = 1;
const SKIP = 0;

/** Prints why and exits with the decision. */
function decide(code, why) {
  console.log(`deploy-ignore: ${code === SKIP ? 'skipping the build' : 'building'}: ${why}`);
  process.exit(code);
}

/** git's output (given `input` on its stdin), or null when it fails. */
function git(args, input = '') {
  try {
    return execFileSync('git', args, { encoding: 'utf8', input, stdio: ['pipe', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/** At most three paths, the rest counted. */
const listed = (paths) => `${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}`;

/** The paths that differ between two commits (both sides of a rename), or null when git cannot tell. */
function changedPaths(from, to) {
  const out = git(['diff', '--no-renames', '--name-only', '-z', from, to, '--']);
  return out === null ? null : out.split('\0').filter((p) => p !== '');
}

/**
 * The paths of `paths` that .gitattributes does not mark `resetcast-deploy=skip`, or null when git cannot tell.
 * The attributes are the work tree's: Netlify checks out the commit it builds, so its own .gitattributes.
 */
function pathsThatBuild(paths) {
  if (paths.length === 0) return [];
  const out = git(['check-attr', '-z', '--stdin', 'resetcast-deploy'], paths.map((p) => `${p}\0`).join(''));
  if (out === null) return null;
  // -z: path, attribute, value, each ended by NUL.
  const fields = out.split('\0');
  const building = [];
  for (let i = 0; i + 2 < fields.length; i += 3) if (fields[i + 2] !== 'skip') building.push(fields[i]);
  return building;
}

if (env.INCOMING_HOOK_URL || env.INCOMING_HOOK_TITLE) decide(BUILD, `a build hook asked for it (${env.INCOMING_HOOK_TITLE || 'untitled'})`);
const cached = env.CACHED_COMMIT_REF || '';
const commit = env.COMMIT_REF || '';
if (commit === '') decide(BUILD, 'no COMMIT_REF');
if (cached === '' || cached === commit) decide(BUILD, 'no earlier build to compare with (a first build, or a cleared cache)');
for (const ref of [cached, commit]) {
  // Netlify hands over commit ids; anything else (a name, an option) is not looked up at all.
  if (!/^[0-9a-f]{7,64}$/i.test(ref)) decide(BUILD, `${JSON.stringify(ref)} is not a commit id`);
  if (git(['rev-parse', '-q', '--verify', `${ref}^{commit}`]) === null) decide(BUILD, `${ref} is not a commit of this clone`);
}
const paths = changedPaths(cached, commit);
if (paths === null) decide(BUILD, `git could not compare ${cached} with ${commit}`);
const building = pathsThatBuild(paths);
if (building === null) decide(BUILD, 'git could not read .gitattributes');
if (building.length > 0) decide(BUILD, `${listed(building)} changed since the last build`);
decide(SKIP, paths.length === 0 ? 'nothing changed since the last build' : `only ${listed(paths)} changed since the last build`);
