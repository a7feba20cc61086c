/**
 * A command that builds alert ids or links refuses a site address that is not an absolute https URL with one
 * line naming the variable, and does nothing (docs/deploy.md): the pull writes nothing, the broadcast opens
 * no database and sends nothing, facts-changed decides nothing.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HISTORY_DIR, historyCopy } from '../support/history.ts';
import { runNode } from '../support/run-node.ts';
import { REPO } from '../support/site.ts';

describe.each([
  ['pull', ['scripts/pull.ts']],
  ['broadcast', ['scripts/broadcast.ts']],
  ['facts-changed', ['scripts/facts-changed.ts', '--before', HISTORY_DIR]],
])('npm run %s with a bad site address', (name, args) => {
  it.each([
    ['RESETCAST_SITE_URL', 'http://odds.example.org'],
    ['URL', 'odds.example.org'],
  ])('%s=%s: one line naming it, exit 1, data/ untouched', async (variable, value) => {
    const dir = historyCopy(`site-${name}`);
    const before = readdirSync(dir).sort();
    const { RESETCAST_SITE_URL: _a, URL: _b, ...env } = process.env;
    const r = await runNode(args, { ...env, RESETCAST_DATA_DIR: dir, RESETCAST_DB_DIR: `${dir}/.db`, [variable]: value }, REPO);
    expect(r.code).toBe(1);
    expect(r.out).toBe(
      `${name}: ${variable} must be the site's absolute https address, e.g. https://resetcast.netlify.app, got ${JSON.stringify(value)}\n`,
    );
    expect(readdirSync(dir).sort()).toEqual(before);
  });
});
