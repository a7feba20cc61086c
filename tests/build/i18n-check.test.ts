/**
 * The build runs the catalogue check before it writes anything: a copy of the project whose Japanese
 * catalogue lacks one key and has one too many must fail `astro build`, naming the locale and both keys,
 * and leave no output. (The check itself is unit-tested in tests/unit/site/i18n.test.ts.)
 */
import { cpSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroBuild, listFiles, tempDir } from '../support/astro-build.ts';
import { HISTORY_DIR, HISTORY_EPOCH } from '../support/history.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** This project's sources in a temp folder (node_modules linked, not copied). */
function copyProject(): string {
  const root = join(tempDir('i18n'), 'project');
  mkdirSync(root);
  for (const entry of ['astro.config.mjs', 'package.json', 'tsconfig.json', 'src', 'public', 'scripts'])
    cpSync(join(ROOT, entry), join(root, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

describe('the build checks the message catalogues', () => {
  it('fails naming the locale and the key of a missing and an extra message, and writes nothing', async () => {
    const root = copyProject();
    writeFileSync(
      join(root, 'src/site/i18n/ja.ts'),
      [
        "import en from './en.ts';",
        'const { skip: _dropped, ...site } = en.site;',
        "export default { ...en, site: { ...site, skipLink: 'スキップ' } };",
        '',
      ].join('\n'),
    );
    const res = await astroBuild({ epoch: HISTORY_EPOCH, dataDir: HISTORY_DIR, root, outDir: join(root, 'dist') });
    expect(res.code).not.toBe(0);
    expect(res.output).toContain('ja: site.skip: missing key');
    expect(res.output).toContain('ja: site.skipLink: extra key (not in the English catalogue)');
    expect(existsSync(res.outDir) ? listFiles(res.outDir) : []).toEqual([]);
  }, 120_000);
});
